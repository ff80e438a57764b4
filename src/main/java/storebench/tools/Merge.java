package storebench.tools;

import storebench.engine.Engines;
import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.measure.LoadSampler;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.report.render.Exports;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;
import storebench.report.model.Report;
import storebench.report.ReportBuilder;
import storebench.results.EndLine;
import storebench.results.EnvironmentFile;
import storebench.results.MergedRun;
import storebench.results.ResultsFile;
import storebench.results.RunFolder;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.gate.Verdicts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Puts runs made apart (a CI matrix) back together into one run folder, as if one run had measured them all
 * (docs/ci.md, "A run too long for one job: parts and Merge"); the verdicts are recomputed and the report and exports
 * rendered from the merged files.
 * <pre>mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Merge -Dexec.args="OUT_DIR RUN_DIR RUN_DIR..."</pre>
 * It refuses, with the reason: an incomplete run, runs of different workload, N, R or M, two runs of the same engine
 * and setting, and an output that is a file, not empty, or overlaps an input. A merge that fails part-way removes what
 * it wrote. Ratio rules between engines measured on different machines are not evaluated.
 */
public final class Merge {
    /** Why runs cannot be merged: one line naming the run and what would be valid. */
    public static final class Refused extends IOException {
        public Refused(String message) {
            super(message);
        }
    }

    private Merge() {
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Merges; exit 0, 1 where a threshold breaks (all written), 2 for bad arguments (nothing written). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 3) {
            err.println("usage: Merge OUT_DIR RUN_DIR RUN_DIR...   (two or more run folders, e.g. the target/bench of"
                    + " each CI job; the thresholds from -Dbench.thresholds, default thresholds.yaml; an earlier merged"
                    + " run to compare with from -Dbench.baseline)");
            return Tool.BAD_INPUT;
        }
        List<Path> runs = Stream.of(args).skip(1).map(Path::of).toList();
        Path thresholds = Path.of(System.getProperty("bench.thresholds", "thresholds.yaml"));
        Optional<Path> baseline = Optional.ofNullable(System.getProperty("bench.baseline")).filter(b -> !b.isBlank())
                .map(Path::of);
        try {
            Path dir = Path.of(args[0]);
            for (Path written : merge(dir, runs, thresholds, baseline)) {
                out.println("wrote " + written);
            }
            return Tool.gate(Verdicts.read(dir), out);
        } catch (IOException | RuntimeException e) {
            err.println("Merge: " + Tool.message(e));
            return Tool.BAD_INPUT;
        }
    }

    /**
     * Merges the runs into {@code out}, compared with a baseline (-Dbench.baseline) as a run compares itself with one;
     * a failure part-way removes what it wrote.
     */
    public static List<Path> merge(Path out, List<Path> runDirs, Path thresholdsFile, Optional<Path> baselinePath)
            throws IOException {
        if (runDirs.size() < 2) {
            throw new Refused("give two or more runs to merge (got " + runDirs.size() + ")");
        }
        if (!Files.isRegularFile(thresholdsFile)) {
            throw new Refused("no thresholds file at " + thresholdsFile.toAbsolutePath() + ": the merged run's verdicts"
                    + " are recomputed from it; give one with -Dbench.thresholds=FILE");
        }
        List<Source> sources = new ArrayList<>();
        for (Path dir : runDirs) {
            sources.add(Source.read(dir));
        }
        // a broken file stops the merge before it writes
        Thresholds thresholds = Thresholds.load(thresholdsFile,
                Render.knownStats(sources.stream().map(Source::results).toList()));
        Optional<RunResults> baseline = baselinePath.isEmpty() ? Optional.empty()
                : Optional.of(Gate.loadBaseline(baselinePath.get()));
        check(sources);
        Path made = checkOutput(out, sources);
        try {
            Files.createDirectories(out);
            RunFolder.mark(out);
            List<Path> written = new ArrayList<>();
            written.add(writeResults(out, sources));
            written.add(writeEnvironment(out, sources));
            written.add(writeLoadLog(out, sources));
            for (Source s : sources) {
                copyTree(s.dir().resolve("hdr"), out.resolve("hdr"));
            }
            RunResults merged = RunResults.load(out);
            written.add(Verdicts.of(thresholds, baselinePath.map(Path::toString).orElse(null), merged, baseline)
                    .write(out));
            Report report = ReportBuilder.of(out, Phases.ALL);
            written.add(MarkdownReport.write(out, report));
            written.add(HtmlReport.write(out, report));
            written.addAll(Exports.write(out, merged));
            return written;
        } catch (IOException | RuntimeException e) {
            takeBack(out, made, e);
            throw e;
        }
    }

    /**
     * Refuses an output that is not a new or empty folder apart from every input (by real paths): inside one, Merge
     * would copy its output into itself.
     *
     * @return the first folder on the way to {@code out} that does not exist yet, or null where {@code out} exists
     */
    private static Path checkOutput(Path out, List<Source> sources) throws IOException {
        Path absolute = out.toAbsolutePath().normalize();
        Path existing = absolute;
        Path made = null;
        while (existing != null && !Files.exists(existing)) {
            made = existing;
            existing = existing.getParent();
        }
        if (existing != null && made != null && !Files.isDirectory(existing)) {
            throw new Refused("output " + out + " cannot be made: " + existing + " is a file, not a folder; give a"
                    + " folder that is absent or empty");
        }
        Path real = existing == null ? absolute : existing.toRealPath().resolve(existing.relativize(absolute));
        for (Source s : sources) {
            String where = real.equals(s.canonical()) ? "is the input " : real.startsWith(s.canonical())
                    ? "is inside the input " : s.canonical().startsWith(real) ? "contains the input " : null;
            if (where != null) {
                throw new Refused("output " + out + " " + where + s.dir() + ": Merge would write into a run it reads;"
                        + " give an OUT_DIR outside every input (and holding none)");
            }
        }
        if (made == null) {
            if (!Files.isDirectory(out)) {
                throw new Refused("output " + out + " is a file, not a folder: give a folder that is absent or empty");
            }
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new Refused("output " + out + " exists and is not an empty folder: Merge writes a new folder"
                            + " and overwrites nothing; give another OUT_DIR");
                }
            }
        }
        return made;
    }

    /** Removes what a failed merge wrote (in {@code out}, folders it {@code made}); a folder that was there stays. */
    private static void takeBack(Path out, Path made, Exception failure) {
        Path top = made != null ? made : out;
        try (Stream<Path> paths = Files.walk(top)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                if (!p.equals(top) || made != null) {
                    Files.delete(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** The refusals: each source against the ones before it. */
    private static void check(List<Source> sources) throws Refused {
        for (int i = 0; i < sources.size(); i++) {
            Source s = sources.get(i);
            for (int j = 0; j < i; j++) {
                Source before = sources.get(j);
                if (s.canonical().equals(before.canonical())) {
                    throw new Refused(s.dir() + " is given twice (as " + before.dir() + "): a run cannot be merged with"
                            + " itself");
                }
                List<String> differences = s.results().shape().differences(before.results().shape(), before.dir().toString());
                if (!differences.isEmpty()) {
                    throw new Refused(s.dir() + " cannot be merged with " + before.dir() + ": "
                            + String.join("; ", differences) + ". Merged runs need the same workload, N, R and M"
                            + " (bench.workload, bench.stores, bench.runs, bench.hold)");
                }
                for (String engine : s.engines()) {
                    for (String setting : s.settings()) {
                        if (s.measured(engine, setting) && before.measured(engine, setting)) {
                            throw new Refused("both " + before.dir() + " and " + s.dir() + " measured " + engine
                                    + " under " + setting + ": a merged run holds one measurement of each engine and"
                                    + " setting; leave one of the two out, or split the runs by bench.engines and"
                                    + " bench.settings without overlap");
                        }
                    }
                }
            }
        }
    }

    private static Path writeResults(Path out, List<Source> sources) throws IOException {
        RunLine first = sources.get(0).run();
        List<String> phases = sources.stream().flatMap(s -> s.run().asked().phases().orElse(List.of()).stream())
                .distinct().toList();
        // a statistic is "not asked" of the merged run where every part left its phase out; each part's own phases,
        // under environment.json's sources, judge its cells
        Map<String, List<String>> notAsked = new LinkedHashMap<>(first.asked().notAsked());
        notAsked.keySet().removeIf(phase -> !sources.stream().allMatch(s -> s.run().asked().notAsked()
                .containsKey(phase)));
        // bench.engines and bench.phases as given are each part's own: the report names the merged engines' groups
        RunLine.Asked asked = new RunLine.Asked(order(sources.stream().flatMap(s -> s.engines().stream()).distinct()
                .toList(), Engines.ids()), order(sources.stream().flatMap(s -> s.settings().stream()).distinct().toList(),
                Stream.of(Setting.values()).map(Setting::id).toList()), sources.stream().allMatch(s -> s.run().asked()
                .phases().isPresent()) ? order(phases, Phases.ALL.stream().map(storebench.phase.Phase::id).toList())
                : null, "", "", notAsked);
        RunLine.Options o = first.options();
        // the merged run's folder: its report re-renders from there
        RunLine.Options options = new RunLine.Options(o.pool(), o.warmup(), o.load(), o.heapMb(), o.phaseOptions(),
                new RunLine.Outputs(out.toString(), o.outputs().thresholds(), o.outputs().baselineGiven()),
                o.profilers(), o.sideB());
        String started = sources.stream().map(s -> s.run().started()).filter(t -> !t.isEmpty())
                .min(Comparator.naturalOrder()).orElse(first.started());
        RunLine run = new RunLine(first.format(), first.scale(), asked, started, options,
                mergePlans(sources.stream().map(s -> s.run().plan()).toList()), first.rules(), sources.size());
        long wallMs = 0;
        StringBuilder text = new StringBuilder();
        text.append(ResultsFile.JSON.writeValueAsString(run.line())).append('\n');
        java.util.Set<String> described = new java.util.HashSet<>();
        for (int i = 0; i < sources.size(); i++) {
            wallMs += sources.get(i).results().lines(EndLine.KIND, EndLine::of).stream().mapToLong(l -> (long) l.wallMs())
                    .sum();
            for (ObjectNode line : MergedRun.lines(sources.get(i).lines(), i + 1, described)) {
                text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
            }
        }
        text.append(ResultsFile.JSON.writeValueAsString(new EndLine(wallMs, sources.size()).line())).append('\n');
        Path file = out.resolve(ResultsFile.NAME);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** The parts' plans added up, where every part printed one; none otherwise (an estimate of some parts only). */
    private static RunLine.Plan mergePlans(List<Optional<RunLine.Plan>> plans) {
        if (plans.stream().anyMatch(Optional::isEmpty)) {
            return null;
        }
        double estimateS = 0;
        double phasesS = 0;
        int phases = 0;
        List<String> missing = new ArrayList<>();
        Map<String, Double> ops = new LinkedHashMap<>();
        for (RunLine.Plan p : plans.stream().map(Optional::get).toList()) {
            estimateS += p.estimateS();
            phasesS += p.phasesS();
            phases += p.phases();
            missing.addAll(p.missing());
            p.opsS().forEach((op, s) -> ops.merge(op, s, Double::sum));
        }
        return new RunLine.Plan(estimateS, phasesS, phases, ops, missing, null);
    }

    private static Path writeEnvironment(Path out, List<Source> sources) throws IOException {
        ObjectNode env = MergedRun.environment(sources.stream().map(s -> new MergedRun.Part(s.dir(), s.engines(),
                s.settings(), s.results())).toList());
        Path file = out.resolve(RunResults.ENVIRONMENT);
        ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), env);
        return file;
    }

    private static Path writeLoadLog(Path out, List<Source> sources) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < sources.size(); i++) {
            Source s = sources.get(i);
            text.append("# source ").append(i + 1).append(": ").append(s.dir().toAbsolutePath().normalize())
                    .append(" (").append(String.join(",", s.engines())).append(" under ")
                    .append(String.join(",", s.settings())).append(")\n");
            Path log = s.dir().resolve(LoadSampler.NAME);
            if (Files.isRegularFile(log)) {
                text.append(Files.readString(log, StandardCharsets.UTF_8));
            } else {
                text.append("# (no ").append(LoadSampler.NAME).append(" in this run)\n");
            }
        }
        Path file = out.resolve(LoadSampler.NAME);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Copies a folder's files into another; a file of the same name in both is an error, never overwritten. */
    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    if (Files.exists(target)) {
                        throw new Refused(f + " and a file of another run would both be " + target);
                    }
                    Files.copy(f, target);
                }
            }
        }
    }

    /** The ids in the given order, ids it does not know after them in their own order. */
    private static List<String> order(List<String> ids, List<String> known) {
        List<String> out = new ArrayList<>(known.stream().filter(ids::contains).toList());
        ids.stream().filter(id -> !out.contains(id)).forEach(out::add);
        return out;
    }

    /** One run to merge, read and checked. */
    private record Source(Path dir, Path canonical, RunResults results, List<JsonNode> lines) {
        List<String> engines() {
            return results.runLine().asked().engines();
        }

        List<String> settings() {
            return results.runLine().asked().settings();
        }

        RunLine run() {
            return results.runLine();
        }

        /** Whether this run (or, merged, one of its sources) measured the column. */
        boolean measured(String engine, String setting) {
            List<EnvironmentFile.Source> merged = results.sources();
            return merged.isEmpty() ? engines().contains(engine) && settings().contains(setting)
                    : merged.stream().anyMatch(m -> m.measured(engine, setting));
        }

        static Source read(Path dir) throws IOException {
            if (!Files.isDirectory(dir)) {
                throw new Refused(dir + " is not a folder: give run folders (a run's target/bench, with results.jsonl)");
            }
            if (!Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
                throw new Refused(dir + " is not a run: it has no " + ResultsFile.NAME + " (give a run's folder, such"
                        + " as a job's target/bench)");
            }
            RunResults results = RunResults.load(dir);
            Optional<String> incomplete = results.incomplete();
            if (incomplete.isPresent()) {
                throw new Refused(dir + " is not a complete run: " + incomplete.get());
            }
            if (!Files.isRegularFile(dir.resolve(RunResults.ENVIRONMENT))) {
                throw new Refused(dir + " is not a complete run: it has no " + RunResults.ENVIRONMENT + " (the"
                        + " machine, JVM and engine versions every run writes beside its results, which the merged"
                        + " report names per column and the ratio rules compare); give the run's whole folder as the"
                        + " run wrote it");
            }
            return new Source(dir, dir.toRealPath(), results, ResultsFile.read(dir.resolve(ResultsFile.NAME)));
        }
    }
}
