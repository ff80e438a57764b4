package storebench.report;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.OpenStoreMemory;
import storebench.results.RunResults.Measurement;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static storebench.report.model.Titles.fmt;

/** The tuned setting against default, in a run of both: ratios row by row, the opening's sentences, the options. */
final class TunedAgainstDefaults {
    static final String HEADING = "Tuned against defaults";
    private static final String DEFAULT = Setting.DEFAULT.id();
    private static final String TUNED = Setting.TUNED.id();
    /** The rows whose order the opening says, in its order: a visit, memory per open store, create. */
    private static final List<String> HEADLINE_ROWS = List.of(StatId.OQC_MS.id(), OpenStoreMemory.TOTAL,
            StatId.CREATE_MS.id());
    /** What the opening says of each of those rows' leader. */
    private static final List<String> HEADLINE_WORDS = List.of("a visit fastest", "memory per open store least",
            "create fastest");

    private final ReportRun ctx;

    TunedAgainstDefaults(ReportRun ctx) {
        this.ctx = ctx;
    }

    boolean applies() {
        return ctx.settings().contains(DEFAULT) && ctx.settings().contains(TUNED);
    }

    /** Under the tuned table of a run without defaults: how to get the comparison. */
    Optional<Text> withoutDefaults(String setting) {
        if (!TUNED.equals(setting) || ctx.settings().contains(DEFAULT)) {
            return Optional.empty();
        }
        return Optional.of(Text.withCodeSpans("Measured tuned alone: `-Dbench.settings=default,tuned` measures each"
                + " engine under defaults too, and the report then sets each tuned figure over its default one (\""
                + HEADING + "\")."));
    }

    /** The engines with figures under both settings, in column order. */
    private List<String> engines() {
        return ctx.engines().stream().filter(e -> ctx.measured(e, DEFAULT) && ctx.measured(e, TUNED)).toList();
    }

    /** The table: a row per statistic either setting has, a column per engine, the ratio tuned / default. */
    Optional<Section> section() {
        List<String> engines = engines();
        if (!applies() || engines.isEmpty()) {
            return Optional.empty();
        }
        List<List<Text>> rows = new ArrayList<>();
        for (Stat stat : ctx.results().stats()) {
            if (stat.id().equals(StatId.LOAD1.id())) {
                continue; // the machine's load, not the engine's figure
            }
            List<Optional<String>> cells = engines.stream().map(e -> cell(e, stat)).toList();
            if (cells.stream().anyMatch(Optional::isPresent)) {
                rows.add(Text.row(ctx.label(stat.id()), cells.stream().map(c -> c.orElse("\u2013")).toList()));
            }
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.Paragraph.of("Each engine's figure under the tuned setting over its figure under defaults, row by"
                + " row (both from this run): below 1 the tuned figure is smaller, which is better for times, memory and"
                + " disk and worse for the rows of stores per second and stores held open. The tuned setting opens each"
                + " engine as its vendor documents for many small stores opened often (" + Setting.READ_ONLY + "); a"
                + " commit is as durable as under defaults. Its options and their sources are under the tuned table and"
                + " in docs/engines.md. Read a ratio between 0.9 and 1.1 as no change: two trials of the same code"
                + " (libSQL, which has nothing to tune) differ by that much in one sitting, even with the settings"
                + " alternated (docs/runs.md, \"Tuned against defaults, alternated\"). \u2013: a setting has no figure;"
                + " \"none\": a counter that did not move (under its least step), which has no ratio, so its two figures"
                + " stand, tuned / default; \"" + OTHER_MACHINES + "\": the two settings were measured on two machines"
                + " (a merged run), and their ratio would be the machines'."));
        blocks.add(Block.Table.ofFigures(Text.row("tuned / default", engines.stream().map(ctx::title).toList()), rows));
        return Optional.of(new Section(Block.Heading.of(2, HEADING), blocks));
    }

    /** An engine's tuned figure over its default one; empty where either is missing or either is under its least step. */
    Optional<Double> ratio(String engine, String stat) {
        double step = step(stat);
        return figures(engine, stat).filter(f -> f[0] > step && !(step > 0 && f[1] < step) && oneMachine(engine))
                .map(f -> f[1] / f[0]);
    }

    /** An engine's {default, tuned} figures, where both settings have a finite one. */
    private Optional<double[]> figures(String engine, String stat) {
        Optional<Measurement> d = ctx.results().measurement(engine, DEFAULT, stat);
        Optional<Measurement> t = ctx.results().measurement(engine, TUNED, stat);
        if (d.isEmpty() || t.isEmpty() || !Double.isFinite(t.get().value()) || !Double.isFinite(d.get().value())) {
            return Optional.empty();
        }
        return Optional.of(new double[] {d.get().value(), t.get().value()});
    }

    /** A cell: the ratio; "tuned / default" where a side is none; empty where a setting has no figure. */
    private Optional<String> cell(String engine, Stat stat) {
        Optional<Double> r = ratio(engine, stat.id());
        if (r.isPresent()) {
            return Optional.of(format(r.get()));
        }
        double step = step(stat.id()); // 0 for a figure that is no counter: its 0 or less is a figure
        return figures(engine, stat.id()).map(f -> oneMachine(engine) ? side(stat, f[1], step) + " / "
                + side(stat, f[0], step) : OTHER_MACHINES);
    }

    /** A cell of an engine whose two settings were measured on two machines (a merged run): no ratio. */
    static final String OTHER_MACHINES = "other machines";

    /** Whether the engine's two settings were measured on one machine: a ratio across two is the machines'. */
    private boolean oneMachine(String engine) {
        return ctx.results().sameMachine(engine, DEFAULT, engine, TUNED);
    }

    private static String side(Stat stat, double v, double step) {
        return step > 0 && v < step ? "none" : stat.format(v);
    }

    /** A counter's least step (VisitCost.leastStep); 0 for the other statistics, whose 0 is a figure. */
    private double step(String stat) {
        return ctx.stat(stat).filter(Stat::counter).map(s -> VisitCost.leastStep(s,
                ctx.results().runLine().scale().stores())).orElse(0.0);
    }

    /** A ratio as the table prints it: three decimals below 0.1, then as the opening's ratios. */
    static String format(double r) {
        return r < 0.1 ? fmt(r, 3) : Summary.ratio(r);
    }

    /** The opening's sentence on tuned: who leads a visit, memory and create, and whose figure moved most. */
    List<String> opening() {
        List<String> engines = engines();
        if (!applies() || engines.size() < 1) {
            return List.of();
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < HEADLINE_ROWS.size(); i++) {
            Optional<Stat> stat = ctx.stat(HEADLINE_ROWS.get(i));
            if (stat.isEmpty()) {
                continue;
            }
            List<String> byDefault = order(stat.get(), DEFAULT, engines);
            List<String> byTuned = order(stat.get(), TUNED, engines);
            if (byDefault.isEmpty() || byTuned.isEmpty()) {
                continue;
            }
            List<String> aside = new ArrayList<>();
            mostMoved(stat.get().id(), engines).ifPresent(aside::add);
            if (!byDefault.get(0).equals(byTuned.get(0))) {
                aside.add(ctx.title(byDefault.get(0)) + " under defaults");
            }
            parts.add(HEADLINE_WORDS.get(i) + " with " + ctx.title(byTuned.get(0))
                    + (aside.isEmpty() ? "" : " (" + String.join("; ", aside) + ")"));
        }
        return parts.isEmpty() ? List.of() : List.of("Tuned as their vendors document: " + String.join(", ", parts)
                + ".");
    }

    /** The engines in order under a setting, best first. */
    private List<String> order(Stat stat, String setting, List<String> engines) {
        Comparator<Measurement> byValue = Comparator.comparingDouble(m -> m.value());
        return engines.stream().map(e -> ctx.results().measurement(e, setting, stat.id())).flatMap(Optional::stream)
                .filter(m -> Double.isFinite(m.value())).sorted(stat.higherIsBetter() ? byValue.reversed() : byValue)
                .map(m -> m.engine()).toList();
    }

    /** "DuckDB 0.096 of its default" for the engine whose figure tuning moved most (in either direction). */
    private Optional<String> mostMoved(String stat, List<String> engines) {
        String most = null;
        double distance = 0;
        for (String e : engines) {
            Optional<Double> r = ratio(e, stat);
            if (r.isPresent() && r.get() > 0 && Math.abs(Math.log(r.get())) > distance) {
                distance = Math.abs(Math.log(r.get()));
                most = e;
            }
        }
        return most == null ? Optional.empty() : Optional.of(ctx.title(most) + " " + format(ratio(most, stat)
                .orElseThrow()) + " of its default");
    }

    /** What the tuned table says of each engine: the options it opened with, or why none. */
    static List<Text> settingNotes(String setting, List<String> columns) {
        if (!TUNED.equals(setting)) {
            return List.of();
        }
        List<Text> notes = new ArrayList<>();
        for (String e : columns) {
            Optional<EngineDescriptor> d = Engines.find(e);
            if (d.isEmpty() || d.get().unavailable().isPresent()) {
                continue;
            }
            String how = d.get().tuned().isEmpty() ? "nothing to tune: " + d.get().nothingToTune().orElse("")
                    : d.get().tuned().stream().map(o -> "`" + o.option() + "`").collect(Collectors.joining(", "));
            notes.add(Text.withCodeSpans(d.get().title() + ", tuned: " + how
                    + d.get().sharedPerProcess().map(s -> "; shared by the process: " + s).orElse("") + "."));
        }
        return notes;
    }
}
