package storebench.tools;

import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.report.render.Exports;
import storebench.report.render.MarkdownReport;
import storebench.results.Column;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.StatusLine;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks that a run's report is complete: the run, every statistic of every column not skipped, every row of report.md,
 * every figure in the exports. CI runs it after its smoke bench:
 * {@code mvn -q exec:java -Dexec.mainClass=storebench.tools.ReportCheck -Dexec.args=target/bench}. Exit 0 when
 * complete, 1 with what is missing, 2 for bad input.
 */
public final class ReportCheck {
    private ReportCheck() {
    }

    /** Whether any engine and setting of the run measured it (an optional statistic: a thread count asked for). */
    private static boolean measuredAnywhere(RunResults results, Stat stat) {
        return results.measurements().stream().anyMatch(m -> stat.id().equals(m.stat()));
    }

    /** Whether the run asked for the statistic's phase: some line of the run is that phase's. */
    private static boolean phaseAsked(RunResults results, Stat stat) {
        Phase phase = Phases.phaseOf(stat);
        Set<String> names = new HashSet<>();
        names.add(phase.id());
        phase.steps().forEach(s -> names.add(s.op()));
        return results.lines("phase").stream().anyMatch(l -> PhaseLine.phase(l).map(phase.id()::equals)
                        .orElseGet(() -> names.contains(PhaseLine.op(l))))
                || results.statusLines().stream().anyMatch(l -> l.phase().filter(phase.id()::equals).isPresent())
                || phase.stats().stream().anyMatch(s -> measuredAnywhere(results, s));
    }

    /** Whether the run should have it: its phase asked for, and, for an optional one or a counter, measured by some engine. */
    private static boolean expected(RunResults results, Stat stat) {
        // a counter: a run made before the counters were recorded (a kept run) has none to miss
        return phaseAsked(results, stat) && (!stat.optional() && !stat.counter() || measuredAnywhere(results, stat));
    }

    /** Whether the phases hold the statistic's (true without a list): create lines are written whatever was asked. */
    private static boolean asked(Optional<List<String>> phases, Stat stat) {
        return phases.isEmpty() || phases.get().contains(Phases.phaseOf(stat).id());
    }

    /** What is missing; empty when the report is complete (an incomplete run's report is not). */
    public static List<String> missing(RunResults results, String reportText) {
        List<String> missing = new ArrayList<>();
        results.incomplete().ifPresent(why -> missing.add("the run is incomplete: " + why));
        RunLine run = results.runLine();
        List<String> engines = run.asked().engines();
        List<String> settings = run.asked().settings();
        if (engines.isEmpty() || settings.isEmpty()) {
            missing.add("results.jsonl has no run line naming the engines and settings");
        }
        int notes = run.scale().notesPerStore();
        int held = run.scale().hold();
        for (Stat stat : Phases.stats()) {
            if (!asked(run.asked().phases(), stat) || !expected(results, stat)) {
                continue; // a phase or a thread count this run did not ask for
            }
            if (engines.stream().noneMatch(e -> stat.measuredIn(runtime(e)))) {
                continue; // no engine of this run measures it (close_fin_ms without a Node engine): no row
            }
            if (engines.stream().allMatch(e -> settings.stream().allMatch(s -> results.notRecorded(e, s, stat.id())))) {
                continue; // no build that made this run (or a part of it) recorded it: a kept run older than it
            }
            // the row's label as the run wrote it (a kept run's words may be an older build's)
            String label = results.stat(stat.id()).orElse(stat).label(notes, held);
            if (!reportText.contains("| " + label + " |")) {
                missing.add("report.md has no row '" + label + "' (" + stat.id() + ")");
            }
        }
        for (String setting : settings) {
            for (String engine : engines) {
                boolean skipped = results.statusLines(new Column(engine, setting)).stream()
                        .anyMatch(l -> StatusLine.SKIPPED.equals(l.status()));
                if (skipped || results.inNoPart(engine, setting)) {
                    continue; // a merged run's column no part measured under this setting: the report says so
                }
                for (Stat stat : Phases.stats()) {
                    // by the phases of the run or part that made the column, else by the run's lines
                    if (!stat.measuredIn(runtime(engine)) || !asked(results.phasesOf(engine, setting), stat)
                            || !expected(results, stat)) {
                        continue;
                    }
                    if (results.measurement(engine, setting, stat.id()).isEmpty()
                            && results.notMeasured(engine, setting, stat.id()).isEmpty()) {
                        missing.add(engine + "/" + setting + ": no " + stat.id());
                    }
                }
            }
        }
        return missing;
    }

    /** What the exports lack or hold besides the figures; an incomplete run should have none (Exports.withheld). */
    public static List<String> missingFromExports(RunResults results, Path dir) throws IOException {
        List<String> missing = new ArrayList<>();
        Optional<String> incomplete = results.incomplete();
        if (incomplete.isPresent()) {
            for (String file : Exports.FILES) {
                if (Files.exists(dir.resolve(file))) {
                    missing.add(file + ": written for an incomplete run (" + incomplete.get() + "), which the"
                            + " exports leave out");
                }
            }
            return missing;
        }
        List<RunResults.Measurement> exported = Exports.exported(results);
        Path bmfFile = dir.resolve(Exports.BMF);
        if (Files.isRegularFile(bmfFile)) {
            Set<String> expected = new HashSet<>();
            exported.forEach(m -> expected.add(Exports.benchmark(m) + "/" + m.stat()));
            missing.addAll(missingFromBmf(results, exported, expected, bmfFile));
            missing.addAll(missingFromActionFiles(expected, dir));
        } else if (!exported.isEmpty()) {
            missing.add("no " + bmfFile); // the action's files go with it: one line, not one per figure
        }
        missing.addAll(missingFromJmh(results, exported, dir.resolve(Exports.JMH)));
        return missing;
    }

    /** A measure of bmf.json as the check reads it: its value as written, to check that it is a number. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record BmfMeasure(JsonNode value) {
    }

    /** An entry of github-action-benchmark's files as the check reads it: its fields as written, to check types. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ActionEntry(JsonNode name, JsonNode unit, JsonNode value) {
    }

    /** An entry of jmh-result.json as the check reads it: the fields JMH's tools need, as written. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record JmhEntry(JsonNode benchmark, JsonNode mode, Map<String, String> params, JmhMetric primaryMetric,
                    JsonNode secondaryMetrics) {
        /** Its benchmark and parameters, as a figure's is named in the messages. */
        String key() {
            return key(benchmark == null ? "" : benchmark.asText(), params == null ? Map.of() : params);
        }

        static String key(String benchmark, Map<String, String> params) {
            return benchmark + " " + new TreeMap<>(params);
        }

        /** Whether JMH's tools can draw it: named, with a mode, a numeric score, a unit and runs of numbers. */
        boolean drawable() {
            return isText(benchmark) && isText(mode) && primaryMetric != null && primaryMetric.drawable()
                    && secondaryMetrics != null && secondaryMetrics.isObject();
        }
    }

    /** The primary metric of a jmh-result.json entry as the check reads it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record JmhMetric(JsonNode score, JsonNode scoreUnit, List<List<JsonNode>> rawData) {
        boolean drawable() {
            return score != null && score.isNumber() && isText(scoreUnit) && rawData != null && !rawData.isEmpty()
                    && rawData.stream().allMatch(fork -> fork != null && !fork.isEmpty()
                    && fork.stream().allMatch(r -> r != null && r.isNumber()));
        }
    }

    private static boolean isText(JsonNode node) {
        return node != null && node.isTextual();
    }

    private static List<String> missingFromBmf(RunResults results, List<RunResults.Measurement> exported,
                                               Set<String> expected, Path file) throws IOException {
        Map<String, Map<String, BmfMeasure>> bmf = ResultsFile.JSON.readValue(file.toFile(),
                new TypeReference<Map<String, Map<String, BmfMeasure>>>() { });
        List<String> missing = new ArrayList<>();
        for (RunResults.Measurement m : results.measurements()) {
            if (m.profiled() && !expected.contains(Exports.benchmark(m) + "/" + m.stat())
                    && bmf.getOrDefault(Exports.benchmark(m), Map.of()).containsKey(m.stat())) {
                missing.add(Exports.BMF + ": " + Exports.benchmark(m) + " " + m.stat() + " was measured under "
                        + String.join(", ", m.profilers()) + ", which the exports leave out");
            }
        }
        for (RunResults.Measurement m : exported) {
            String bench = Exports.benchmark(m);
            BmfMeasure measure = bmf.getOrDefault(bench, Map.of()).get(m.stat());
            if (measure == null || measure.value() == null || !measure.value().isNumber()) {
                missing.add(Exports.BMF + ": no " + bench + " " + m.stat());
            }
        }
        return missing;
    }

    private static List<String> missingFromActionFiles(Set<String> expected, Path dir) throws IOException {
        List<String> missing = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (String file : List.of(Exports.SMALLER, Exports.BIGGER)) {
            if (Files.isRegularFile(dir.resolve(file))) {
                for (ActionEntry e : ResultsFile.JSON.readValue(dir.resolve(file).toFile(),
                        new TypeReference<List<ActionEntry>>() { })) {
                    if (!isText(e.name()) || !isText(e.unit()) || e.value() == null || !e.value().isNumber()) {
                        missing.add(file + ": an entry without a name, unit or numeric value: "
                                + ResultsFile.JSON.writeValueAsString(e));
                    }
                    named.add(e.name() == null ? "" : e.name().asText());
                }
            }
        }
        for (String name : expected) {
            if (!named.contains(name)) {
                missing.add("github-action-benchmark files: no " + name);
            }
        }
        named.stream().filter(n -> !expected.contains(n)).forEach(n -> missing.add("github-action-benchmark files:"
                + " an entry for no figure of the run: " + n));
        return missing;
    }

    /** What jmh-result.json lacks: an entry JMH's tools can draw, scoring each exported figure, and none besides. */
    private static List<String> missingFromJmh(RunResults results, List<RunResults.Measurement> exported, Path file)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            return exported.isEmpty() ? List.of() : List.of("no " + file);
        }
        Map<String, JmhEntry> entries = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (JmhEntry e : ResultsFile.JSON.readValue(file.toFile(), new TypeReference<List<JmhEntry>>() { })) {
            if (!e.drawable()) {
                missing.add(Exports.JMH + ": an entry without a benchmark, mode, numeric score, unit, runs of numbers"
                        + " or secondary metrics: " + e.key());
            }
            if (entries.put(e.key(), e) != null) {
                missing.add(Exports.JMH + ": two entries for " + e.key());
            }
        }
        for (RunResults.Measurement m : exported) {
            String key = JmhEntry.key(Exports.jmhBenchmark(m), Exports.jmhParams(m));
            JmhEntry e = entries.remove(key);
            if (e == null) {
                missing.add(Exports.JMH + ": no " + key);
            } else if (e.drawable() && e.primaryMetric().score().asDouble() != m.value()) {
                missing.add(Exports.JMH + ": " + key + " scores " + e.primaryMetric().score().asDouble()
                        + ", the run's figure is " + m.value());
            }
        }
        for (RunResults.Measurement m : results.measurements()) {
            String key = JmhEntry.key(Exports.jmhBenchmark(m), Exports.jmhParams(m));
            if (m.profiled() && entries.remove(key) != null) {
                missing.add(Exports.JMH + ": " + key + " was measured under " + String.join(", ", m.profilers())
                        + ", which the exports leave out");
            }
        }
        entries.keySet().forEach(k -> missing.add(Exports.JMH + ": an entry for no figure of the run: " + k));
        return missing;
    }

    /** The report is incomplete: something is missing (listed). */
    static final int INCOMPLETE = 1;

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Checks; returns the exit code: 0 complete, 1 incomplete (what is missing listed), 2 bad arguments or input. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 1) {
            err.println("usage: ReportCheck [run folder]   (default target/bench: a folder with report.md and"
                    + " results.jsonl)");
            return Tool.BAD_INPUT;
        }
        Path dir = Path.of(args.length > 0 ? args[0] : "target/bench");
        Path report = dir.resolve(MarkdownReport.NAME);
        if (!Files.isRegularFile(report)) {
            err.println("ReportCheck: no " + report + "; run mvn verify -Pbench first, or give a run's folder");
            return Tool.BAD_INPUT;
        }
        List<String> missing;
        try {
            RunResults results = RunResults.load(dir);
            missing = new ArrayList<>(missing(results, Files.readString(report, StandardCharsets.UTF_8)));
            missing.addAll(missingFromExports(results, dir));
        } catch (IOException | RuntimeException e) {
            err.println("ReportCheck: cannot check " + dir + ": " + Tool.firstLine(e, false));
            return Tool.BAD_INPUT;
        }
        if (!missing.isEmpty()) {
            err.println("ReportCheck: the report in " + dir + " is incomplete:");
            missing.forEach(m -> err.println("  - " + m));
            return INCOMPLETE;
        }
        out.println("ReportCheck: " + report + " has every row, every engine that ran has every figure, and"
                + " the exports hold every figure");
        return 0;
    }

    private static storebench.model.TrialRuntime runtime(String engine) {
        return storebench.engine.Engines.find(engine).map(storebench.engine.EngineDescriptor::runtime)
                .orElse(storebench.model.TrialRuntime.JVM);
    }
}
