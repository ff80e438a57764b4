package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A warm-up's phase line, as the steady-state rule records it (phase.WarmUp): its column and op, the rule, its windows
 * (visits per window, each window's median and JIT time), what its floor was made of, the visits it made and whether
 * it settled.
 */
public record WarmUpLine(Column column, String op, String rule, Windows windows, Floor floor, int visited,
                         boolean settled) {
    /** The rule that stops a warm-up once its figures have settled. */
    public static final String STEADY = "steady";

    /**
     * Its windows: visits per window, each window's median (ms), each window's JIT time (ms), and where a process kept
     * warm resumed, the wall time it resumed at.
     */
    public record Windows(int visits, List<Double> medians, List<Double> compileMs, OptionalDouble resumeMs) {
    }

    /** What its floor was made of: the stores it visits, whether the floor holds a whole pass over them, the JIT's. */
    public record Floor(int stores, boolean wholePass, int jitFloor) {
    }

    /** Whether a phase line is a warm-up's with its windows recorded. */
    public static boolean is(JsonNode line) {
        return line.path("windows").isArray();
    }

    public static WarmUpLine of(JsonNode line) {
        Windows windows = new Windows(line.path("windowVisits").asInt(), doubles(line.path("windows")),
                doubles(line.path("compileMs")), line.has("resumeMs")
                ? OptionalDouble.of(line.path("resumeMs").asDouble()) : OptionalDouble.empty());
        Floor floor = new Floor(line.path("stores").asInt(), line.path("wholePass").asBoolean(true),
                line.path("jitFloor").asInt(0));
        return new WarmUpLine(Column.of(line), PhaseLine.op(line), line.path("rule").asText(""), windows, floor,
                line.path("visited").asInt(), line.has("settledAt"));
    }

    private static List<Double> doubles(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asDouble()));
        return List.copyOf(out);
    }
}
