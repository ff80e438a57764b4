package storebench.report;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.gate.Verdict;
import storebench.gate.Verdicts;
import storebench.measure.RunStats;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.phase.Sample;
import storebench.phase.SteadyState;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Builds the {@link Report} of a run from its files: results.jsonl (the figures, the profile lines), environment.json,
 * verdicts.json and the HdrHistogram logs under hdr/. Laid out like the reference write-up (README's first paragraph): a few
 * generated sentences, one table per setting with the reference's rows first, then what was measured, the caveats
 * and the versions. A pure function of those files.
 */
public final class ReportModel {
    /** The key of the durability row in the tables beyond the reference. */
    static final String DURABILITY = "durability";
    /** The key of the machine row, in the tables of a run merged from several machines. */
    static final String MACHINE = "machine";

    /**
     * Whether an engine fills the reference's tables: its descriptor says so; an engine this build does not know is
     * taken as one (its column stays where it was).
     */
    public static final Predicate<String> IN_REFERENCE =
            id -> Engines.find(id).map(EngineDescriptor::inReference).orElse(true);

    private final ReportRun ctx;
    private final Predicate<String> inReference;

    private ReportModel(RunResults results, Predicate<String> inReference) {
        this.ctx = ReportRun.of(results);
        this.inReference = inReference;
    }

    /** The report of a run's folder: results.jsonl, environment.json, verdicts.json (if any) and hdr/. */
    public static Report of(Path runDir) throws IOException {
        RunResults results = RunResults.load(runDir);
        JsonNode verdicts = readVerdicts(runDir);
        // a verdicts.json written before verdicts said how their figures print: as the run describes the statistic
        Optional<Section> gate = Verdicts.readIfPresent(runDir).map(vs -> new Verdicts(vs.thresholds(),
                vs.baseline().orElse(null), vs.all().stream().map(v -> !v.figure().equals(Verdict.Figure.PLAIN) ? v
                        : results.stat(v.stat()).map(st -> v.with(Verdict.Figure.of(st))).orElse(v)).toList()))
                .map(VerdictSection::section);
        return of(runDir, results, verdicts, gate, IN_REFERENCE);
    }

    /** The report of results read elsewhere: no verdicts, no HdrHistogram logs. */
    public static Report of(RunResults results) {
        return of(results, IN_REFERENCE);
    }

    /** The same, with the engines that fill the reference's tables chosen by {@code inReference}. */
    public static Report of(RunResults results, Predicate<String> inReference) {
        return of(null, results, null, Optional.empty(), inReference);
    }

    /**
     * The report.
     *
     * @param runDir      the run's folder, where hdr/ is; null where the results were not read from a folder
     * @param verdicts    the parsed verdicts.json, or null where the gate wrote none
     * @param gate        the gate's section of report.md
     * @param inReference whether an engine (by id) fills the reference's tables; the others get tables of their own
     */
    public static Report of(Path runDir, RunResults results, JsonNode verdicts, Optional<Section> gate,
                            Predicate<String> inReference) {
        return new ReportModel(results, inReference).build(runDir, verdicts, gate);
    }

    /** verdicts.json of a run's folder as it is, or null where there is none. */
    static JsonNode readVerdicts(Path runDir) throws IOException {
        Path file = runDir.resolve(Verdicts.NAME);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ResultsFile.JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    private Report build(Path runDir, JsonNode verdicts, Optional<Section> gate) {
        JsonNode env = ctx.results().environment();
        int n = ctx.run().path("stores").asInt();
        Block.Heading title = Block.Heading.of(1, "storebench: " + ctx.run().path("workload").asText() + " workload, "
                + fmt(ctx.notesPerStore(), 0) + " notes per store");
        List<Block> preamble = new ArrayList<>();
        preamble.add(Block.Paragraph.of("As of " + ctx.run().path("started").asText("?").replaceFirst("T.*", "")
                + " · measured on " + env.path("cpuModel").asText("an unknown CPU") + " ("
                + env.path("cores").asInt() + " cores, " + fmt(env.path("memoryKb").asDouble() / 1024 / 1024, 0)
                + " GiB), Linux " + env.path("kernel").asText("?") + ", bench root on "
                + env.path("benchRoot").path("fsType").asText("?") + ". " + fmt(n, 0)
                + " stores per engine and setting, warm page cache only."));
        List<RunResults.Source> sources = ctx.results().sources();
        if (!sources.isEmpty()) {
            List<String> machines = ctx.results().machines();
            List<String> parts = new ArrayList<>();
            for (RunResults.Source s : sources) {
                parts.add(String.join(", ", s.engines()) + " under " + String.join(", ", s.settings())
                        + (machines.size() > 1 ? " on machine " + (machines.indexOf(s.machine()) + 1) : ""));
            }
            String which = machines.size() > 1 ? " on " + machines.size() + " machines ("
                    + String.join("; ", machines.stream().map(m -> "machine " + (machines.indexOf(m) + 1) + ": " + m)
                    .toList()) + "; the machine above is the first run's, and ratios between engines measured on"
                    + " different machines are not evaluated)" : ", all on this machine";
            preamble.add(Block.Paragraph.of("Merged from " + sources.size() + " runs" + which + ": "
                    + String.join("; ", parts) + "."));
        }
        ctx.results().incomplete().ifPresent(why -> preamble.add(new Block.Paragraph(Text.strong("Incomplete run")
                .plus(": " + why + ". The tables hold only what finished before it stopped."))));

        List<Section> findings = new ArrayList<>();
        findings.add(new Section(Block.Heading.of(2, "Result in a few sentences"), sentences()));
        for (String setting : ctx.settings()) {
            findings.addAll(statsSections(setting, n));
        }
        new AgainstReference(ctx, ReferenceFigures.load()).section().ifPresent(findings::add);

        List<Section> details = new ArrayList<>();
        // the profile section has always been rendered from the profile lines alone (its main-run spread column too)
        ProfileSection.section(ctx.results().lines("profile")).ifPresent(details::add);
        details.add(measured(n));
        details.add(new Section(Block.Heading.of(2, "Caveats"), List.of(new Block.NumberedList(
                new Caveats(ctx).all()))));
        details.add(versions(env));
        details.add(reproduce());

        return new Report(title, preamble, findings, details, gate,
                Optional.ofNullable(verdicts).map(v -> VerdictsTable.of(v, ctx.results())), Environment.of(env),
                ChartSet.of(runDir, ctx.results(), ctx.engines(), ctx.settings(), ctx.notesPerStore(), ctx.held()),
                runDir == null ? "?" : runDir.toString());
    }

    private List<Block> sentences() {
        if (ctx.settings().isEmpty()) {
            return noFigures();
        }
        List<String> sentences = new Summary(ctx, inReference).sentences();
        return sentences.isEmpty() ? noFigures() : List.of(Block.Paragraph.of(String.join(" ", sentences)));
    }

    /** No trial finished a phase: say why, trial by trial. */
    private List<Block> noFigures() {
        List<String> why = ctx.results().failures();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.Paragraph.of("No figures: no trial finished" + (why.isEmpty() ? "." : ":")));
        if (!why.isEmpty()) {
            blocks.add(new Block.BulletList(why.stream().map(Text::of).toList()));
        }
        return blocks;
    }

    /**
     * A setting's tables: the reference's engines in one, the engines beyond the reference in one of their own after
     * it (only where the run has any).
     */
    private List<Section> statsSections(String setting, int n) {
        List<String> reference = ctx.engines().stream().filter(inReference).toList();
        List<String> beyond = ctx.engines().stream().filter(inReference.negate()).toList();
        String heading = fmt(n, 0) + " stores per engine, " + settingTitle(setting);
        List<Section> sections = new ArrayList<>();
        if (!reference.isEmpty() || beyond.isEmpty()) {
            sections.add(new Section(Block.Heading.of(2, heading), statsBlocks(setting, reference, false, true)));
        }
        if (!beyond.isEmpty()) {
            sections.add(new Section(Block.Heading.of(2, heading + ": beyond the reference"),
                    statsBlocks(setting, beyond, true, sections.isEmpty())));
        }
        return sections;
    }

    /**
     * What a statistics section holds: how the setting was measured (under the setting's first table), the table,
     * then its notes: why an engine has no figures, and what the close-with-finalization row means for a JVM engine.
     */
    private List<Block> statsBlocks(String setting, List<String> columns, boolean beyondReference, boolean first) {
        List<Block> blocks = new ArrayList<>();
        if (first && Setting.DEFAULT.id().equals(setting)) {
            blocks.add(Block.Paragraph.of("Medians of the " + ctx.run().path("runs").asInt() + " warm open runs (all "
                    + fmt(ctx.run().path("stores").asInt(), 0) + " stores in random order per run)."));
        } else if (first && Setting.DURABLE.id().equals(setting)) {
            blocks.add(Block.Paragraph.of("Durable commits: " + Setting.DURABLE.how() + "."));
        } else if (first && Setting.MMAP_THRESHOLD.id().equals(setting)) {
            blocks.add(Block.Paragraph.of("glibc's M_MMAP_THRESHOLD at 131072 bytes (" + Setting.MMAP_THRESHOLD.how()
                    + "; the reference's mallopt(M_MMAP_THRESHOLD, 131072)), set identically for all engines."));
        }
        if (beyondReference) {
            blocks.add(Block.Paragraph.of("The engines the reference write-up did not measure, in a table of their"
                    + " own: the same rows, from the same run."));
        }
        blocks.add(statsTable(setting, columns, beyondReference));
        List<Text> notes = new ArrayList<>();
        for (String e : columns) {
            status(e, setting, "skipped").ifPresent(why -> notes.add(Text.of(engineTitle(e) + ": not measured: " + why)));
            status(e, setting, "failed").ifPresent(why -> notes.add(Text.of(engineTitle(e) + ": failed: "
                    + why.lines().findFirst().orElse(why))));
        }
        if (beyondReference) {
            for (String e : columns) {
                durability(e, setting).ifPresent(d -> notes.add(Text.withCodeSpans(engineTitle(e) + ": "
                        + (d.synced() ? "a commit is synced before it returns: " : "a commit is not synced before it"
                        + " returns: ") + d.how())));
            }
        }
        for (String e : columns) {
            for (Phase phase : Phases.ALL) {
                phase.notes(ctx.results(), e, setting).forEach(n -> notes.add(Text.of(engineTitle(e) + ", " + n)));
            }
        }
        boolean jvmRan = columns.stream().anyMatch(e -> isJvm(e) && ctx.results().measurement(e, setting,
                OpenRunsPhase.OPEN_MS.id()).isPresent());
        if (jvmRan) {
            notes.add(Text.of(OpenRunsPhase.CLOSE_FIN_MS.label(ctx.notesPerStore(), ctx.held()) + ": measured in the Node worker"
                    + " only; a JVM engine releases its store within close()."));
        }
        blocks.add(new Block.BulletList(notes));
        return blocks;
    }

    private StatsTable statsTable(String setting, List<String> columns, boolean beyondReference) {
        List<StatsTable.Row> rows = new ArrayList<>();
        for (Stat stat : ctx.results().stats()) {
            List<StatsTable.Cell> cells = new ArrayList<>();
            for (String e : columns) {
                Optional<RunResults.Measurement> m = ctx.results().measurement(e, setting, stat.id());
                // "≥ 20,000": a lower bound, which the phase that measured it knows (where this build has it)
                String qualifier = Phases.find(stat.id()).map(known -> Phases.phaseOf(known)
                        .qualifier(ctx.results(), known, e, setting)).orElse("");
                cells.add(m.map(x -> new StatsTable.Cell(e, StatsTable.State.MEASURED, qualifier + stat.format(x.value),
                        x.spread, x.runs)).orElseGet(() -> StatsTable.Cell.none(e, status(e, setting, "failed")
                        .isPresent())));
            }
            if (stat.optional() && cells.stream().noneMatch(c -> c.state() == StatsTable.State.MEASURED)) {
                continue; // a thread count this run did not ask for
            }
            rows.add(new StatsTable.Row(stat.id(), stat, stat.label(ctx.notesPerStore(), ctx.held()), cells));
        }
        if (beyondReference) {
            rows.add(durabilityRow(setting, columns));
        }
        if (ctx.results().machines().size() > 1) {
            rows.add(machineRow(setting, columns));
        }
        return new StatsTable(setting, beyondReference, columns.stream()
                .map(e -> new StatsTable.Column(e, engineTitle(e))).toList(), rows, ctx.run().path("runs").asInt());
    }

    /**
     * Whether each engine's commit is synced before it returns under the setting (its descriptor's), with the syncs
     * per created store where the profile counted them (strace).
     */
    private StatsTable.Row durabilityRow(String setting, List<String> columns) {
        List<StatsTable.Cell> cells = new ArrayList<>();
        for (String e : columns) {
            Optional<EngineDescriptor.Durability> d = durability(e, setting);
            if (d.isEmpty()) {
                cells.add(StatsTable.Cell.none(e, false));
                continue;
            }
            String syncs = ctx.results().lines("profile").stream().filter(l -> "syncs".equals(l.path("profile").asText())
                    && e.equals(l.path("engine").asText()) && setting.equals(l.path("setting").asText())
                    && l.has("callsPerStore")).findFirst().map(l -> ", " + fmt(l.path("callsPerStore").asDouble(), 1)
                    + " syncs per store").orElse("");
            cells.add(new StatsTable.Cell(e, StatsTable.State.MEASURED, (d.get().synced() ? "yes" : "no") + syncs,
                    null, List.of()));
        }
        return new StatsTable.Row(DURABILITY, null, "Commit synced before it returns (syncs per created store, where"
                + " the profile counted them)", cells);
    }

    /** A merged run's machines, one per column, where its runs were measured on more than one (Merge). */
    private StatsTable.Row machineRow(String setting, List<String> columns) {
        List<String> machines = ctx.results().machines();
        List<StatsTable.Cell> cells = new ArrayList<>();
        for (String e : columns) {
            cells.add(ctx.results().machine(e, setting).map(m -> new StatsTable.Cell(e, StatsTable.State.MEASURED,
                    "machine " + (machines.indexOf(m) + 1), null, List.<Double>of()))
                    .orElseGet(() -> StatsTable.Cell.none(e, false)));
        }
        return new StatsTable.Row(MACHINE, null, "Measured on (a merged run's machines: see the top of the report)",
                cells);
    }

    /** What the durability row says of an engine under a setting, from its descriptor. */
    private static Optional<EngineDescriptor.Durability> durability(String engine, String setting) {
        try {
            Setting s = Setting.of(setting);
            return Engines.find(engine).map(d -> d.durability(s));
        } catch (IllegalArgumentException unknownSetting) {
            return Optional.empty();
        }
    }

    private static boolean isJvm(String engine) {
        return Engines.find(engine).map(d -> d.runtime() == TrialRuntime.JVM).orElse(false);
    }

    /** The first status line of a kind for an engine and setting, as "phase: reason". */
    private Optional<String> status(String engine, String setting, String status) {
        return ctx.results().lines("status", engine, setting).stream()
                .filter(l -> status.equals(l.path("status").asText()))
                .map(l -> (l.hasNonNull("phase") ? l.get("phase").asText() + ": " : "") + l.path("reason").asText())
                .findFirst();
    }

    private Section measured(int n) {
        List<Text> items = new ArrayList<>();
        Text text = "large".equals(ctx.run().path("workload").asText())
                ? Text.of("a 300-character text: ").plusCode("note <j> of agent <i>: ")
                        .plus(" followed by Lorem ipsum, cut to 300 characters")
                : Text.of("a short text ").plusCode("note <j> of agent <i>");
        items.add(Text.of("Per store " + fmt(ctx.notesPerStore(), 0) + " notes ").plusCode("Note(text, ts)").plus(" (")
                .plus(text).plus("), written in one transaction. The query is a count over all " + fmt(ctx.notesPerStore(), 0)
                        + " notes, checked against " + fmt(ctx.notesPerStore(), 0) + " every time."));
        int runs = ctx.run().path("runs").asInt();
        items.add(Text.of(fmt(n, 0) + " stores per engine and setting (N); " + runs + " warm open runs (R), seeds 1–"
                + runs + ", each visiting all stores in ").plusCode("Collections.shuffle(0..N-1, new Random(seed))")
                .plus(" order, " + warmup(n) + "; memory with " + fmt(ctx.held(), 0)
                        + " stores open (M) in a fresh trial process."));
        if (ctx.run().has("trialHeapMb")) {
            items.add(Text.of("The JVM trial processes ran with a heap of " + fmt(ctx.run().path("trialHeapMb").asInt(), 0)
                    + " MiB (-Dbench.trialHeapMb), not the default: their figures are not comparable with a default"
                    + " run's."));
        }
        Map<String, Integer> resampled = new LinkedHashMap<>();
        Map<String, String> resampleFailed = new LinkedHashMap<>();
        for (JsonNode l : ctx.results().lines("resample")) {
            String key = l.path("engine").asText() + "/" + l.path("setting").asText();
            if (l.has("failed")) {
                resampleFailed.put(key, l.path("failed").asText().lines().findFirst().orElse(""));
            } else {
                resampled.put(key, l.path("runs").asInt());
            }
        }
        if (!resampled.isEmpty()) {
            items.add(Text.of("The gate added open runs where its baseline verdicts were inconclusive"
                    + " (-Dbench.resample): " + resampled.entrySet().stream().map(e -> e.getKey() + " " + (e.getValue()
                    - runs) + " more (" + e.getValue() + " runs in all)").collect(Collectors.joining(", "))
                    + "; their figures are the medians of all their runs."));
        }
        if (!resampleFailed.isEmpty()) {
            items.add(Text.of("The gate's extra open runs (-Dbench.resample) failed for " + resampleFailed.entrySet()
                    .stream().map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "))
                    + "; their figures and verdicts are those of the runs they had."));
        }
        List<JsonNode> precision = ctx.results().lines("precision");
        if (!precision.isEmpty()) {
            String target = fmt(100 * precision.get(0).path("target").asDouble(), 1).replaceAll("\\.0$", "") + "%";
            items.add(Text.of("Runs sized by their figures' precision (-Dbench.precision=" + target + "): a phase with"
                    + " runs added fresh-process runs, one at a time, until the 95% interval of its figure's median lay"
                    + " within " + target + " of it on both sides, or it had made -Dbench.maxRuns; runs made: "
                    + precision.stream().map(l -> l.path("engine").asText() + "/" + l.path("setting").asText() + " "
                    + l.path("phase").asText() + " " + l.path("runs").asInt() + (l.path("reached").asBoolean() ? ""
                    : " (not reached: " + fmt(100 * l.path("farther").asDouble(), 1) + "%)"))
                    .collect(Collectors.joining(", ")) + "."));
        }
        sampleItem().ifPresent(items::add);
        long totalBytes = 0;
        for (JsonNode d : ctx.results().lines("disk")) {
            totalBytes += d.path("totalBytes").asLong();
        }
        items.add(Text.of("Data volume: " + fmt(totalBytes / 1024.0 / 1024.0, 1) + " MiB of store files over all trials."));
        int created = 0;
        int reused = 0;
        for (JsonNode p : ctx.results().lines("pool")) {
            created += p.path("created").asInt();
            reused += p.path("reused").asInt();
        }
        if (reused > 0) {
            items.add(Text.of("Store pool: " + fmt(reused, 0) + " stores reused from an earlier run (bench.reuse), "
                    + fmt(created, 0) + " created; create figures are over the created stores only."));
        }
        long waits = 0;
        long waitMs = 0;
        for (JsonNode p : ctx.results().lines("phase")) {
            if (p.path("loadWaitMs").asLong() > 0) {
                waits++;
                waitMs += p.path("loadWaitMs").asLong();
            }
        }
        String maxLoad = ctx.run().path("maxLoad").asText("");
        items.add(Text.of("Load control: " + (maxLoad.isEmpty()
                ? "none (bench.maxLoad unset): the 1-minute load average is recorded at the start of every phase, not"
                + " waited for"
                : "before each phase the run waited until the 1-minute load average was below " + maxLoad + " (at most "
                + ctx.run().path("maxLoadWaitS").asLong() + " s per phase)") + "; " + waits + " waits, "
                + fmt(waitMs / 1000.0, 0) + " s in total. load.log samples the load every 10 s."));
        items.add(Text.of("Wall time per phase (s):"));

        // a column per step with a wall-time column, in the order the phases are measured (steps sharing a column add
        // up), where the run has such steps: a run from before a phase existed gets no empty column
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (Phase phase : Phases.ALL) {
            for (Phase.Step step : phase.steps()) {
                if (step.wallTimeColumn() != null && ctx.results().lines("phase").stream()
                        .anyMatch(l -> step.op().equals(l.path("phase").asText()))) {
                    columns.computeIfAbsent(step.wallTimeColumn(), c -> new ArrayList<>()).add(step.op());
                }
            }
        }
        List<List<Text>> rows = new ArrayList<>();
        double total = 0;
        for (String setting : ctx.settings()) {
            for (String e : ctx.engines()) {
                List<JsonNode> lines = ctx.results().lines("phase", e, setting);
                if (lines.isEmpty()) {
                    continue;
                }
                List<Text> row = new ArrayList<>();
                row.add(Text.of(engineTitle(e) + ", " + setting));
                for (List<String> ops : columns.values()) {
                    double s = lines.stream().filter(l -> ops.contains(l.path("phase").asText()))
                            .mapToDouble(l -> l.path("wallMs").asDouble()).sum() / 1000;
                    total += s;
                    row.add(Text.of(s > 0 ? fmt(s, 1) : StatsTable.NONE));
                }
                rows.add(row);
            }
        }
        List<Block.Align> align = new ArrayList<>(List.of(Block.Align.LEFT));
        List<Text> header = new ArrayList<>(List.of(Text.of("engine, setting")));
        for (String column : columns.keySet()) {
            align.add(Block.Align.RIGHT);
            header.add(Text.of(column));
        }
        Block.Table wallTime = new Block.Table(header, align, rows);
        List<JsonNode> end = ctx.results().lines("end");
        Block.Paragraph sum = Block.Paragraph.of("In the phases " + fmt(total, 1) + " s; the whole run "
                + (end.isEmpty() ? "did not finish (no end line)"
                : "took " + fmt(end.get(0).path("wallMs").asDouble() / 1000, 1) + " s")
                + " (trial process start-up, store checks and disk scans included).");
        List<Block> blocks = new ArrayList<>(List.of(new Block.BulletList(items), wallTime, sum));
        warmupTable().ifPresent(t -> {
            blocks.add(Block.Paragraph.of("Warm-ups: each trial process's visits before it measured (a warm-up that"
                    + " never settled made the most visits bench.warmupOpens allows; its figures may still have been"
                    + " falling)" + (jitFloors() ? ". A process kept for"
                    + " the next phase (bench.share) warms up again for it, as far as its own query needs; in a JVM"
                    + " a warm-up first makes its JIT floor (bench.jitVisits) once per query and process, where"
                    + " the most is then the floor:" : ":")));
            blocks.add(t);
        });
        return new Section(Block.Heading.of(2, "What was measured"), blocks);
    }

    /**
     * Where read, cold and concurrency visited a sample of the pool (bench.sample below N): its size and the widest
     * sampling error of a run's median, per phase; and where read and cold sized their runs by their own precision
     * (bench.samplePrecision), the target and the visits the runs made, per phase.
     */
    private Optional<Text> sampleItem() {
        int n = ctx.run().path("stores").asInt();
        String option = ctx.run().path("phaseOptions").path(Sample.STORES.name()).asText("");
        boolean sampled = !option.isEmpty() && Sample.STORES.read(option) < n;
        Map<String, Double> widest = new LinkedHashMap<>();
        Map<String, List<Double>> sized = new LinkedHashMap<>();
        double target = 0;
        for (JsonNode l : ctx.results().lines("phase")) {
            if (l.has("sampleHalfWidth")) {
                widest.merge(l.path("phase").asText(), l.path("sampleHalfWidth").asDouble(), Math::max);
            }
            if (l.has("sampleTarget")) {
                target = l.path("sampleTarget").asDouble();
                sized.computeIfAbsent(l.path("phase").asText(), k -> new ArrayList<>()).add(l.path("sample").asDouble());
            }
        }
        if (!sampled && sized.isEmpty()) {
            return Optional.empty();
        }
        String sample = sampled ? "Read, cold and concurrency visited in each run a seeded sample of "
                + fmt(Sample.STORES.read(option), 0) + " of the " + fmt(n, 0) + " stores (-Dbench.sample; the open"
                + " runs visit all of them)" : "";
        String precision = sized.isEmpty() ? "" : (sampled ? "; read and cold" : "Read and cold") + " visited the"
                + " first stores of each run's seeded order only until the 95% interval of the run's median lay within "
                + fmt(100 * target, 1) + "% of it (-Dbench.samplePrecision; at least " + fmt(Sample.LEAST, 0) + " visits): "
                + sized.entrySet().stream().map(e -> step(e.getKey()) + " " + fmt(RunStats.median(e.getValue()), 0)
                + " visits per run (median; " + fmt(e.getValue().stream().mapToDouble(Double::doubleValue).min()
                .orElse(0), 0) + "–" + fmt(e.getValue().stream().mapToDouble(Double::doubleValue).max().orElse(0), 0)
                + ")").collect(Collectors.joining(", "));
        return Optional.of(Text.of(sample + precision + (widest.isEmpty() ? "" : "; the sample's own 95% interval"
                + " of a run's median lay within " + widest.entrySet().stream().map(e -> fmt(100 * e.getValue(), 1)
                + "% (" + step(e.getKey()) + ")").collect(Collectors.joining(", ")) + " of it at the widest, the runs'"
                + " spread is the rest") + "."));
    }

    /** A run step's phase line named by its phase: "readrun" reads "read". */
    private static String step(String line) {
        return line.endsWith("run") ? line.substring(0, line.length() - 3) : line;
    }

    private String warmup(int n) {
        if (!ctx.run().has("warmupOpens")) {
            return "after one uncounted warm-up pass";
        }
        List<JsonNode> warmups = warmupLines();
        boolean perRun = warmups.stream().anyMatch(l -> l.has("run"));
        String fresh = perRun ? "each in a fresh trial process (like a JMH fork: no one process's JIT state and memory"
                + " layout decides every run) after its own " : "after an ";
        int ceiling = ctx.run().path("warmupOpens").asInt();
        if (warmups.stream().anyMatch(l -> "steady".equals(l.path("rule").asText()))) {
            return fresh + "uncounted warm-up in windows of " + warmups.get(0).path("windowVisits").asInt() + " visits,"
                    + " until the median visit of the last " + SteadyState.BLOCK + " windows lies within "
                    + fmt(100 * SteadyState.TOLERANCE, 0) + "% of the " + SteadyState.BLOCK + " before and of the "
                    + SteadyState.BLOCK + " before those, none of those windows more than "
                    + fmt(100 * SteadyState.WINDOW_TOLERANCE, 0) + "% from their median, and (JVM) the JIT compiled for"
                    + " at most "
                    + fmt(100 * SteadyState.COMPILE_SHARE, 0) + "% of their time: at least "
                    + fmt(SteadyState.minWindows() * SteadyState.WINDOW, 0) + " visits and one pass over the stores it"
                    + " visits (the page cache), unless the page cache held them already, at most whole passes of "
                    + fmt(ceiling, 0) + (n > ceiling ? "; it visits the first " + fmt(ceiling, 0) + " of the " + fmt(n, 0)
                    + " stores" : "") + " (the warm-up table below)";
        }
        int passes = warmups.stream().mapToInt(l -> l.has("passes") ? l.path("passes").asInt(1)
                : (int) Math.ceil(l.path("visited").asDouble() / n)).max().orElse(1);
        return fresh + "uncounted warm-up of " + fmt(passes, 0) + (passes == 1 ? " pass" : " passes")
                + " over all stores (at least " + fmt(ceiling, 0) + " opens, so that both the page cache and the JIT are"
                + " warm)";
    }

    /** The warm-up steps' phase lines (the open runs', read runs', concurrency's and memory's). */
    private List<JsonNode> warmupLines() {
        return ctx.results().lines("phase").stream().filter(l -> l.path("phase").asText().endsWith("warmup"))
                .collect(Collectors.toList());
    }

    /**
     * Per engine and setting, the visits its warm-ups made (median, least, most over its processes) and how many
     * settled; none for a run from before the windowed warm-up.
     */
    private Optional<Block.Table> warmupTable() {
        if (warmupLines().stream().noneMatch(l -> l.has("windows"))) {
            return Optional.empty();
        }
        boolean floors = jitFloors();
        List<List<Text>> rows = new ArrayList<>();
        for (String setting : ctx.settings()) {
            for (String e : ctx.engines()) {
                List<JsonNode> lines = ctx.results().lines("phase", e, setting).stream()
                        .filter(l -> l.path("phase").asText().endsWith("warmup") && l.has("windows"))
                        .collect(Collectors.toList());
                if (lines.isEmpty()) {
                    continue;
                }
                List<Double> visits = lines.stream().map(l -> l.path("visited").asDouble()).collect(Collectors.toList());
                List<Double> settledAt = lines.stream().filter(l -> l.has("settledAt"))
                        .map(l -> l.path("settledAt").asDouble()).collect(Collectors.toList());
                long never = lines.size() - settledAt.size();
                List<Text> row = new ArrayList<>(List.of(Text.of(engineTitle(e) + ", " + setting),
                        Text.of(fmt(lines.size(), 0)),
                        Text.of(fmt(RunStats.median(visits), 0) + " (" + fmt(visits.stream().mapToDouble(d -> d).min()
                                .orElse(0), 0) + "–" + fmt(visits.stream().mapToDouble(d -> d).max().orElse(0), 0) + ")"),
                        Text.of(settledAt.isEmpty() ? StatsTable.NONE : fmt(RunStats.median(settledAt), 0)),
                        Text.of(never == 0 ? "0" : fmt(never, 0) + " of " + lines.size())));
                if (floors) {
                    row.add(jitFloorCell(lines));
                }
                rows.add(row);
            }
        }
        List<Block.Align> align = new ArrayList<>(List.of(Block.Align.LEFT, Block.Align.RIGHT, Block.Align.RIGHT,
                Block.Align.RIGHT, Block.Align.RIGHT));
        List<Text> head = new ArrayList<>(List.of(Text.of("engine, setting"), Text.of("warm-ups"),
                Text.of("visits (median, least–most)"), Text.of("settled after (median visits)"),
                Text.of("never settled (stopped at the most)")));
        if (floors) {
            align.add(Block.Align.RIGHT);
            head.add(Text.of("JIT floor (median visits; cut by time)"));
        }
        return Optional.of(new Block.Table(head, align, rows));
    }

    /** Whether any warm-up of the run made a JIT floor (a run before bench.jitVisits has none: its report stays as it was). */
    private boolean jitFloors() {
        return warmupLines().stream().anyMatch(l -> l.has("jitFloor"));
    }

    /** The warm-ups that made a JIT floor: where it ended (median visits) and in how many time cut it short. */
    private static Text jitFloorCell(List<JsonNode> lines) {
        List<Double> floors = lines.stream().filter(l -> l.has("jitFloor")).map(l -> l.path("jitFloor").asDouble())
                .collect(Collectors.toList());
        if (floors.isEmpty()) {
            return Text.of(StatsTable.NONE);
        }
        long cut = lines.stream().filter(l -> l.path("jitFloorCut").asBoolean()).count();
        return Text.of(fmt(RunStats.median(floors), 0) + (cut == 0 ? "" : "; cut in " + cut + " of " + floors.size()));
    }

    private Section versions(JsonNode env) {
        List<Text> items = new ArrayList<>();
        JsonNode described = env.path("engines");
        for (String e : ctx.engines()) {
            JsonNode d = described.path(e);
            if (d.isMissingNode()) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            d.path("info").fields().forEachRemaining(f -> {
                if (!f.getKey().equals("compile_options") && !f.getKey().equals("compileOptions")) {
                    parts.add(f.getKey() + " " + f.getValue().asText());
                }
            });
            items.add(Text.of(engineTitle(e) + " (").plusCode(e).plus(", " + d.path("runtime").asText() + "): "
                    + String.join("; ", parts)));
        }
        items.add(Text.of("Timer: System.nanoTime, back-to-back median "
                + env.path("timer").path("backToBackMedianNs").asLong() + " ns; JVM " + env.path("jvm").asText("?")
                + "; commit " + env.path("gitCommit").asText("?") + "."));
        JsonNode direct = env.path("benchRoot").path("directRead");
        if (direct.has("medianMs")) {
            double median = direct.path("medianMs").asDouble();
            items.add(Text.of(String.format(Locale.US, "The bench root's device: a 4 KiB read past the page cache"
                    + " (O_DIRECT, random offsets) takes %.3f ms (median of %d; p99 %.3f ms)%s.", median,
                    direct.path("reads").asInt(), direct.path("p99Ms").asDouble(), median < 0.05 ? ": faster than a"
                    + " device answers, so something below the guest (the host's cache) holds the data, and cold"
                    + " reads here are cheaper than on a machine of its own" : "")));
        }
        items.add(Text.of("SQLite compile options and every other detail: environment.json."));
        return new Section(Block.Heading.of(2, "Engines and versions"), List.of(new Block.BulletList(items)));
    }

    /** The phases' options as the run had them (a run from before the run line recorded them: none). */
    private String phaseOptions() {
        StringBuilder options = new StringBuilder();
        ctx.run().path("phaseOptions").fields().forEachRemaining(f -> options.append(" -D").append(f.getKey())
                .append("=").append(f.getValue().asText()));
        return options.toString();
    }

    private Section reproduce() {
        String maxLoad = ctx.run().path("maxLoad").asText("");
        String command = "mvn verify -Pbench -Dbench.engines=" + String.join(",", ctx.engines())
                + " -Dbench.settings=" + String.join(",", ctx.settings())
                + " -Dbench.stores=" + ctx.run().path("stores").asInt()
                + " -Dbench.workload=" + ctx.run().path("workload").asText() + " -Dbench.runs=" + ctx.run().path("runs").asInt()
                + " -Dbench.hold=" + ctx.held() + (maxLoad.isEmpty() ? "" : " -Dbench.maxLoad=" + maxLoad)
                + (ctx.run().has("warmupOpens") ? " -Dbench.warmupOpens=" + ctx.run().path("warmupOpens").asInt() : "")
                + ("fixed".equals(ctx.run().path("warmup").asText()) ? " -Dbench.warmup=fixed" : "")
                + (ctx.run().has("trialHeapMb") ? " -Dbench.trialHeapMb=" + ctx.run().path("trialHeapMb").asInt() : "")
                + phaseOptions();
        return new Section(Block.Heading.of(2, "Reproduce"), List.of(new Block.CodeBlock(List.of(command,
                "# re-render this report from the run's files:",
                "mvn -q compile exec:java -Dexec.mainClass=storebench.report.Render -Dexec.args=target/bench"))));
    }

    /** An engine's title ("ObjectBox, cached model"); its id where this build does not know it. */
    static String engineTitle(String engine) {
        return Engines.find(engine).map(EngineDescriptor::title).orElse(engine);
    }

    /** A setting's title ("mmap threshold 131072"); its id where this build does not know it. */
    static String settingTitle(String setting) {
        try {
            return Setting.of(setting).title();
        } catch (IllegalArgumentException e) {
            return setting;
        }
    }

    /** A number as every report prints it: thousands separators, the given decimals. */
    static String fmt(double v, int decimals) {
        return Stat.number(v, decimals);
    }
}
