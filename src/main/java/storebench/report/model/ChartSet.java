package storebench.report.model;

import storebench.model.StatId;
import storebench.results.Column;
import storebench.results.Curve;
import storebench.results.PhaseReading;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.StatusLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What report.html's charts show: the headline (oqc per engine, median and p99) under the opening; per setting the
 * latency by percentile, then bars of the statistics with a chart group.
 */
public record ChartSet(List<String> engines, List<String> settings, Optional<Headline> headline,
                       List<PercentilePlot> percentiles, List<BarGroup> bars, List<CurvePlot> curves) {
    /** The open-query-close statistics the headline draws: its median and its p99. */
    public static final String MEDIAN = StatId.OQC_MS.id();
    public static final String P99 = StatId.OQC_P99_MS.id();

    /**
     * The headline chart: oqc per engine, the median as a bar and the p99 beyond it, a colour per setting.
     *
     * @param median median[setting][engine], null where there is no figure
     */
    public record Headline(String title, List<Boolean> reference, Double[][] median, Double[][] p99, int decimals) {
        public Headline {
            reference = List.copyOf(reference);
        }
    }

    public ChartSet {
        engines = List.copyOf(engines);
        settings = List.copyOf(settings);
        percentiles = List.copyOf(percentiles);
        bars = List.copyOf(bars);
        curves = List.copyOf(curves);
    }

    /** One setting's curve of a phase (PhaseReading.curves): engine id to its points {x, y}, in column order. */
    public record CurvePlot(String setting, String phase, String title, String xLabel, String axisLabel,
                            String caption, Map<String, List<double[]>> series) {
        public CurvePlot {
            series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
        }
    }

    /**
     * One setting's latency by percentile.
     *
     * @param missing   the engines not drawn and why ("SQLite (no log)"); a skipped engine is not missing
     * @param damaged   the logs there that cannot be read, each with its path and why
     * @param perEngine the most visits one engine's log holds
     */
    public record PercentilePlot(String setting, String title, Map<String, ChartPercentiles> series,
                                 List<String> missing, List<String> damaged, long perEngine) {
        public PercentilePlot {
            series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
            missing = List.copyOf(missing);
            damaged = List.copyOf(damaged);
        }
    }

    /** Bar charts drawn side by side under one title ("Memory per open store"). */
    public record BarGroup(String title, List<BarChart> charts) {
        public BarGroup {
            charts = List.copyOf(charts);
        }
    }

    /** One statistic's bars: values[setting][engine], null where there is no figure. */
    public record BarChart(Stat stat, String title, Double[][] values) {
    }

    /**
     * The charts of a run over its engines (a group or line) and settings (a colour), as values[setting][engine];
     * {@code runDir} holds hdr/ (null where the results were not read from a folder).
     */
    public static ChartSet of(Path runDir, RunResults results, List<String> engines, List<String> settings,
                              Predicate<String> inReference, List<? extends PhaseReading> phases) {
        List<PercentilePlot> plots = new ArrayList<>();
        for (String setting : settings) {
            Map<String, ChartPercentiles> series = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            List<String> damaged = new ArrayList<>();
            long perEngine = 0;
            for (String e : engines) {
                Path log = runDir == null ? null : ChartPercentiles.log(runDir, e, setting);
                if (log == null || !Files.isRegularFile(log)) {
                    if (results.statusLines(new Column(e, setting)).stream()
                            .noneMatch(l -> StatusLine.SKIPPED.equals(l.status()))) {
                        missing.add(Titles.engineTitle(e) + " (no log)");
                    }
                    continue;
                }
                try {
                    ChartPercentiles p = ChartPercentiles.read(log);
                    series.put(e, p);
                    perEngine = Math.max(perEngine, p.count());
                } catch (IOException ex) {
                    missing.add(Titles.engineTitle(e) + " (" + ex.getMessage() + ")");
                    damaged.add(ex.getMessage());
                }
            }
            plots.add(new PercentilePlot(setting, "Open, query, close by percentile, "
                    + Titles.settingTitle(setting), series, missing, damaged, perEngine));
        }
        Map<String, List<BarChart>> groups = new LinkedHashMap<>();
        for (Stat stat : results.stats()) {
            if (stat.chartGroup() == null) {
                continue;
            }
            List<BarChart> group = groups.computeIfAbsent(stat.chartGroup(), k -> new ArrayList<>());
            Double[][] values = figures(results, engines, settings, stat.id());
            if (Arrays.stream(values).flatMap(Arrays::stream).anyMatch(Objects::nonNull)) {
                group.add(new BarChart(stat, stat.chartTitle(results.runLine().scale().notesPerStore(),
                        results.runLine().scale().hold()), values));
            }
        }
        List<BarGroup> bars = groups.entrySet().stream().filter(g -> !g.getValue().isEmpty())
                .map(g -> new BarGroup(g.getKey(), g.getValue())).toList();
        return new ChartSet(engines, settings.stream().map(Titles::settingTitle).toList(),
                headline(results, engines, settings, inReference), plots, bars, curves(results, engines, settings,
                phases));
    }

    /** The headline's figures: oqc where measured, else every traffic request's p50 and p99. */
    private static Optional<Headline> headline(RunResults results, List<String> engines, List<String> settings,
                                               Predicate<String> inReference) {
        Optional<Headline> visits = headline(results, engines, settings, inReference, MEDIAN, P99,
                "Open, query, close per store: median (bar) and p99 (pale, beyond it)");
        return visits.isPresent() ? visits : headline(results, engines, settings, inReference,
                StatId.TRAFFIC_ALL_P50_MS.id(), StatId.TRAFFIC_ALL_P99_MS.id(), "Tenant traffic, every request from"
                        + " its due time: p50 (bar) and p99 (pale, beyond it)");
    }

    private static Optional<Headline> headline(RunResults results, List<String> engines, List<String> settings,
                                               Predicate<String> inReference, String mid, String tail, String title) {
        Double[][] median = figures(results, engines, settings, mid);
        Double[][] p99 = figures(results, engines, settings, tail);
        if (Arrays.stream(median).flatMap(Arrays::stream).allMatch(Objects::isNull)) {
            return Optional.empty();
        }
        return Optional.of(new Headline(title, engines.stream().map(inReference::test).toList(), median, p99,
                results.stat(mid).map(Stat::decimals).orElse(3)));
    }

    private static Double[][] figures(RunResults results, List<String> engines, List<String> settings, String stat) {
        Double[][] values = new Double[settings.size()][engines.size()];
        for (int s = 0; s < settings.size(); s++) {
            for (int e = 0; e < engines.size(); e++) {
                values[s][e] = results.measurement(engines.get(e), settings.get(s), stat).map(x -> x.value())
                        .orElse(null);
            }
        }
        return values;
    }

    /** The phases' curves (PhaseReading.curves), per setting, in the phases' order. */
    private static List<CurvePlot> curves(RunResults results, List<String> engines, List<String> settings,
                                          List<? extends PhaseReading> phases) {
        List<CurvePlot> curves = new ArrayList<>();
        for (String setting : settings) {
            for (PhaseReading phase : phases) {
                for (Curve c : phase.curves(results, engines, setting)) {
                    curves.add(new CurvePlot(setting, phase.id(), c.title() + ", " + Titles.settingTitle(setting),
                            c.xLabel(), c.axisLabel(), c.caption(), c.series()));
                }
            }
        }
        return curves;
    }
}
