package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The run line, results.jsonl's first: its format, scale, what it was asked for, start, options, plan, rules and merged
 * parts. Written from this record and read back into it, each {@link JsonUnwrapped} group as fields of the line; a run
 * without one reads as {@link #NONE}.
 */
@JsonIgnoreProperties(ignoreUnknown = true) // the stamp: kind, at
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunLine(int format, @JsonUnwrapped Scale scale, @JsonUnwrapped Asked asked, String started,
                      @JsonUnwrapped Options options, @JsonProperty("plan") Plan planned, @JsonUnwrapped Rules rules,
                      Integer merged) {
    public static final String KIND = "run";

    /** What a file without a run line reads as: no scale, nothing asked, no rules. */
    public static final RunLine NONE = new RunLine(ResultsFile.FORMAT, new Scale("", 0, 0, 0, null, 0),
            new Asked(List.of(), List.of(), null, "", "", Map.of()), "", new Options(new Pool("", false, false), "",
            new LoadLimit("", 0), null, Map.of(), new Outputs("", "", null), null, new SideB(null, null)), null,
            null, null);

    public RunLine {
        started = text(started);
        rules = rules == null ? new Rules(null, 0, List.of()) : rules;
    }

    /** The plan the run made, where its line has one. */
    public Optional<Plan> plan() { return Optional.ofNullable(planned); }

    /** The line ready for ResultsFile.append: its stamp (kind, format) and this record's fields. */
    public ObjectNode line() { return ResultsFile.with(ResultsFile.line(KIND), this); }

    public static RunLine of(JsonNode line) {
        return line.isMissingNode() ? NONE : ResultsFile.as(line, RunLine.class);
    }

    /** The run's scale: workload and W, N, R, the warm-up's ceiling of opens, and M. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Scale(String workload, int stores, int notesPerStore, int runs,
                        @JsonProperty("warmupOpens") Integer ceiling, int hold) {
        public Scale {
            workload = text(workload);
        }

        public OptionalInt warmupCeiling() { return ceiling == null ? OptionalInt.empty() : OptionalInt.of(ceiling); }

        /** The warm-up's ceiling of opens, 0 where the run line has none. */
        public int warmupOpens() { return warmupCeiling().orElse(0); }
    }

    /** What it was asked for: engines, settings, phases, bench.engines and bench.phases, phases left out. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Asked(List<String> engines, List<String> settings, @JsonProperty("phases") List<String> measured,
                        String enginesAsked, String phasesAsked,
                        @JsonProperty(RunResults.NOT_ASKED) Map<String, List<String>> notAsked) {
        public Asked {
            engines = engines == null ? List.of() : engines;
            settings = settings == null ? List.of() : settings;
            enginesAsked = text(enginesAsked);
            phasesAsked = text(phasesAsked);
            notAsked = notAsked == null ? Map.of() : notAsked;
        }

        public Optional<List<String>> phases() { return Optional.ofNullable(measured); }
    }

    /** The options it ran with: pool, warm-up rule, load, trial heap, phase options, files, profilers, side B. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Options(@JsonUnwrapped Pool pool, String warmup, @JsonUnwrapped LoadLimit load,
                          @JsonProperty("trialHeapMb") Integer heapMb, Map<String, String> phaseOptions,
                          @JsonUnwrapped Outputs outputs, List<String> profilers, @JsonUnwrapped SideB sideB) {
        public Options {
            warmup = text(warmup);
            phaseOptions = phaseOptions == null ? Map.of() : phaseOptions;
        }

        public OptionalInt trialHeapMb() { return heapMb == null ? OptionalInt.empty() : OptionalInt.of(heapMb); }

        /** A phase option as given, or {@code otherwise} where the run line does not name it. */
        public String phaseOption(String property, String otherwise) {
            return phaseOptions.getOrDefault(property, otherwise);
        }
    }

    /** The bench root, bench.keep and bench.reuse. */
    public record Pool(String root, boolean keep, boolean reuse) {
        public Pool {
            root = text(root);
        }
    }

    /** bench.out, bench.thresholds and bench.baseline as given (relative to the project where inside it). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Outputs(String out, String thresholds, @JsonProperty("baseline") String baselineGiven) {
        public Outputs {
            out = text(out);
            thresholds = text(thresholds);
        }

        public Optional<String> baseline() { return Optional.ofNullable(baselineGiven); }
    }

    /** bench.against (side B's version or setting) and bench.againstSlowdown, where the run compared two sides. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SideB(String against, Double againstSlowdown) {
    }

    /** bench.maxLoad as given ("" where none) and bench.maxLoadWait, the longest wait for it in seconds. */
    public record LoadLimit(String maxLoad, long maxLoadWaitS) {
        public LoadLimit {
            maxLoad = text(maxLoad);
        }
    }

    /** The plan made before measuring: its estimates (s), phases, seconds per op, ops without a cost, calibration. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Plan(double estimateS, double phasesS, int phases, Map<String, Double> opsS, List<String> missing,
                       @JsonProperty("calibration") Calibration calibrated) {
        public Plan {
            opsS = opsS == null ? Map.of() : opsS;
            missing = missing == null ? List.of() : missing;
        }

        public Optional<Calibration> calibration() { return Optional.ofNullable(calibrated); }
    }

    /** How the plan scaled a kept run's costs here: both probes' figures, each phase's factor, or why not. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Calibration(Map<String, Double> probe, String keptRun, Map<String, Double> kept,
                              Map<String, Double> scale, String none) {
        public Calibration {
            probe = probe == null ? Map.of() : probe;
            keptRun = text(keptRun);
            kept = kept == null ? Map.of() : kept;
            scale = scale == null ? Map.of() : scale;
        }
    }

    /** The rules it measured by, and the statistics its build records ({@link RunResults#RECORDED}). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Rules(@JsonProperty("warmupRule") WarmUpRule warmUp, int sampleLeast,
                        @JsonProperty(RunResults.RECORDED) List<String> recorded) {
        public Rules {
            warmUp = warmUp == null ? new WarmUpRule(0, 0, 0, 0, 0, null, null) : warmUp;
        }
    }

    /** The steady warm-up rule (phase.SteadyState): block, tolerances, JIT share, fewest visits, widest tolerances. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WarmUpRule(int block, double tolerance, double windowTolerance, double compileShare, int minVisits,
                             @JsonProperty("mostTolerance") Double most,
                             @JsonProperty("mostWindowTolerance") Double mostWindow) {
        public OptionalDouble mostTolerance() { return most == null ? OptionalDouble.empty() : OptionalDouble.of(most); }

        public OptionalDouble mostWindowTolerance() {
            return mostWindow == null ? OptionalDouble.empty() : OptionalDouble.of(mostWindow);
        }
    }

    /** A text field as read: "" where the line has none (a run line a test writes by hand names few). */
    private static String text(String field) {
        return field == null ? "" : field;
    }

    /** A line's array field as texts; empty where the line has no such array (a line older than the field). */
    static Optional<List<String>> texts(JsonNode line, String field) {
        return line.path(field).isArray() ? Optional.of(texts(line.path(field))) : Optional.empty();
    }

    static List<String> texts(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
