package storebench.report.compare;

import storebench.engine.Engines;
import storebench.report.ReportRun;
import storebench.report.render.HtmlPage;

import storebench.results.EnvironmentFile;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Two runs side by side: per column and statistic before, after, ratio, and whether beyond the noise. */
public final class CompareRuns {
    /** An open-run statistic whose line has no runs, so no spread. */
    static final double NO_SPREAD_TOLERANCE = 0.10;

    /** Where a statistic went. */
    enum Move {
        /** Within its spread or tolerance. */
        SAME,
        WORSE,
        BETTER,
        /** Not judged: load is the machine's, not the engine's; one side has no figure, or was profiled. */
        UNJUDGED
    }

    /** One statistic of one engine under one setting, in both runs. */
    record Row(String setting, String engine, Stat stat, RunResults.Measurement before,
               RunResults.Measurement after) {

        /** after / before; empty where either is missing, or not positive (a heap that shrank: no ratio). */
        Optional<Double> ratio() {
            if (before == null || after == null || before.value() <= 0 || after.value() <= 0) {
                return Optional.empty();
            }
            return Optional.of(after.value() / before.value());
        }

        /** How far the ratio may be from 1 and still be noise: the larger spread, or a tolerance; empty for load. */
        Optional<Double> threshold() {
            if (stat.hasSpread()) {
                return Optional.of(spreadOf(before, after).orElse(NO_SPREAD_TOLERANCE));
            }
            return Optional.ofNullable(stat.tolerance());
        }

        /** Which side was taken under profilers, and which ("before: strace"): such a row is marked, not judged. */
        Optional<String> profiled() {
            List<String> sides = new ArrayList<>();
            if (before != null && before.profiled()) {
                sides.add("before: " + String.join(", ", before.profilers()));
            }
            if (after != null && after.profiled()) {
                sides.add("after: " + String.join(", ", after.profilers()));
            }
            return sides.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", sides));
        }

        /** "spread 8.4%" or "tolerance 10%": what the move was measured against. */
        String thresholdText() {
            if (profiled().isPresent()) {
                return "not judged: profiled (" + profiled().get() + ")";
            }
            return threshold().map(t -> (stat.hasSpread() && spreadOf(before, after).isPresent() ? "spread "
                    : "tolerance ") + HtmlPage.percent(t)).orElse("not judged");
        }

        Move move() {
            Optional<Double> ratio = ratio();
            Optional<Double> threshold = threshold();
            if (ratio.isEmpty() || threshold.isEmpty() || profiled().isPresent()) {
                return Move.UNJUDGED;
            }
            double change = ratio.get() - 1;
            if (Math.abs(change) <= threshold.get()) {
                return Move.SAME;
            }
            boolean up = change > 0;
            return up == stat.higherIsBetter() ? Move.BETTER : Move.WORSE;
        }
    }

    final RunResults before;
    final RunResults after;
    final List<String> engines;
    final List<String> settings;
    /** The statistics of both runs, as their results describe them: the after run's rows, then any only before. */
    final List<Stat> stats;
    final List<Row> rows;

    public CompareRuns(RunResults before, RunResults after) {
        this.before = before;
        this.after = after;
        this.engines = Stream.concat(ReportRun.columns(before).stream(), ReportRun.columns(after).stream()).distinct()
                .sorted(Comparator.comparingInt(Engines::rank)).toList();
        this.settings = Stream.concat(ReportRun.settings(before).stream(), ReportRun.settings(after).stream())
                .distinct().toList();
        this.stats = RunResults.stats(List.of(after, before));
        List<Row> all = new ArrayList<>();
        for (String setting : settings) {
            for (String engine : engines) {
                for (Stat stat : stats) {
                    RunResults.Measurement b = before.measurement(engine, setting, stat.id()).orElse(null);
                    RunResults.Measurement a = after.measurement(engine, setting, stat.id()).orElse(null);
                    if (b != null || a != null) {
                        all.add(new Row(setting, engine, stat, b, a));
                    }
                }
            }
        }
        this.rows = List.copyOf(all);
    }

    Optional<Row> row(String setting, String engine, Stat stat) {
        return rows.stream().filter(r -> r.setting().equals(setting) && r.engine().equals(engine)
                        && r.stat().id().equals(stat.id()))
                .findFirst();
    }

    /** The rows that moved beyond their noise: the worse ones first, each group in table order. */
    List<Row> moved() {
        List<Row> moved = rows.stream().filter(r -> r.move() == Move.WORSE).collect(Collectors.toCollection(ArrayList::new));
        rows.stream().filter(r -> r.move() == Move.BETTER).forEach(moved::add);
        return moved;
    }

    /** Where the runs share no column with figures on both sides (a default run against a tuned one): what each has. */
    public Optional<String> nothingShared() {
        if (rows.stream().anyMatch(r -> r.before() != null && r.after() != null)) {
            return Optional.empty();
        }
        return Optional.of("The two runs share no column (an engine under a setting measured in both), so nothing is"
                + " compared: before has " + columnsOf(before) + "; after has " + columnsOf(after) + ".");
    }

    private static String columnsOf(RunResults run) {
        Set<String> columns = new LinkedHashSet<>();
        run.measurements().forEach(m -> columns.add(m.engine() + " under " + m.setting()));
        return columns.isEmpty() ? "no figure" : String.join(", ", columns);
    }

    /** Run parameters that differ between the two runs ("stores 50 vs 200"): the ratios then compare unlike runs. */
    List<String> differences() {
        Map<String, Function<RunResults, String>> fields = Map.of(
                "stores (N)", r -> scale(r, RunLine.Scale::stores),
                "workload", r -> scale(r, RunLine.Scale::workload),
                "notes per store (W)", r -> scale(r, RunLine.Scale::notesPerStore),
                "runs (R)", r -> scale(r, RunLine.Scale::runs),
                "stores held open (M)", r -> scale(r, RunLine.Scale::hold),
                "cpuModel", r -> r.environmentFile().host().cpuModel().orElse("?"),
                "cores", r -> cores(r.environmentFile()),
                "kernel", r -> r.environmentFile().host().kernel().orElse("?"));
        List<String> out = new ArrayList<>();
        fields.forEach((field, value) -> {
            String b = value.apply(before);
            String a = value.apply(after);
            if (!a.equals(b)) {
                out.add(field + " " + b + " vs " + a);
            }
        });
        out.sort(null);
        return out;
    }

    /** A figure of a run's scale as its run line gives it; "?" for a run without one. */
    static String scale(RunResults run, Function<RunLine.Scale, Object> field) {
        RunLine line = run.runLine();
        return line.equals(RunLine.NONE) ? "?" : String.valueOf(field.apply(line.scale()));
    }

    /** A machine's cores as environment.json gives them; "?" where it does not. */
    static String cores(EnvironmentFile environment) {
        OptionalInt cores = environment.host().cores();
        return cores.isPresent() ? Integer.toString(cores.getAsInt()) : "?";
    }

    /** The larger of the two runs' spreads, where either recorded one. */
    static Optional<Double> spreadOf(RunResults.Measurement before, RunResults.Measurement after) {
        Double b = before == null ? null : before.spread();
        Double a = after == null ? null : after.spread();
        if (a == null && b == null) {
            return Optional.empty();
        }
        return Optional.of(Math.max(a == null ? 0 : a, b == null ? 0 : b));
    }
}
