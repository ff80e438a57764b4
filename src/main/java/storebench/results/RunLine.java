package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The run line of results.jsonl, the run's first: the format its lines are written in, what the run measured at what
 * scale, what it was asked for, when it started, the options it ran with, the plan it made and the rules it measured
 * by. A run without one (a damaged file) reads as {@link #NONE}.
 */
public record RunLine(int format, Scale scale, Asked asked, String started, Options options, Optional<Plan> plan,
                      Rules rules) {
    /** What a file without a run line reads as: no scale, nothing asked, no rules. */
    public static final RunLine NONE = new RunLine(ResultsFile.FORMAT, new Scale("", 0, 0, 0, OptionalInt.empty(), 0),
            new Asked(List.of(), List.of(), Optional.empty(), "", "", Map.of()),
            "", new Options(new Pool("", false, false), "", new LoadLimit("", 0), OptionalInt.empty(), Map.of(),
            Outputs.NONE), Optional.empty(),
            new Rules(new WarmUpRule(0, 0, 0, 0, 0, OptionalDouble.empty(), OptionalDouble.empty()), 0));

    /**
     * The scale of the run: the workload and its notes per store (W), the stores per engine (N), the runs (R), the
     * warm-up's ceiling of opens (absent in a run from before it had one) and the stores held open at once (M).
     */
    public record Scale(String workload, int stores, int notesPerStore, int runs, OptionalInt warmupCeiling,
                        int hold) {
        /** The warm-up's ceiling of opens, 0 where the run line has none. */
        public int warmupOpens() {
            return warmupCeiling.orElse(0);
        }
    }

    /**
     * What the run was asked for: its engines and settings in column order, the phases it measured (empty for a run
     * from before the line listed them), bench.engines and bench.phases as given, and the phases bench.phases left out
     * with the ids of the statistics each would have given.
     */
    public record Asked(List<String> engines, List<String> settings, Optional<List<String>> phases,
                        String enginesAsked, String phasesAsked, Map<String, List<String>> notAsked) {
    }

    /**
     * The options the run ran with: its store pool, the warm-up rule's name (bench.warmup), the load it waited for,
     * the JVM trial processes' heap in MB where bench.trialHeap set it, every phase option by its property name, as
     * given, and where its files went and what judged them.
     */
    public record Options(Pool pool, String warmup, LoadLimit load, OptionalInt trialHeapMb,
                          Map<String, String> phaseOptions, Outputs outputs) {
        /** A phase option as given, or {@code otherwise} where the run line does not name it. */
        public String phaseOption(String property, String otherwise) {
            return phaseOptions.getOrDefault(property, otherwise);
        }
    }

    /** The bench root, bench.keep and bench.reuse. */
    public record Pool(String root, boolean keep, boolean reuse) {
    }

    /**
     * bench.out, bench.thresholds and bench.baseline as the run had them (relative to the project where inside it);
     * "" and empty in a run from before the run line recorded them.
     */
    public record Outputs(String out, String thresholds, Optional<String> baseline) {
        static final Outputs NONE = new Outputs("", "", Optional.empty());
    }

    /** bench.maxLoad as given ("" where none) and bench.maxLoadWait, the longest wait for it in seconds. */
    public record LoadLimit(String maxLoad, long maxLoadWaitS) {
    }

    /**
     * The plan the run made before it measured: its estimate of the whole run and of its phases in seconds, how many
     * phases it planned, its seconds per op, the ops it had no cost for, and how it scaled the kept run's costs to
     * this machine (absent in a plan from before it calibrated).
     */
    public record Plan(double estimateS, double phasesS, int phases, Map<String, Double> opsS, List<String> missing,
                       Optional<Calibration> calibration) {
    }

    /**
     * How the plan scaled a kept run's costs to this machine: the probe's figures here (faultNs, mapUs, syncMs,
     * yardMs), the kept run it estimated from (a path under docs/runs, "" where none), that run's figures, and the
     * factor each phase was scaled by.
     */
    public record Calibration(Map<String, Double> probe, String keptRun, Map<String, Double> kept,
                              Map<String, Double> scale) {
    }

    /**
     * The rules the run measured by: the steady warm-up rule's parameters and the fewest visits of a precision-sized
     * run (phase.Sample.LEAST).
     */
    public record Rules(WarmUpRule warmUp, int sampleLeast) {
    }

    /**
     * The steady warm-up rule (phase.SteadyState): windows per block, a block's tolerance against the blocks before
     * and a window's against its block, the JIT's most share of a block's time, the fewest visits, and where the
     * tolerances widen with the windows' noise, the widest each may reach.
     */
    public record WarmUpRule(int block, double tolerance, double windowTolerance, double compileShare, int minVisits,
                             OptionalDouble mostTolerance, OptionalDouble mostWindowTolerance) {
    }

    public static RunLine of(JsonNode line) {
        if (line.isMissingNode()) {
            return NONE;
        }
        int stores = line.path("stores").asInt();
        Scale scale = new Scale(line.path("workload").asText(""), stores, line.path("notesPerStore").asInt(),
                line.path("runs").asInt(), line.has("warmupOpens") ? OptionalInt.of(line.path("warmupOpens").asInt())
                : OptionalInt.empty(), line.path("hold").asInt());
        Map<String, List<String>> notAsked = new LinkedHashMap<>();
        line.path(RunResults.NOT_ASKED).fields().forEachRemaining(f -> notAsked.put(f.getKey(), texts(f.getValue())));
        Asked asked = new Asked(texts(line.path("engines")), texts(line.path("settings")),
                line.path("phases").isArray() ? Optional.of(texts(line.path("phases"))) : Optional.empty(),
                line.path("enginesAsked").asText(""), line.path("phasesAsked").asText(""), notAsked);
        Map<String, String> phaseOptions = new LinkedHashMap<>();
        line.path("phaseOptions").fields().forEachRemaining(f -> phaseOptions.put(f.getKey(), f.getValue().asText()));
        Options options = new Options(new Pool(line.path("root").asText(""), line.path("keep").asBoolean(false),
                line.path("reuse").asBoolean(false)), line.path("warmup").asText(""),
                new LoadLimit(line.path("maxLoad").asText(""), line.path("maxLoadWaitS").asLong()), line.has("trialHeapMb")
                ? OptionalInt.of(line.path("trialHeapMb").asInt()) : OptionalInt.empty(),
                java.util.Collections.unmodifiableMap(phaseOptions), new Outputs(line.path("out").asText(""),
                line.path("thresholds").asText(""), line.hasNonNull("baseline")
                ? Optional.of(line.path("baseline").asText()) : Optional.empty()));
        return new RunLine(line.path("format").asInt(), scale, asked, line.path("started").asText(""), options,
                plan(line.path("plan")), rules(line));
    }

    private static Optional<Plan> plan(JsonNode plan) {
        if (!plan.isObject()) {
            return Optional.empty();
        }
        JsonNode c = plan.path("calibration");
        Optional<Calibration> calibration = c.isObject() ? Optional.of(new Calibration(numbers(c.path("probe")),
                c.path("keptRun").asText(""), numbers(c.path("kept")), numbers(c.path("scale")))) : Optional.empty();
        return Optional.of(new Plan(plan.path("estimateS").asDouble(), plan.path("phasesS").asDouble(),
                plan.path("phases").asInt(), numbers(plan.path("opsS")), texts(plan.path("missing")), calibration));
    }

    private static Rules rules(JsonNode line) {
        JsonNode r = line.path("warmupRule");
        WarmUpRule rule = new WarmUpRule(r.path("block").asInt(), r.path("tolerance").asDouble(),
                r.path("windowTolerance").asDouble(), r.path("compileShare").asDouble(), r.path("minVisits").asInt(),
                r.has("mostTolerance") ? OptionalDouble.of(r.path("mostTolerance").asDouble()) : OptionalDouble.empty(),
                r.has("mostWindowTolerance") ? OptionalDouble.of(r.path("mostWindowTolerance").asDouble())
                        : OptionalDouble.empty());
        return new Rules(rule, line.path("sampleLeast").asInt());
    }

    /** The numeric fields of an object, in order; a field that is not a number is left out. */
    static Map<String, Double> numbers(JsonNode object) {
        Map<String, Double> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(f -> {
            if (f.getValue().isNumber()) {
                out.put(f.getKey(), f.getValue().asDouble());
            }
        });
        return java.util.Collections.unmodifiableMap(out);
    }

    /** A line's array field as texts; empty where the line has no such array (a line older than the field). */
    static Optional<List<String>> texts(JsonNode line, String field) {
        return line.path(field).isArray() ? Optional.of(texts(line.path(field))) : Optional.empty();
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return List.copyOf(out);
    }
}
