package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** A warm-up step's phase line, whatever rule wrote it: column, op, its open run, kept warm, rule, windows, floor. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WarmUpLine(@JsonUnwrapped Column column, String op, Integer run, Boolean kept, String rule,
                         @JsonUnwrapped Windows byWindow, @JsonUnwrapped Floor floor, int visited) {
    /** The rule that stops a warm-up once its figures have settled. */
    public static final String STEADY = "steady";
    // each group is named apart from the line's fields: Jackson would read a field of its name ("windows") into it
    /** The op of every warm-up step ends so: openwarmup, readwarmup, ... */
    private static final String WARM_UP_OP = "warmup";

    public WarmUpLine {
        rule = rule == null ? "" : rule;
    }

    /**
     * Its windows: visits per window, each window's median (ms) and JIT time (whole ms: a thread's schedstat lags up to
     * a 4 ms tick), the wall time a kept-warm process resumed at, the noise that set the tolerances, and the visit
     * after which it settled (null: never).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Windows(@JsonProperty("windowVisits") int visits, @JsonProperty("windows") List<Double> medians,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> compileMs, Double resumeMs,
                          Double noise, Integer settledAt) {
        public Windows {
            compileMs = compileMs == null ? List.of() : List.copyOf(compileMs);
        }
    }

    /**
     * Its floor: the stores visited, their cached share and whether the floor holds a whole pass (null where not read),
     * and the JIT floor's visits and whether time cut it short of bench.jitVisits (null where none was made).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Floor(int stores, Double resident, Boolean wholePass, Integer jitFloor, Boolean jitFloorCut) {
        /** Whether the floor holds a whole pass over its stores (it does where the plan did not read the cache). */
        public boolean holdsWholePass() { return wholePass == null || wholePass; }

        /** The JIT floor's visits, 0 where it made none. */
        public int jitVisits() { return jitFloor == null ? 0 : jitFloor; }
    }

    public static WarmUpLine of(JsonNode line) { return ResultsFile.as(line, WarmUpLine.class); }

    /** Whether a phase line is a warm-up's with its windows recorded. */
    public static boolean is(JsonNode line) { return line.path("windows").isArray(); }

    /** Whether a phase line is a warm-up step's (another's compileMs is its run's JIT time, not a window's). */
    public static boolean warmUp(JsonNode line) { return PhaseLine.op(line).endsWith(WARM_UP_OP); }

    /** Whether the line records its windows (the steady rule's, and a fixed one's since it shows where it would stop). */
    public boolean windowed() { return byWindow.medians() != null; }

    /** Whether its figures settled. */
    public boolean settled() { return byWindow.settledAt() != null; }
}
