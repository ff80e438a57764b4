package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.ChartSet;
import storebench.report.model.EnvironmentTable;
import storebench.report.model.Report;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.model.VerdictsTable;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.results.Column;
import storebench.results.EnvironmentFile;
import storebench.results.PhaseReading;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.Verdicts;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static storebench.report.model.Titles.engineTitle;
import static storebench.report.model.Titles.fmt;
import static storebench.report.model.Titles.settingTitle;

/**
 * Builds the {@link Report} of a run from its files (results.jsonl, environment.json, verdicts.json, hdr/), laid out
 * like the reference write-up: three sentences, a table per setting, rankings, what was measured, caveats, versions. A
 * pure function of those files.
 */
public final class ReportBuilder {
    /** The key of the durability row in the tables beyond the reference. */
    static final String DURABILITY = "durability";
    /** The key of the machine row, in the tables of a run merged from several machines. */
    static final String MACHINE = "machine";
    /** The lab notebook the engines' caveats link to, from the project's root. */
    static final String ENGINES_NOTEBOOK = "docs/engines.md";
    public static final String OPENING = "Result in three sentences";
    /** The heading of the section that ranks every engine on every row group. */
    public static final String RANKINGS = "Rankings";

    /** Whether an engine fills the reference's tables, as its descriptor says (an unknown engine does). */
    public static final Predicate<String> IN_REFERENCE =
            id -> Engines.find(id).map(EngineDescriptor::inReference).orElse(true);

    private final ReportRun ctx;
    private final Predicate<String> inReference;
    /** What the build's phases say about the run beyond its rows: notes, marks, charts, wall-time columns. */
    private final List<? extends PhaseReading> phases;
    /** How links to the project's files are written in this report (set when it is built: they depend on where). */
    private UnaryOperator<String> links = UnaryOperator.identity();

    private ReportBuilder(RunResults results, Predicate<String> inReference, List<? extends PhaseReading> phases) {
        this.ctx = ReportRun.of(results);
        this.inReference = inReference;
        this.phases = List.copyOf(phases);
    }

    /** The report of a run's folder: results.jsonl, environment.json, verdicts.json (if any) and hdr/. */
    public static Report of(Path runDir, List<? extends PhaseReading> phases) throws IOException {
        RunResults results = RunResults.load(runDir);
        JsonNode verdicts = readVerdicts(runDir);
        Optional<Section> gate = Verdicts.readIfPresent(runDir).map(VerdictSection::section);
        return new ReportBuilder(results, IN_REFERENCE, phases).build(runDir, verdicts, gate);
    }

    /** The report of results read elsewhere: no verdicts, no HdrHistogram logs. */
    public static Report of(RunResults results, List<? extends PhaseReading> phases) {
        return of(results, IN_REFERENCE, phases);
    }

    /** The same, with the engines that fill the reference's tables (the others get tables of their own) chosen. */
    public static Report of(RunResults results, Predicate<String> inReference, List<? extends PhaseReading> phases) {
        return new ReportBuilder(results, inReference, phases).build(null, null, Optional.empty());
    }

    /** A project link (docs/engines.md#rocksdb) made relative to a run folder inside a checkout, so it works. */
    static UnaryOperator<String> projectLinks(Path runDir) {
        if (runDir == null) {
            return UnaryOperator.identity();
        }
        Path dir = runDir.toAbsolutePath().normalize();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isRegularFile(p.resolve(ENGINES_NOTEBOOK))) {
                String up = dir.relativize(p).toString().replace('\\', '/');
                return href -> up.isEmpty() ? href : up + "/" + href;
            }
        }
        return UnaryOperator.identity();
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

    /** The report; {@code runDir} (where hdr/ is) and {@code verdicts} are null for results not read from a folder. */
    private Report build(Path runDir, JsonNode verdicts, Optional<Section> gate) {
        EnvironmentFile env = ctx.results().environmentFile();
        int n = ctx.results().runLine().scale().stores();
        String workload = ctx.results().runLine().scale().workload();
        Block.Heading title = Block.Heading.of(1, "storebench: " + (Workload.isId(workload) && Workload.of(workload)
                .isCustom() ? Workload.CUSTOM + " workload, " + fmt(ctx.notesPerStore(), 0) + " notes of "
                + fmt(Workload.of(workload).noteChars(), 0) + " characters per store"
                : workload + " workload, " + fmt(ctx.notesPerStore(), 0) + " notes per store"));

        List<Section> findings = new ArrayList<>();
        Summary summary = new Summary(ctx, inReference);
        findings.add(new Section(Block.Heading.of(2, OPENING), opening(summary)));
        links = projectLinks(runDir);
        for (String setting : ctx.settings()) {
            findings.addAll(statsSections(setting, n));
        }
        rankings(summary).ifPresent(findings::add);
        new TunedAgainstDefaults(ctx).section().ifPresent(findings::add);
        findings.addAll(new AgainstSection(ctx).sections());
        new AgainstReference(ctx, ReferenceFigures.load(), links).section().ifPresent(findings::add);

        List<Section> details = new ArrayList<>();
        ProfileSection.section(ctx.results().lines("profile")).ifPresent(details::add);
        details.add(new MeasuredSection(ctx, phases).section(n));
        MachineSection.of(ctx, links).ifPresent(details::add);
        details.add(new Section(Block.Heading.of(2, "Caveats"), List.of(new Block.NumberedList(
                new Caveats(ctx).all().stream().map(t -> t.withLinks(links)).toList()))));
        ReproduceSections reproduce = new ReproduceSections(ctx);
        details.add(reproduce.versions());
        details.add(reproduce.reproduce());

        return new Report(title, preamble(env, n), findings, details, gate, new Report.Page(
                Optional.ofNullable(verdicts).map(v -> VerdictsTable.of(v, ctx.results())), EnvironmentTable.of(env),
                ChartSet.of(runDir, ctx.results(), ctx.engines(), ctx.settings(), inReference, phases),
                runDir == null ? "?" : runDir.toString()));
    }

    /** Under the title: when and on what machine, where the run was merged from, and whether it finished. */
    private List<Block> preamble(EnvironmentFile env, int n) {
        List<Block> preamble = new ArrayList<>();
        EnvironmentFile.Host host = env.host();
        String machine = env.recorded() ? "measured on " + host.cpuModel().orElse("an unknown CPU") + " ("
                + host.cores().orElse(0) + " cores, " + fmt((double) host.memoryKb() / 1024 / 1024, 0)
                + " GiB), Linux " + host.kernel().orElse("?") + ", bench root on "
                + env.benchRoot().fsType().orElse("?") : "on a machine its missing environment.json would"
                + " name";
        String started = ctx.results().runLine().started();
        preamble.add(Block.Paragraph.of("As of " + (started.isEmpty() ? "?" : started).replaceFirst("T.*", "")
                + " · " + machine + ". " + fmt(n, 0) + " stores per engine and setting, warm page cache only"
                + (new Caveats(ctx).uncachedPool().isPresent() ? ", as far as it held the pool (see the caveats)."
                : ".")));
        if (!env.recorded()) {
            preamble.add(new Block.Paragraph(Text.strong("No environment.json").plus(": the run's folder lacks the"
                    + " file every run writes beside its results, so the machine, its kernel, the bench root's file"
                    + " system and the engines' versions are unknown here.")));
        }
        mergedFrom().ifPresent(preamble::add);
        ctx.results().incomplete().ifPresent(why -> preamble.add(new Block.Paragraph(Text.strong("Incomplete run")
                .plus(": " + why + ". The tables hold only what finished before it stopped."))));
        return preamble;
    }

    /** Where the run was merged from several (Merge): which engines and settings each gave, on which machine. */
    private Optional<Block> mergedFrom() {
        List<EnvironmentFile.Source> sources = ctx.results().sources();
        if (sources.isEmpty()) {
            return Optional.empty();
        }
        List<String> machines = ctx.results().machines();
        List<String> parts = sources.stream().map(s -> String.join(", ", s.engines()) + " under "
                + String.join(", ", s.settings()) + (machines.size() > 1 ? " on machine "
                + (machines.indexOf(s.machine()) + 1) : "")).toList();
        String which = machines.size() > 1 ? " on " + machines.size() + " machines ("
                + String.join("; ", machines.stream().map(m -> "machine " + (machines.indexOf(m) + 1) + ": " + m)
                .toList()) + "; the machine above is the first run's, and ratios between engines measured on"
                + " different machines are not evaluated)" : ", all on this machine";
        return Optional.of(Block.Paragraph.of("Merged from " + sources.size() + " runs" + which + ": "
                + String.join("; ", parts) + "."));
    }

    private List<Block> opening(Summary summary) {
        List<String> sentences = ctx.settings().isEmpty() ? List.of() : openingSentences(summary);
        return sentences.isEmpty() ? noFigures() : List.of(Block.Paragraph.of(String.join(" ", sentences)));
    }

    /** The sentences report.md opens with, for README's first screen (ReadmeFigures); empty without figures. */
    public static List<String> opening(RunResults results) {
        ReportBuilder builder = new ReportBuilder(results, IN_REFERENCE, List.of());
        return builder.ctx.settings().isEmpty() ? List.of()
                : builder.openingSentences(new Summary(builder.ctx, IN_REFERENCE));
    }

    private List<String> openingSentences(Summary summary) {
        List<String> sentences = new ArrayList<>(summary.opening());
        List<String> tuned = sentences.isEmpty() ? List.of() : new TunedAgainstDefaults(ctx).opening();
        if (!tuned.isEmpty()) { // three sentences: a visit and memory under defaults, then what tuning changes
            sentences = new ArrayList<>(sentences.subList(0, Math.min(2, sentences.size())));
            sentences.addAll(tuned);
        }
        return sentences;
    }

    /** Every row group's ranking after the tables: a ranking spans the reference's table and the one beyond it. */
    private Optional<Section> rankings(Summary summary) {
        Summary.Rankings r = ctx.settings().isEmpty() ? null : summary.rankings();
        if (r == null || r.lines().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Section(Block.Heading.of(2, RANKINGS), List.of(
                new Block.BulletList(r.lines().stream().map(Text::of).toList()), Block.Paragraph.of(r.note()))));
    }

    /** No trial finished a phase: say why, trial by trial. */
    private List<Block> noFigures() {
        List<String> why = ctx.results().failures();
        Block said = Block.Paragraph.of("No figures: no trial finished" + (why.isEmpty() ? "." : ":"));
        return why.isEmpty() ? List.of(said) : List.of(said, new Block.BulletList(why.stream().map(Text::of).toList()));
    }

    /** A setting's tables: the reference's engines, then (where the run has any) the engines beyond the reference. */
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

    /** How a setting was measured, the line under its first table's heading. */
    private Optional<Block> settingLine(String setting) {
        String line = Setting.DEFAULT.id().equals(setting) ? "Medians of the " + ctx.results().runLine().scale()
                .runs() + " warm open runs (all " + fmt(ctx.results().runLine().scale().stores(), 0) + " stores in"
                + " random order per run)."
                : Setting.DURABLE.id().equals(setting) ? "Durable commits: " + Setting.DURABLE.how() + "."
                : Setting.TUNED.id().equals(setting) ? "Tuned: " + Setting.TUNED.how() + "."
                : Setting.MMAP_THRESHOLD.id().equals(setting) ? "glibc's M_MMAP_THRESHOLD at 131072 bytes ("
                + Setting.MMAP_THRESHOLD.how() + "; the reference's mallopt(M_MMAP_THRESHOLD, 131072)), set"
                + " identically for all engines." : null;
        return Optional.ofNullable(line).map(Block.Paragraph::of);
    }

    /** Why a column's cells are empty for what made it: no part of a merged run, its part's phases, its build. */
    private List<Text> partNotes(String e, String setting) {
        List<Text> notes = new ArrayList<>();
        if (ctx.results().inNoPart(e, setting)) {
            notes.add(Text.of(engineTitle(e) + ": not measured under this setting: no part of the merged run"
                    + " measured " + e + " under " + setting));
        }
        notRecorded(e, setting).ifPresent(notes::add);
        List<String> notInPart = ctx.results().phasesNotInPart(e, setting);
        if (!notInPart.isEmpty()) {
            notes.add(Text.of(engineTitle(e) + ": " + String.join(", ", notInPart) + " not measured: the part of"
                    + " the merged run that measured it was not asked for " + (notInPart.size() == 1 ? "that phase"
                    : "those phases") + " (its bench.phases)"));
        }
        return notes;
    }

    /** The note of a column whose build predates some statistics of its phases: empty for that, not a failure. */
    private Optional<Text> notRecorded(String engine, String setting) {
        List<String> labels = new ArrayList<>();
        List<Stat> stats = ctx.results().stats();
        for (Stat stat : stats) {
            // a row of a group (a phase's rows) the column has other figures of
            Optional<String> group = ctx.results().groupOf(stat.id());
            boolean measuredGroup = group.isPresent() && stats.stream().anyMatch(st -> group.equals(ctx.results()
                    .groupOf(st.id())) && ctx.results().measurement(engine, setting, st.id()).isPresent());
            boolean itsRuntime = Engines.find(engine).map(d -> stat.measuredIn(d.runtime())).orElse(true);
            if (measuredGroup && itsRuntime && ctx.results().measurement(engine, setting, stat.id()).isEmpty()
                    && ctx.results().notMeasured(engine, setting, stat.id()).filter(why -> why.endsWith(
                    RunResults.NOT_RECORDED)).isPresent()) { // not a phase's own "not measured" line
                labels.add(stat.label(ctx.notesPerStore(), ctx.held()));
            }
        }
        if (labels.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Text.of(engineTitle(engine) + ": not recorded (" + RunResults.NOT_RECORDED + "): "
                + (labels.size() <= 3 ? String.join("; ", labels) : String.join("; ", labels.subList(0, 3)) + " and "
                + (labels.size() - 3) + " more")));
    }

    /** A statistics section: how the setting was measured, the table, its notes and the visit counters. */
    private List<Block> statsBlocks(String setting, List<String> columns, boolean beyondReference, boolean first) {
        List<Block> blocks = new ArrayList<>();
        if (first) {
            settingLine(setting).ifPresent(blocks::add);
        }
        if (beyondReference) {
            blocks.add(Block.Paragraph.of("The engines the reference write-up did not measure, in a table of their"
                    + " own: the same rows, from the same run."));
        }
        blocks.add(statsTable(setting, columns, beyondReference, false));
        List<Text> notes = new ArrayList<>();
        for (String e : columns) {
            status(e, setting, "skipped").ifPresent(why -> notes.add(Text.of(engineTitle(e) + ": not measured: " + why)));
            ctx.results().statusLines(new Column(e, setting)).stream()
                    .filter(l -> RunResults.NOT_MEASURED.equals(l.status()))
                    .forEach(l -> notes.add(Text.of(engineTitle(e) + ", " + l.phase().orElse("?")
                            + ": not measured: " + l.reason())));
            status(e, setting, "failed").ifPresent(why -> notes.add(Text.of(engineTitle(e) + ": failed: "
                    + why.lines().findFirst().orElse(why))));
            notes.addAll(partNotes(e, setting));
        }
        notes.addAll(TunedAgainstDefaults.settingNotes(setting, columns));
        new TunedAgainstDefaults(ctx).withoutDefaults(setting).ifPresent(notes::add);
        if (beyondReference) {
            for (String e : columns) {
                durability(e, setting).ifPresent(d -> notes.add(Text.withCodeSpans(engineTitle(e) + ": "
                        + (d.synced() ? "a commit is synced before it returns: " : "a commit is not synced before it"
                        + " returns: ") + d.how())));
            }
        }
        for (String e : columns) {
            for (PhaseReading phase : phases) {
                phase.notes(ctx.results(), e, setting).forEach(n -> notes.add(Text.withCodeSpans(engineTitle(e) + ", " + n)
                        .withLinks(links)));
            }
        }
        boolean jvmRan = columns.stream().anyMatch(e -> Engines.find(e).map(d -> d.runtime() == TrialRuntime.JVM)
                .orElse(false) && ctx.results().measurement(e, setting, StatId.OPEN_MS.id()).isPresent());
        Optional<Stat> closeFin = ctx.results().stat(StatId.CLOSE_FIN_MS.id());
        if (jvmRan && closeFin.isPresent()) {
            notes.add(Text.of(closeFin.get().label(ctx.notesPerStore(), ctx.held()) + ": measured in the Node worker"
                    + " only; a JVM engine releases its store within close()."));
        }
        blocks.add(new Block.BulletList(notes));
        // after the table's notes, so that its own list cannot run on into them
        StatsTable counters = statsTable(setting, columns, beyondReference, true);
        if (counters.rows().stream().anyMatch(r -> r.stat() != null)) {
            blocks.addAll(VisitCost.block(ctx, setting, columns, counters, links));
        }
        return blocks;
    }

    /** The setting's table of statistics, or with {@code counters} of the measured counters per visit. */
    private StatsTable statsTable(String setting, List<String> columns, boolean beyondReference, boolean counters) {
        List<StatsTable.Row> rows = new ArrayList<>();
        for (Stat stat : ctx.results().stats()) {
            if (stat.counter() != counters) {
                continue;
            }
            List<StatsTable.Cell> cells = new ArrayList<>();
            for (String e : columns) {
                Optional<RunResults.Measurement> m = ctx.results().measurement(e, setting, stat.id());
                // "≥ 20,000": a lower bound, which the phase that measured it knows (where this build has it)
                String qualifier = phases.stream().map(p -> p.qualifier(ctx.results(), stat, e, setting))
                        .filter(q -> !q.isEmpty()).findFirst().orElse("");
                cells.add(m.map(x -> new StatsTable.Cell(e, StatsTable.State.MEASURED, qualifier + stat.format(x.value()),
                        x.spread(), x.runs())).orElseGet(() -> StatsTable.Cell.none(e, status(e, setting, "failed")
                        .isPresent())));
            }
            if ((stat.optional() || counters) && cells.stream().noneMatch(c -> c.state() == StatsTable.State.MEASURED)
                    && (counters || columns.stream().noneMatch(e -> saidWhy(e, setting, stat)))) {
                continue; // a thread count this run did not ask for; a counter no engine here recorded
            }
            rows.add(new StatsTable.Row(stat.id(), stat, stat.label(ctx.notesPerStore(), ctx.held()), cells));
        }
        if (beyondReference && !counters) {
            rows.add(durabilityRow(setting, columns));
        }
        if (ctx.results().machines().size() > 1 && !counters) {
            rows.add(machineRow(setting, columns));
        }
        return new StatsTable(setting, beyondReference, columns.stream()
                .map(e -> new StatsTable.Column(e, engineTitle(e))).toList(), rows, ctx.results().runLine().scale().runs());
    }

    /** Whether the phase that ran said why the column has no figure for {@code stat} (its row stays, with the reason). */
    private boolean saidWhy(String engine, String setting, Stat stat) {
        return ctx.results().notMeasured(engine, setting, stat.id()).filter(why -> !why.endsWith(
                RunResults.NOT_RECORDED)).isPresent();
    }

    /** Whether each engine's commit is synced before it returns, with strace's syncs per created store. */
    private StatsTable.Row durabilityRow(String setting, List<String> columns) {
        List<StatsTable.Cell> cells = columns.stream().map(e -> durability(e, setting).map(d -> StatsTable.Cell.of(e,
                (d.synced() ? "yes" : "no") + ProfileSection.syncsPerCreatedStore(ctx.results().lines("profile"), e,
                setting).map(v -> ", " + fmt(v, 1) + " syncs per store").orElse("")))
                .orElseGet(() -> StatsTable.Cell.none(e, false))).toList();
        return new StatsTable.Row(DURABILITY, null, "Commit synced before it returns (syncs per created store, where"
                + " the profile counted them)", cells);
    }

    /** A merged run's machines, one per column, where its runs were measured on more than one (Merge). */
    private StatsTable.Row machineRow(String setting, List<String> columns) {
        List<String> machines = ctx.results().machines();
        List<StatsTable.Cell> cells = columns.stream().map(e -> ctx.results().machine(e, setting).map(m ->
                StatsTable.Cell.of(e, "machine " + (machines.indexOf(m) + 1))).orElseGet(() -> StatsTable.Cell.none(e,
                false))).toList();
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

    /** The first status line of a kind for an engine and setting, as "phase: reason". */
    private Optional<String> status(String engine, String setting, String status) {
        return ctx.results().statusLines(new Column(engine, setting)).stream()
                .filter(l -> status.equals(l.status())).map(l -> l.phase().map(p -> p + ": ").orElse("") + l.reason())
                .findFirst();
    }
}
