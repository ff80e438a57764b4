package storebench.report;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.StatId;
import storebench.model.TrialRuntime;
import storebench.report.model.Block;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.results.Column;
import storebench.results.EnvironmentFile;
import storebench.results.ProfileLine;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.UnaryOperator;

import storebench.report.model.Titles;

import java.util.stream.Stream;

import static storebench.report.model.Titles.engineTitle;

/**
 * "What a visit asks of the machine" under each setting's table: the counters and syncs per visit, the system CPU and
 * fault share of the median visit, and for an engine whose ratio to SQLite differs from the reference's, the counter
 * that differs most.
 */
final class VisitCost {
    /** Where the rule of the decomposition is stated (docs/measuring.md). */
    static final String RULE = "docs/measuring.md#what-a-visit-asks-of-the-machine";
    /** Above this factor between our ratio and the reference's, the block names the counter that differs most. */
    static final double DIFFERS = 1.5;
    /** The open runs' counters, by suffix (VisitCounterStats' ids: oqc_minflt, ...). */
    static final String OQC = StatId.OQC_MS.id();

    private VisitCost() {
    }

    /** The block: its heading, what it is, the counters' table, the sync calls, the decomposition and the differences. */
    static List<Block> block(ReportRun ctx, String setting, List<String> columns, StatsTable counters,
                             UnaryOperator<String> links) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Heading(3, "What a visit asks of the machine", "what-a-visit-asks-of-the-machine-"
                + setting + (counters.beyondReference() ? "-beyond" : "")));
        blocks.add(new Block.Paragraph(Text.withCodeSpans("Per visit, beside the times above: what the visiting thread"
                + " (a JVM's; the whole process for the Node worker) asked of the kernel, read before a run's visits and"
                + " after them, divided by its visits; medians over the runs, recorded and never judged. How they are"
                + " read and what each means: [" + RULE + "](" + RULE + ")." + ticks(ctx, columns)).withLinks(links)));
        blocks.add(withSyncCalls(ctx, setting, columns, counters));
        List<List<Text>> rows = new ArrayList<>();
        java.util.Map<String, Double> prices = new java.util.LinkedHashMap<>();
        List<String> over = new ArrayList<>();
        for (String e : columns) {
            // each column at the price of the machine that measured it (a merged run's parts may differ)
            double faultNs = ctx.results().environmentOf(e, setting).costs().mapping().minorFault()
                    .map(EnvironmentFile.MinorFault::medianNs).orElse(0.0);
            decomposition(ctx, setting, e, faultNs).ifPresent(row -> {
                rows.add(row);
                List<String> machines = ctx.results().machines();
                prices.put(ctx.results().machine(e, setting).map(m -> "machine " + (machines.indexOf(m) + 1))
                        .orElse(""), faultNs);
                double visit = ctx.value(e, setting, OQC).orElse(0.0);
                if (Stream.of(StatId.OQC_SYS_MS, StatId.OQC_USER_MS).map(st -> ctx.value(e, setting, st.id()))
                        .flatMap(Optional::stream).anyMatch(cpu -> Math.round(100 * cpu / visit) > 100)) {
                    over.add(e);
                }
            });
        }
        if (!rows.isEmpty()) {
            blocks.add(new Block.Paragraph(Text.withCodeSpans("Of the open runs' visit (open, query, close: its median),"
                    + " the part that is the kernel's: system CPU per visit, and the minor faults per visit at "
                    + price(prices) + "; a fault is handled in the kernel, so its cost is part of the system CPU, not"
                    + " beside it." + overWhole(over) + " The rule: [" + RULE + "](" + RULE + ").").withLinks(links)));
            blocks.add(Block.Table.ofFigures(Text.list("engine", "open, query, close", "system CPU (share)",
                    "minor faults x price (share)", "user CPU (share)"), rows));
        }
        List<Text> differ = differences(ctx, setting, columns);
        if (!differ.isEmpty()) {
            blocks.add(Block.Paragraph.of("Where an engine's open-query-close over its SQLite's differs from the"
                    + " reference's by more than " + DIFFERS + " times, the counter of this run that differs most between"
                    + " the two (their ratio, furthest from 1):"));
            blocks.add(new Block.BulletList(differ));
        }
        return blocks;
    }

    /** "this machine's price of one (0.90 µs, ...)", or each machine's where a merged run's parts differ. */
    private static String price(java.util.Map<String, Double> prices) {
        String where = ", environment.json's `mapping.minorFault`)";
        if (prices.size() <= 1) {
            double ns = prices.values().stream().findFirst().orElse(0.0);
            String machine = prices.keySet().stream().findFirst().orElse("");
            return (machine.isEmpty() ? "this machine's price of one (" : "the price of one on " + machine
                    + ", which measured this table (") + (ns > 0 ? Stat.number(ns / 1000, 2) + " µs" : "not measured")
                    + where;
        }
        List<String> each = new ArrayList<>();
        prices.forEach((machine, ns) -> each.add((ns > 0 ? Stat.number(ns / 1000, 2) + " µs" : "not measured")
                + " on " + machine));
        return "the price of one on the machine that measured each column (" + String.join(", ", each) + where;
    }

    /** Why a share can be more than the visit, where one is: what each runtime's CPU time counts. */
    private static String overWhole(List<String> engines) {
        if (engines.isEmpty()) {
            return "";
        }
        boolean node = engines.stream().anyMatch(e -> !base(e).equals(AgainstReference.BASE));
        boolean jvm = engines.stream().anyMatch(e -> base(e).equals(AgainstReference.BASE));
        return " A share above 100% (" + engines.stream().map(Titles::engineTitle).collect(
                java.util.stream.Collectors.joining(", ")) + ") is no error:" + (node ? " the Node worker counts the"
                + " CPU time of its whole process (V8's compiler and collector threads beside the visit's);" : "")
                + (jvm ? " a JVM's CPU time comes in clock ticks of 10 ms per run, so a short visit's share is good to"
                + " a tick;" : "") + " the visit's time is the median, the CPU time a run's total over its visits.";
    }

    /** What a JVM's CPU times are good to: a 10 ms tick per run, 10 / N ms per visit. */
    private static String ticks(ReportRun ctx, List<String> columns) {
        int visits = ctx.results().runLine().scale().stores();
        if (visits <= 0 || columns.stream().noneMatch(e -> base(e).equals(AgainstReference.BASE))) {
            return "";
        }
        return " A JVM's CPU times come in clock ticks of 10 ms per run: over the open runs' " + Stat.number(visits, 0)
                + " visits a run, steps of " + Stat.number(10.0 / visits, 4) + " ms per visit.";
    }

    /** The counters' table with a row of sync calls per visit where strace watched an engine's visits. */
    private static StatsTable withSyncCalls(ReportRun ctx, String setting, List<String> columns, StatsTable counters) {
        List<StatsTable.Cell> cells = new ArrayList<>();
        boolean any = false;
        for (String e : columns) {
            OptionalDouble calls = syncCalls(ctx, e, setting);
            any |= calls.isPresent();
            cells.add(calls.isPresent() ? StatsTable.Cell.of(e, Stat.number(calls.getAsDouble(), 2))
                    : StatsTable.Cell.none(e, false));
        }
        if (!any) {
            return counters;
        }
        List<StatsTable.Row> rows = new ArrayList<>(counters.rows());
        rows.add(new StatsTable.Row("visit_sync_calls", null, "Sync calls per visit (strace, where it watched the"
                + " visits: fsync, fdatasync, msync, sync_file_range)", cells));
        return new StatsTable(counters.setting(), counters.beyondReference(), counters.columns(), rows, counters.runs());
    }

    /** The sync calls per visit of the strace profiler's last line of an engine's visits, where it counted them. */
    static OptionalDouble syncCalls(ReportRun ctx, String engine, String setting) {
        return ctx.results().lines(ProfileLine.KIND, ProfileLine::of).stream().filter(l -> l.column().equals(
                new Column(engine, setting)) && l.watch().op().equals(Optional.of("visits"))
                && l.unavailable().isEmpty())
                .map(l -> l.syncs().map(ProfileLine.Syncs::callsPerItem).orElse(OptionalDouble.empty()))
                .filter(OptionalDouble::isPresent).reduce((a, b) -> b).orElse(OptionalDouble.empty());
    }

    /** An engine's row of the decomposition: its visit, and the system CPU, faults at their price and user CPU in it. */
    private static Optional<List<Text>> decomposition(ReportRun ctx, String setting, String engine, double faultNs) {
        Optional<Double> visit = ctx.value(engine, setting, OQC);
        Optional<Double> sys = ctx.value(engine, setting, StatId.OQC_SYS_MS.id());
        if (visit.isEmpty() || sys.isEmpty() || visit.get() <= 0) {
            return Optional.empty();
        }
        double v = visit.get();
        Optional<Double> faults = ctx.value(engine, setting, StatId.OQC_MINFLT.id()).filter(f -> faultNs > 0)
                .map(f -> f * faultNs / 1e6);
        Optional<Double> user = ctx.value(engine, setting, StatId.OQC_USER_MS.id());
        return Optional.of(List.of(Text.of(engineTitle(engine)), Text.of(Stat.number(v, 3) + " ms"),
                Text.of(part(sys.get(), v)), Text.of(faults.map(f -> part(f, v)).orElse("\u2013")),
                Text.of(user.map(u -> part(u, v)).orElse("\u2013"))));
    }

    /** For each engine whose oqc ratio to its SQLite differs from the reference's: the counter that differs most. */
    private static List<Text> differences(ReportRun ctx, String setting, List<String> columns) {
        ReferenceFigures reference = ReferenceFigures.load();
        List<Text> out = new ArrayList<>();
        if (!reference.has(setting) || !reference.workload().equals(ctx.results().runLine().scale().workload())) {
            return out;
        }
        for (String e : columns) {
            String base = base(e);
            differing(ctx, reference, setting, e, OQC).ifPresent(r -> mostDifferent(ctx, setting, e, base)
                    .ifPresent(c -> out.add(Text.of(String.format(Locale.US, "%s over %s: %s here, %s in the"
                    + " reference (x%s); %s", engineTitle(e), engineTitle(base), Summary.ratio(r[1]),
                    Summary.ratio(r[0]), Stat.number(r[1] / r[0], 2), c.said())))));
        }
        return out;
    }

    /**
     * An engine's ratio to its runtime's SQLite {reference's, this run's}, where both have one and they differ by more
     * than {@link #DIFFERS} times; empty for a SQLite itself.
     */
    static Optional<double[]> differing(ReportRun ctx, ReferenceFigures reference, String setting, String engine,
                                        String stat) {
        String base = base(engine);
        if (engine.equals(base) || engine.equals(AgainstReference.BASE)) {
            return Optional.empty();
        }
        Optional<Double> there = reference.ratio(setting, engine, stat);
        Optional<Double> here = ctx.value(engine, setting, stat).flatMap(v -> ctx.value(base, setting, stat)
                .filter(b -> b > 0).map(b -> v / b));
        if (there.isEmpty() || here.isEmpty()) {
            return Optional.empty();
        }
        double factor = here.get() / there.get();
        return factor <= DIFFERS && factor >= 1 / DIFFERS ? Optional.empty()
                : Optional.of(new double[] {there.get(), here.get()});
    }

    /** A counter of two engines: its statistic, their figures, and its least step (what it can tell apart). */
    record Differing(Stat stat, String label, double of, double by, double step) {
        /** "label: 9.0 against 3.0 (x3.00)"; a side under the least step reads "none": nothing to divide by. */
        String said() {
            boolean ofMoved = of >= step;
            boolean byMoved = by >= step;
            return label + ": " + (ofMoved ? stat.format(of) : "none") + " against " + (byMoved ? stat.format(by)
                    : "none") + (ofMoved && byMoved ? " (x" + Stat.number(of / by, 2) + ")" : "");
        }
    }

    /** The open runs' counter furthest from 1 between the engines, each plus its {@link #leastStep}. */
    static Optional<Differing> mostDifferent(ReportRun ctx, String setting, String engine, String base) {
        Differing best = null;
        double furthest = 0;
        int visits = Math.max(1, ctx.results().runLine().scale().stores());
        for (Stat stat : ctx.results().stats()) {
            if (!stat.counter() || !stat.id().startsWith(OQC.replace("_ms", "_"))) {
                continue;
            }
            Optional<Double> of = ctx.value(engine, setting, stat.id());
            Optional<Double> by = ctx.value(base, setting, stat.id());
            if (of.isEmpty() || by.isEmpty()) {
                continue;
            }
            double step = leastStep(stat, visits);
            double d = Math.abs(Math.log((of.get() + step) / (by.get() + step)));
            if (d > furthest) {
                furthest = d;
                String label = stat.label(ctx.notesPerStore(), ctx.held());
                best = new Differing(stat, label.substring(label.indexOf(':') + 2), of.get(), by.get(), step);
            }
        }
        return Optional.ofNullable(best);
    }

    /** The least a counter per visit can tell from nothing: its last decimal; for CPU time, 10 ms over the visits. */
    static double leastStep(Stat stat, int visits) {
        return Math.max(Math.pow(10, -stat.decimals()), stat.unit() == Stat.Unit.MS ? 10.0 / Math.max(1, visits) : 0);
    }

    /** The SQLite of an engine's own runtime: the JVM's, or the Node worker's calibration column. */
    static String base(String engine) {
        return Engines.find(engine).map(EngineDescriptor::runtime).orElse(TrialRuntime.JVM) == TrialRuntime.NODE
                ? "sqlite-node" : AgainstReference.BASE;
    }

    private static String part(double of, double whole) {
        return Stat.number(of, 3) + " ms (" + Stat.number(100 * of / whole, 0) + "%)";
    }
}
