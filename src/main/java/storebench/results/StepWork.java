package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a phase line says its step did: the pool's stores it visited, the JIT floor a warm-up's visits were held to
 * (where it had one), the run of R it was (where it was one of them), and its plan units ({@link #PLAN_UNITS}, 0 where
 * the line does not say: the options then tell). Read back from any phase line (Jackson); a traffic run's line is
 * written from it (TrafficLine).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepWork(long visited, Long jitFloor, Integer run, @JsonProperty(StepWork.PLAN_UNITS) double planUnits) {
    /**
     * The field of a phase line that says how many plan units its step did, where the phase's options alone do not
     * tell (a traffic run as long as its reads and writes took).
     */
    public static final String PLAN_UNITS = "planUnits";

    public static StepWork of(JsonNode line) {
        return ResultsFile.as(line, StepWork.class);
    }

    /** Whether a warm-up stopped at its JIT floor: it visited no more than the floor asked. */
    public boolean floored() {
        return jitFloor != null && visited <= jitFloor;
    }
}
