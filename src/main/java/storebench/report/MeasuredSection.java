package storebench.report;

import storebench.model.Workload;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;

import storebench.results.Column;
import storebench.results.DiskLine;
import storebench.results.EndLine;
import storebench.results.PhaseLine;
import storebench.results.PhaseReading;
import storebench.results.PoolLine;
import storebench.results.PrecisionLine;
import storebench.results.ResampleLine;
import storebench.results.RunLine;
import storebench.results.RunStats;
import storebench.results.SampleLine;
import storebench.results.WarmUpLine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

import static storebench.report.model.Titles.engineTitle;
import static storebench.report.model.Titles.fmt;

/** The report's "What was measured", every figure from the run's own lines. */
final class MeasuredSection {
    private final ReportRun ctx;
    private final List<? extends PhaseReading> phases;

    MeasuredSection(ReportRun ctx, List<? extends PhaseReading> phases) {
        this.ctx = ctx;
        this.phases = phases;
    }

    Section section(int n) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.BulletList(items(n)));
        Optional<RunLine.Plan> plan = ctx.results().runLine().plan();
        Map<String, List<String>> columns = wallTimeColumns();
        List<List<Text>> rows = new ArrayList<>();
        double total = wallTimeRows(columns, rows);
        blocks.add(wallTimeTable(columns, rows, plan));
        blocks.add(wholeRun(total, plan));
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

    /** The section's list: the workload, the engines, N, R and M, how runs were added or sized, volume, pool, load. */
    private List<Text> items(int n) {
        List<Text> items = new ArrayList<>();
        items.add(workload());
        items.add(engines());
        phasesItem().ifPresent(items::add);
        RunLine run = ctx.results().runLine();
        int runs = run.scale().runs();
        items.add(Text.of(fmt(n, 0) + " stores per engine and setting (N); " + runs + " warm open runs (R), seeds 1–"
                + runs + ", each visiting all stores in ").plusCode("Collections.shuffle(0..N-1, new Random(seed))")
                .plus(" order, " + warmup(n) + "; memory with " + fmt(ctx.held(), 0)
                        + " stores open (M) in a fresh trial process."));
        run.options().trialHeapMb().ifPresent(mb -> items.add(Text.of("The JVM trial processes ran with a heap of "
                + fmt(mb, 0) + " MiB (-Dbench.trialHeapMb), not the default: their figures are not comparable with a"
                + " default run's.")));
        items.addAll(resampled(runs));
        precision().ifPresent(items::add);
        sampleItem().ifPresent(items::add);
        long totalBytes = ctx.results().lines(DiskLine.KIND, DiskLine::of).stream().mapToLong(DiskLine::totalBytes)
                .sum();
        items.add(Text.of("Data volume: " + fmt(totalBytes / 1024.0 / 1024.0, 1) + " MiB of store files over all trials."));
        pool().ifPresent(items::add);
        items.add(loadControl());
        items.add(Text.of("Wall time per phase (s):"));
        return items;
    }

    /** What a store holds and what the query asks. */
    private Text workload() {
        String id = ctx.results().runLine().scale().workload();
        Optional<Workload> custom = Workload.isId(id) && Workload.of(id).isCustom() ? Optional.of(Workload.of(id))
                : Optional.empty();
        Text text = "large".equals(id)
                ? Text.of("a 300-character text: ").plusCode("note <j> of agent <i>: ")
                        .plus(" followed by Lorem ipsum, cut to 300 characters")
                : custom.isPresent() ? Text.of("a " + fmt(custom.get().noteChars(), 0) + "-character text: ")
                        .plusCode("note <j> of agent <i>: ").plus(" followed by Lorem ipsum, repeated with single spaces"
                                + " and cut to " + fmt(custom.get().noteChars(), 0) + " characters; the custom workload,"
                                + " -Dbench.notes=" + custom.get().notesPerStore() + " -Dbench.noteChars="
                                + custom.get().noteChars())
                : Text.of("a short text ").plusCode("note <j> of agent <i>");
        return Text.of("Per store " + fmt(ctx.notesPerStore(), 0) + " notes ").plusCode("Note(text, ts)").plus(" (")
                .plus(text).plus("), written in one transaction. The query is a count over all " + fmt(ctx.notesPerStore(), 0)
                        + " notes, checked against " + fmt(ctx.notesPerStore(), 0) + " every time.");
    }

    /** The open runs the gate added (-Dbench.resample), and those it failed to add. */
    private List<Text> resampled(int runs) {
        Map<Column, Integer> resampled = new LinkedHashMap<>();
        Map<Column, String> resampleFailed = new LinkedHashMap<>();
        for (ResampleLine l : ctx.results().lines(ResampleLine.KIND, ResampleLine::of)) {
            l.firstLineOfFailure().ifPresentOrElse(why -> resampleFailed.put(l.column(), why),
                    () -> resampled.put(l.column(), l.runs()));
        }
        List<Text> items = new ArrayList<>();
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
        return items;
    }

    /** Where the runs were sized by their figures' precision (-Dbench.precision): the runs each phase made. */
    private Optional<Text> precision() {
        List<PrecisionLine> precision = ctx.results().precisionLines();
        if (precision.isEmpty()) {
            return Optional.empty();
        }
        String target = fmt(100 * precision.get(0).target(), 1).replaceAll("\\.0$", "") + "%";
        return Optional.of(Text.of("Runs sized by their figures' precision (-Dbench.precision=" + target + "): a phase with"
                + " runs added fresh-process runs, one at a time, until the 95% interval of its figure's median lay"
                + " within " + target + " of it on both sides, or it had made -Dbench.maxRuns; runs made: "
                + precision.stream().map(l -> l.column() + " " + l.phase() + " " + l.runs() + (l.reached() ? ""
                : " (not reached: " + fmt(100 * l.farther(), 1) + "%)"))
                .collect(Collectors.joining(", ")) + "."));
    }

    /** Where stores were reused from an earlier run (bench.reuse): how many, and how many created. */
    private Optional<Text> pool() {
        List<PoolLine> pools = ctx.results().lines(PoolLine.KIND, PoolLine::of);
        int created = pools.stream().mapToInt(PoolLine::created).sum();
        int reused = pools.stream().mapToInt(PoolLine::reused).sum();
        List<String> why = pools.stream().flatMap(p -> p.notReused().stream().map(w -> p.column() + ": " + w))
                .toList();
        String notReused = why.isEmpty() ? "" : " Not reused: " + String.join("; ", why) + ".";
        if (reused == 0) {
            return why.isEmpty() ? Optional.empty() : Optional.of(Text.of("Store pool (bench.reuse): nothing reused,"
                    + " " + fmt(created, 0) + " created." + notReused));
        }
        boolean createMeasured = ctx.results().runLine().asked().phases().map(p -> p.contains("create"))
                .orElse(true);
        return Optional.of(Text.of("Store pool: " + fmt(reused, 0) + " stores reused from an earlier run"
                + " (bench.reuse), " + fmt(created, 0) + " created" + (createMeasured ? "; create figures are over the"
                + " created stores only." : ".") + notReused));
    }

    /** How the run waited for a quiet machine (bench.maxLoad), and how long. */
    private Text loadControl() {
        long waits = 0;
        long waitMs = 0;
        List<String> gaveUp = new ArrayList<>();
        for (PhaseLine p : ctx.results().phaseLines()) {
            if (p.loadWaitMs() > 0) {
                waits++;
                waitMs += p.loadWaitMs();
            }
            if (p.loadGaveUp()) {
                // a phase line's load at its start, the reading the load1 statistic is the maximum of
                gaveUp.add(p.column() + " " + p.op() + " at " + fmt(p.load1(), 2));
            }
        }
        String maxLoad = ctx.results().runLine().options().load().maxLoad();
        long most = ctx.results().runLine().options().load().maxLoadWaitS();
        String control = maxLoad.isEmpty()
                ? "none (bench.maxLoad unset): the 1-minute load average is recorded at the start of every phase, not"
                + " waited for"
                // a wait that gave up started its phase above the limit: the run did not get the quiet it asked for
                : gaveUp.isEmpty() ? "before each phase the run waited until the 1-minute load average was below "
                + maxLoad + " (at most " + most + " s per phase)"
                : "before each phase the run waited up to " + most + " s for the 1-minute load average to fall below "
                + maxLoad + "; " + gaveUp.size() + " of the waits gave up (bench.maxLoadWait reached) and their phases"
                + " started above it, at a load of: " + String.join(", ", gaveUp);
        return Text.of("Load control: " + control + "; " + waits + " waits, " + fmt(waitMs / 1000.0, 0)
                + " s in total. load.log samples the load every 10 s.");
    }

    /** A column per step with a wall time, in phase order (steps sharing a column add up), where the run has any. */
    private Map<String, List<String>> wallTimeColumns() {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (PhaseReading phase : phases) {
            for (PhaseReading.WallTime step : phase.wallTimes()) {
                if (ctx.results().phaseLines().stream().anyMatch(l -> step.op().equals(l.op()))) {
                    List<String> ops = columns.computeIfAbsent(step.column(), c -> new ArrayList<>());
                    if (!ops.contains(step.op())) { // the open runs' and concurrency's warm-ups share one op
                        ops.add(step.op());
                    }
                }
            }
        }
        return columns;
    }

    /** Adds a row of seconds per column for each engine and setting measured; returns the seconds of them all. */
    private double wallTimeRows(Map<String, List<String>> columns, List<List<Text>> rows) {
        double total = 0;
        for (String setting : ctx.settings()) {
            for (String e : ctx.engines()) {
                Column column = new Column(e, setting);
                List<PhaseLine> lines = ctx.results().phaseLines().stream().filter(l -> l.column().equals(column))
                        .toList();
                if (lines.isEmpty()) {
                    continue;
                }
                List<Text> row = new ArrayList<>();
                row.add(Text.of(engineTitle(e) + ", " + setting));
                for (List<String> ops : columns.values()) {
                    double s = lines.stream().filter(l -> ops.contains(l.op())).mapToDouble(PhaseLine::wallMs).sum()
                            / 1000;
                    total += s;
                    row.add(Text.of(s > 0 ? fmt(s, 1) : StatsTable.NONE));
                }
                rows.add(row);
            }
        }
        return total;
    }

    /** The wall-time table: the rows, and where the run had a plan, the columns' sums measured and estimated. */
    private Block.Table wallTimeTable(Map<String, List<String>> columns, List<List<Text>> rows,
                                      Optional<RunLine.Plan> plan) {
        List<Text> header = Text.row("engine, setting", List.copyOf(columns.keySet()));
        if (plan.isPresent() && !rows.isEmpty()) {
            rows.add(columnSums(Text.of("all, measured"), columns, ops -> ctx.results().phaseLines().stream()
                    .filter(l -> ops.contains(l.op())).mapToDouble(PhaseLine::wallMs).sum() / 1000));
            rows.add(columnSums(Text.of("all, the plan's estimate"), columns, ops -> ops.stream()
                    .mapToDouble(op -> plan.get().opsS().getOrDefault(op, 0.0)).sum()));
        }
        return Block.Table.ofFigures(header, rows);
    }

    /** The phases' seconds, the whole run's and, where it had one, the plan's estimate beside them. */
    private Block.Paragraph wholeRun(double total, Optional<RunLine.Plan> plan) {
        Optional<EndLine> end = ctx.results().lines(EndLine.KIND, EndLine::of).stream().findFirst();
        return Block.Paragraph.of("In the phases " + fmt(total, 1) + " s"
                + plan.map(p -> " (the plan estimated " + fmt(p.phasesS(), 1) + " s)").orElse("")
                + "; the whole run " + end.map(e -> "took " + fmt(e.wallMs() / 1000, 1) + " s")
                .orElse("did not finish (no end line)")
                + " (trial process start-up, store checks and disk scans included)"
                + plan.map(p -> estimate(p, end)).orElse("") + ".");
    }

    /** A row of per-column sums: each column the sum of its steps' seconds. */
    private static List<Text> columnSums(Text label, Map<String, List<String>> columns,
                                         java.util.function.ToDoubleFunction<List<String>> seconds) {
        List<Text> row = new ArrayList<>(List.of(label));
        columns.values().forEach(ops -> row.add(Text.of(fmt(seconds.applyAsDouble(ops), 1))));
        return row;
    }

    /** The plan's estimate of the whole run, printed before it started, beside what it took. */
    private static String estimate(RunLine.Plan plan, Optional<EndLine> end) {
        double estimated = plan.estimateS();
        String against = "";
        if (end.isPresent() && estimated > 0) {
            double took = end.get().wallMs() / 1000;
            against = ", " + fmt(Math.abs(100 * (estimated - took) / took), 0) + "% " + (estimated >= took ? "more"
                    : "less") + " than it took";
        }
        String missing = plan.missing().isEmpty() ? "" : "; without " + plan.missing().size()
                + " steps no kept run had a figure for";
        return "; the plan estimated " + fmt(estimated, 1) + " s before it started" + against + missing;
    }

    /** Which engines ran: their groups (Engines.GROUPS), the ids beyond them, and bench.engines as given. */
    private Text engines() {
        List<String> named = storebench.engine.Engines.inGroups(ctx.engines());
        List<String> parts = named.stream().map(n -> storebench.engine.Engines.GROUPS.containsKey(n)
                ? "the group " + n : n).toList();
        String asked = ctx.results().runLine().asked().enginesAsked();
        return Text.of("Engines: " + String.join(", ", parts) + (asked.isEmpty() ? "" : " (-Dbench.engines=" + asked + ")")
                + ".");
    }

    /** Which phases the run measured and which not, where it says. */
    private Optional<Text> phasesItem() {
        Optional<List<String>> measured = ctx.results().runLine().asked().phases();
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        List<String> ids = measured.get();
        List<String> others = phases.stream().map(storebench.results.PhaseReading::id).filter(id -> !ids.contains(id))
                .toList();
        String asked = ctx.results().runLine().asked().phasesAsked();
        return Optional.of(Text.of("Phases: " + String.join(", ", ids) + (asked.isEmpty() ? "" : " (-Dbench.phases="
                + asked + ")") + (others.isEmpty() ? "" : "; not measured: " + String.join(", ", others)
                + " (-Dbench.phases=all measures every phase)") + "."));
    }

    /** Where phases visited a sample (bench.sample) or sized runs by precision (bench.samplePrecision): how. */
    private Optional<Text> sampleItem() {
        RunLine run = ctx.results().runLine();
        int n = run.scale().stores();
        // bench.sample as the run recorded it: a positive integer, "_" allowed as a digit separator
        String option = run.options().phaseOption("bench.sample", "").replace("_", "");
        boolean sampled = !option.isEmpty() && Integer.parseInt(option) < n;
        int least = run.rules().sampleLeast();
        Map<String, Double> widest = new LinkedHashMap<>();
        Map<String, List<Double>> sized = new LinkedHashMap<>();
        double target = 0;
        for (SampleLine l : ctx.results().lines(SampleLine.KIND, SampleLine::of)) {
            if (l.halfWidth() != null) {
                widest.merge(l.op(), l.halfWidth(), Math::max);
            }
            if (l.target() != null) {
                target = l.target();
                sized.computeIfAbsent(l.op(), k -> new ArrayList<>()).add((double) l.visits());
            }
        }
        if (!sampled && sized.isEmpty()) {
            return Optional.empty();
        }
        String sample = sampled ? "Read, cold and concurrency visited in each run a seeded sample of "
                + fmt(Integer.parseInt(option), 0) + " of the " + fmt(n, 0) + " stores (-Dbench.sample; the open"
                + " runs visit all of them)" : "";
        String precision = sized.isEmpty() ? "" : (sampled ? "; read and cold" : "Read and cold") + " visited the"
                + " first stores of each run's seeded order only until the 95% interval of the run's median lay within "
                + fmt(100 * target, 1) + "% of it (-Dbench.samplePrecision; at least " + fmt(least, 0) + " visits): "
                + sized.entrySet().stream().map(e -> step(e.getKey()) + " " + fmt(RunStats.median(e.getValue()), 0)
                + " visits per run (median; " + range(e.getValue()) + ")").collect(Collectors.joining(", "));
        return Optional.of(Text.of(sample + precision + (widest.isEmpty() ? "" : "; the sample's own 95% interval"
                + " of a run's median lay within " + widest.entrySet().stream().map(e -> fmt(100 * e.getValue(), 1)
                + "% (" + step(e.getKey()) + ")").collect(Collectors.joining(", ")) + " of it at the widest, the runs'"
                + " spread is the rest") + "."));
    }

    /** "12–40": the least and the most of some visits. */
    private static String range(List<Double> visits) {
        return fmt(Collections.min(visits), 0) + "–" + fmt(Collections.max(visits), 0);
    }

    /** A run step's phase line named by its phase: "readrun" reads "read". */
    private static String step(String line) {
        return line.endsWith("run") ? line.substring(0, line.length() - 3) : line;
    }

    private String warmup(int n) {
        RunLine run = ctx.results().runLine();
        if (run.scale().warmupCeiling().isEmpty()) {
            return "after one uncounted warm-up pass";
        }
        List<WarmUpLine> warmups = warmUps();
        boolean perRun = warmups.stream().anyMatch(l -> l.run() != null);
        String fresh = perRun ? "each in a fresh trial process (like a JMH fork: no one process's JIT state and memory"
                + " layout decides every run) after its own " : "after an ";
        int ceiling = run.scale().warmupOpens();
        if (warmups.stream().anyMatch(l -> WarmUpLine.STEADY.equals(l.rule()))) {
            RunLine.WarmUpRule rule = run.rules().warmUp();
            int block = rule.block();
            return fresh + "uncounted warm-up in windows of " + warmups.get(0).byWindow().visits() + " visits,"
                    + " until the median visit of the last " + block + " windows lies within "
                    + percent(rule.tolerance(), rule.mostTolerance()) + " of the " + block + " before and of the "
                    + block + " before those, none of those windows more than "
                    + percent(rule.windowTolerance(), rule.mostWindowTolerance()) + " from their median"
                    + (rule.mostTolerance().isPresent() ? " (the wider of these where the windows are noisier)" : "")
                    + ", and (JVM) the JIT"
                    + " compiled for at most "
                    + fmt(100 * rule.compileShare(), 0) + "% of their time: at least "
                    + fmt(rule.minVisits(), 0) + " visits and one pass over the stores it"
                    + " visits (the page cache), unless the page cache held them already, at most whole passes of "
                    + fmt(ceiling, 0) + (n > ceiling ? "; it visits the first " + fmt(ceiling, 0) + " of the " + fmt(n, 0)
                    + " stores" : "") + " (the warm-up table below)";
        }
        int passes = warmups.stream().mapToInt(l -> (int) Math.ceil((double) l.visited() / n)).max().orElse(1);
        return fresh + "uncounted warm-up of " + fmt(passes, 0) + (passes == 1 ? " pass" : " passes")
                + " over all stores (at least " + fmt(ceiling, 0) + " opens, so that both the page cache and the JIT are"
                + " warm)";
    }

    /** A tolerance of the warm-up rule: "3%", or "3-6%" where it widens with the windows' noise. */
    private static String percent(double least, OptionalDouble most) {
        String from = fmt(100 * least, 0);
        return most.isPresent() ? from + "-" + fmt(100 * most.getAsDouble(), 0) + "%" : from + "%";
    }

    /** The warm-up steps' phase lines (the open runs', read runs', concurrency's and memory's). */
    private List<WarmUpLine> warmUps() {
        return ctx.results().lines(PhaseLine.KIND).stream().filter(WarmUpLine::warmUp).map(WarmUpLine::of).toList();
    }

    /** Per column, its warm-ups' visits (median, least, most over its processes) and how many settled. */
    private Optional<Block.Table> warmupTable() {
        List<WarmUpLine> windowed = warmUps().stream().filter(WarmUpLine::windowed).toList();
        if (windowed.isEmpty()) {
            return Optional.empty();
        }
        boolean floors = jitFloors();
        List<List<Text>> rows = new ArrayList<>();
        for (String setting : ctx.settings()) {
            for (String e : ctx.engines()) {
                Column column = new Column(e, setting);
                List<WarmUpLine> lines = windowed.stream().filter(l -> l.column().equals(column)).toList();
                if (lines.isEmpty()) {
                    continue;
                }
                List<Double> visits = lines.stream().map(l -> (double) l.visited()).toList();
                List<Double> settledAt = lines.stream().filter(WarmUpLine::settled)
                        .map(l -> (double) l.byWindow().settledAt()).toList();
                long never = lines.size() - settledAt.size();
                List<Text> row = new ArrayList<>(List.of(Text.of(engineTitle(e) + ", " + setting),
                        Text.of(fmt(lines.size(), 0)),
                        Text.of(fmt(RunStats.median(visits), 0) + " (" + range(visits) + ")"),
                        Text.of(settledAt.isEmpty() ? StatsTable.NONE : fmt(RunStats.median(settledAt), 0)),
                        Text.of(never == 0 ? "0" : fmt(never, 0) + " of " + lines.size())));
                if (floors) {
                    row.add(jitFloorCell(lines));
                }
                rows.add(row);
            }
        }
        List<Text> head = new ArrayList<>(Text.list("engine, setting", "warm-ups", "visits (median, least–most)",
                "settled after (median visits)", "never settled (stopped at the most)"));
        if (floors) {
            head.add(Text.of("JIT floor (median visits; cut by time)"));
        }
        return Optional.of(Block.Table.ofFigures(head, rows));
    }

    /** Whether any warm-up of the run made a JIT floor (a run before bench.jitVisits has none: its report stays as it was). */
    private boolean jitFloors() {
        return warmUps().stream().anyMatch(l -> l.floor().jitFloor() != null);
    }

    /** The warm-ups that made a JIT floor: where it ended (median visits) and in how many time cut it short. */
    private static Text jitFloorCell(List<WarmUpLine> lines) {
        List<WarmUpLine.Floor> made = lines.stream().map(WarmUpLine::floor).filter(f -> f.jitFloor() != null).toList();
        if (made.isEmpty()) {
            return Text.of(StatsTable.NONE);
        }
        List<Double> floors = made.stream().map(f -> (double) f.jitFloor()).toList();
        long cut = made.stream().filter(f -> Boolean.TRUE.equals(f.jitFloorCut())).count();
        return Text.of(fmt(RunStats.median(floors), 0) + (cut == 0 ? "" : "; cut in " + cut + " of " + floors.size()));
    }
}
