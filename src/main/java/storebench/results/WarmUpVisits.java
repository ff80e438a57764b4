package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A warm-up step's phase line read for how far the warm-up went, whatever rule wrote it (the fixed passes of a run
 * before the steady rule, the steady rule's windows; {@link WarmUpLine} reads a steady one's windows in full): its
 * column and op, the open run it warmed up for (none where one warm-up served a whole phase), the rule ("" before
 * warm-ups named theirs), its windows, the visits it made, and the JIT floor it made first (bench.jitVisits; none before that, or outside a JVM).
 */
public record WarmUpVisits(Column column, String op, OptionalInt run, String rule, Windows windows,
                           Visits visits, Optional<JitFloor> jitFloor) {
    public static final String KIND = PhaseLine.KIND;
    /** The op of every warm-up step ends so: openwarmup, readwarmup, ... */
    private static final String WARM_UP_OP = "warmup";

    /** The visits per window (0 where it had none) and whether the line records its windows. */
    public record Windows(int visits, boolean recorded) {
    }

    /**
     * The visits it made; the whole passes over the stores where a fixed warm-up recorded them (a run before the steady
     * rule); the visit after which the figures had settled, where they did.
     */
    public record Visits(int visited, OptionalInt passes, OptionalInt settledAt) {
    }

    /** The JIT floor: the visits it ended at, and whether time cut it short of bench.jitVisits. */
    public record JitFloor(int visits, boolean cut) {
    }

    public static WarmUpVisits of(JsonNode line) {
        Visits visits = new Visits(line.path("visited").asInt(), optional(line, "passes", 1),
                optional(line, "settledAt", 0));
        Optional<JitFloor> floor = line.has("jitFloor") ? Optional.of(new JitFloor(line.path("jitFloor").asInt(),
                line.path("jitFloorCut").asBoolean())) : Optional.empty();
        return new WarmUpVisits(Column.of(line), PhaseLine.op(line), optional(line, "run", 0),
                line.path("rule").asText(""), new Windows(line.path("windowVisits").asInt(), line.has("windows")), visits,
                floor);
    }

    /** Whether the line records its windows (the steady rule's). */
    public boolean windowed() {
        return windows.recorded();
    }

    /** Whether the line is a warm-up step's (any other phase line reads with nothing of a warm-up's). */
    public boolean warmUp() {
        return op.endsWith(WARM_UP_OP);
    }

    private static OptionalInt optional(JsonNode line, String field, int otherwise) {
        return line.has(field) ? OptionalInt.of(line.path(field).asInt(otherwise)) : OptionalInt.empty();
    }
}
