package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a phase line says its step did: the pool's stores it visited, the JIT floor a warm-up's visits were held to
 * (where it had one), the run of R it was (where it was one of them), and its plan units ({@link #PLAN_UNITS}, 0 where
 * the line does not say: the options then tell).
 */
public record StepWork(long visited, OptionalLong jitFloor, OptionalInt run, double planUnits) {
    /**
     * The field of a phase line that says how many plan units its step did, where the phase's options alone do not
     * tell (a traffic run as long as its reads and writes took).
     */
    public static final String PLAN_UNITS = "planUnits";

    public static StepWork of(JsonNode line) {
        return new StepWork(line.path("visited").asLong(0), line.has("jitFloor")
                ? OptionalLong.of(line.path("jitFloor").asLong()) : OptionalLong.empty(),
                line.has("run") ? OptionalInt.of(line.path("run").asInt()) : OptionalInt.empty(),
                line.path(PLAN_UNITS).asDouble(0));
    }

    /** Whether a warm-up stopped at its JIT floor: it visited no more than the floor asked. */
    public boolean floored() {
        return jitFloor.isPresent() && visited <= jitFloor.getAsLong();
    }
}
