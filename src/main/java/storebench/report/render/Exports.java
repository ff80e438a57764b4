package storebench.report.render;

import storebench.model.StatId;
import storebench.results.AgainstRunLine;
import storebench.results.Column;
import storebench.results.Comparison;
import storebench.results.PairedRatio;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A run's figures for the tools that keep benchmark history, written beside the report: {@value #BMF} (Bencher Metric
 * Format), {@value #SMALLER} and {@value #BIGGER} (github-action-benchmark) and {@value #JMH} (JMH's JSON result
 * format); what each holds is in docs/report.md, "The exports". Figures taken under profilers and load1 stay out; an
 * incomplete run gets none, since a history keeps each file as a whole run's figures.
 */
public final class Exports {
    public static final String BMF = "bmf.json";
    public static final String SMALLER = "github-action-benchmark-smaller.json";
    public static final String BIGGER = "github-action-benchmark-bigger.json";
    public static final String JMH = "jmh-result.json";
    public static final List<String> FILES = List.of(BMF, SMALLER, BIGGER, JMH);
    /** The percentiles JMH writes of every score (scorePercentiles), as its keys read. */
    private static final double[] JMH_PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};
    /** JMH's word for an iteration not timed to a duration; a run lasts as long as its visits take. */
    private static final String UNTIMED = "single-shot";
    /** The fewest runs JMH gives a score's error from (it writes NaN for two or fewer iterations). */
    private static final int LEAST_RUNS_FOR_ERROR = 3;

    private Exports() {
    }

    /** Why the run's figures are left out of the exports: it is incomplete, and why; empty for a complete run. */
    public static Optional<String> withheld(RunResults results) {
        return results.incomplete().map(why -> "the run is incomplete (" + why + "): its figures are left out of the"
                + " exports (" + BMF + ", github-action-benchmark's files, " + JMH + "), which a benchmark history"
                + " would keep as a whole run's");
    }

    /** Which figures a complete run's exports leave out: those taken under profilers, and why; empty where none. */
    public static Optional<String> profiledLeftOut(RunResults results) {
        List<String> profilers = results.profilers();
        if (profilers.isEmpty()) {
            return Optional.empty();
        }
        long profiled = latest(results).stream().filter(RunResults.Measurement::profiled).count();
        return Optional.of(profiled + " figures measured under profilers (" + String.join(", ", profilers)
                + ", bench.profilers) are left out of the exports: a profiler slows what it watches, so they are no"
                + " measurements for a benchmark history");
    }

    /** What a complete run exports: each statistic's last line, no profiled figure, not load1. */
    public static List<RunResults.Measurement> exported(RunResults results) {
        List<RunResults.Measurement> out = new ArrayList<>(latest(results).stream().filter(m -> !m.profiled()
                && !StatId.LOAD1.id().equals(m.stat())).toList());
        out.addAll(againstFigures(results));
        return out;
    }

    /** A/B figures: B's medians in a column {@code <setting>/B=<asked>}, B/A as {@code <stat>_b_over_a}. */
    static List<RunResults.Measurement> againstFigures(RunResults results) {
        List<RunResults.Measurement> out = new ArrayList<>();
        String workload = results.runLine().scale().workload();
        for (Comparison c : results.comparisons()) {
            Column b = new Column(c.column().engine(), c.column().setting() + "/B=" + c.end().what().value());
            for (String stat : c.stats()) {
                List<Double> sideA = c.paired(stat).get(AgainstRunLine.A);
                List<Double> sideB = c.paired(stat).get(AgainstRunLine.B);
                if (sideB.isEmpty()) {
                    continue;
                }
                out.add(new RunResults.Measurement(b, workload, stat, RunStats.median(sideB), sideB));
                Optional<PairedRatio> ratio = c.ratio(stat);
                if (ratio.isPresent()) {
                    out.add(new RunResults.Measurement(c.column(), workload, stat + "_b_over_a", ratio.get().ratio(),
                            java.util.stream.IntStream.range(0, sideA.size()).mapToObj(i -> sideB.get(i) / sideA.get(i))
                                    .toList()));
                }
            }
        }
        return out;
    }

    /** Writes a run's exports, removing stale ones (all of them for an incomplete run: {@link #withheld}). */
    public static List<Path> write(Path dir, RunResults results) throws IOException {
        if (withheld(results).isPresent()) {
            for (String name : FILES) {
                Files.deleteIfExists(dir.resolve(name)); // one left by an earlier render would still feed a history
            }
            return List.of();
        }
        List<RunResults.Measurement> figures = exported(results);
        List<Path> written = new ArrayList<>();
        if (figures.isEmpty()) {
            Files.deleteIfExists(dir.resolve(BMF)); // every figure was profiled: nothing for a history
            Files.deleteIfExists(dir.resolve(JMH));
        } else {
            written.add(write(dir.resolve(BMF), bmf(figures)));
            written.add(write(dir.resolve(JMH), jmh(figures, results)));
        }
        for (boolean bigger : List.of(false, true)) {
            List<ActionFigure> entries = githubActionBenchmark(figures, bigger, results);
            Path file = dir.resolve(bigger ? BIGGER : SMALLER);
            if (entries.isEmpty()) {
                Files.deleteIfExists(file); // storebench's own file, from an earlier render of this run
            } else {
                written.add(write(file, entries));
            }
        }
        return written;
    }

    /** The benchmark's name: engine, setting and workload, from the widest to the narrowest. */
    public static String benchmark(RunResults.Measurement m) {
        return "storebench/" + m.workload() + "/" + m.setting() + "/" + m.engine();
    }

    /** A figure's JMH name: JMH Visualizer charts a class in one unit, so the class is the statistic. */
    public static String jmhBenchmark(RunResults.Measurement m) {
        return "storebench." + m.workload() + "." + m.stat() + "." + m.engine();
    }

    public static Map<String, String> jmhParams(RunResults.Measurement m) {
        return Map.of("setting", m.setting());
    }

    /** A measure of {@value #BMF}: the figure, and the lowest and highest of its runs where it has runs. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record BmfFigure(double value, @JsonProperty("lower_value") Double lowerValue,
                      @JsonProperty("upper_value") Double upperValue) {
    }

    /** An entry of github-action-benchmark's custom inputs; range and extra where the figure has runs. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ActionFigure(String name, String unit, double value, String range, String extra) {
    }

    /** An entry of {@value #JMH}, its fields in JMH's order. No JMH ran: jmhVersion names the producer. */
    record JmhFigure(String jmhVersion, String benchmark, String mode, int threads, int forks,
                     @JsonUnwrapped JmhJvm jvm, @JsonUnwrapped JmhIterations iterations, @JsonUnwrapped JmhResult result) {
    }

    /** The JVM an entry ran in: none (a figure is an engine's trial processes', in a JVM or in Node). */
    record JmhJvm(String jvm, List<String> jvmArgs, String jdkVersion, String vmName, String vmVersion) {
        static final JmhJvm NONE = new JmhJvm("", List.of(), "", "", "");
    }

    /** An entry's iterations: each run warms up by its rule, then is one untimed iteration ({@link #UNTIMED}). */
    record JmhIterations(int warmupIterations, String warmupTime, int warmupBatchSize, int measurementIterations,
                         String measurementTime, int measurementBatchSize) {
        static final JmhIterations ONE_RUN = new JmhIterations(0, UNTIMED, 1, 1, UNTIMED, 1);
    }

    /** An entry's parameters, its score, and its secondary metrics (none: JMH Visualizer lists an object's keys). */
    record JmhResult(Map<String, String> params, JmhScore primaryMetric, Map<String, Object> secondaryMetrics) {
    }

    /** A JMH entry's primary metric; its numbers as JMH writes them ({@link #jmhNumber}). */
    record JmhScore(JsonNode score, JsonNode scoreError, List<JsonNode> scoreConfidence,
                     Map<String, JsonNode> scorePercentiles, String scoreUnit, List<List<JsonNode>> rawData) {
    }

    static Map<String, Map<String, BmfFigure>> bmf(List<RunResults.Measurement> figures) {
        Map<String, Map<String, BmfFigure>> root = new LinkedHashMap<>();
        for (RunResults.Measurement m : figures) {
            boolean runs = !m.runs().isEmpty();
            root.computeIfAbsent(benchmark(m), k -> new LinkedHashMap<>()).put(m.stat(), new BmfFigure(m.value(),
                    runs ? Collections.min(m.runs()) : null, runs ? Collections.max(m.runs()) : null));
        }
        return root;
    }

    static List<ActionFigure> githubActionBenchmark(List<RunResults.Measurement> figures, boolean bigger,
                                                   RunResults results) {
        List<ActionFigure> entries = new ArrayList<>();
        for (RunResults.Measurement m : figures) {
            Optional<Stat> stat = results.stat(m.stat());
            if (stat.map(Stat::higherIsBetter).orElse(false) != bigger) {
                continue;
            }
            String range = null;
            String extra = null;
            if (!m.runs().isEmpty()) {
                double low = Collections.min(m.runs());
                double high = Collections.max(m.runs());
                range = String.format(Locale.ROOT, "± %s", number((high - low) / 2));
                extra = m.runs().size() + " runs: " + m.runs().stream().map(Exports::number)
                        .collect(Collectors.joining(", ")) + "; the value is their median";
            }
            entries.add(new ActionFigure(benchmark(m) + "/" + m.stat(), stat.map(Stat::unitName).orElse(""), m.value(),
                    range, extra));
        }
        return entries;
    }

    /**
     * The entries of {@value #JMH} (docs/report.md, "The exports"): the score is the runs' median, its interval by
     * order statistics ({@link RunStats#medianInterval}), NaN below 3 runs as JMH writes it.
     */
    static List<JmhFigure> jmh(List<RunResults.Measurement> figures, RunResults results) {
        List<JmhFigure> entries = new ArrayList<>();
        for (RunResults.Measurement m : figures) {
            Optional<Stat> stat = results.stat(m.stat());
            List<Double> runs = m.runs().isEmpty() ? List.of(m.value()) : m.runs();
            // a time per operation (a visit, a store made) in JMH's unit, others in their own
            String unit = stat.map(s -> s.unit() == Stat.Unit.MS ? "ms/op" : s.unitName()).orElse("");
            entries.add(new JmhFigure("storebench", jmhBenchmark(m), stat.map(Stat::higherIsBetter).orElse(false)
                    ? "thrpt" : "avgt", 1, runs.size(), JmhJvm.NONE, JmhIterations.ONE_RUN, new JmhResult(jmhParams(m),
                    jmhMetric(m.value(), runs, unit), Map.of())));
        }
        return entries;
    }

    private static JmhScore jmhMetric(double score, List<Double> runs, String unit) {
        Optional<RunStats.Interval> interval = runs.size() < LEAST_RUNS_FOR_ERROR ? Optional.empty()
                : Optional.of(RunStats.medianInterval(runs));
        double[] sorted = runs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        Map<String, JsonNode> percentiles = new LinkedHashMap<>();
        for (double p : JMH_PERCENTILES) {
            percentiles.put(String.valueOf(p), jmhNumber(percentile(sorted, p)));
        }
        return new JmhScore(jmhNumber(score), jmhNumber(interval.map(i -> Math.max(score - i.low(),
                i.high() - score)).orElse(Double.NaN)), List.of(jmhNumber(interval.map(RunStats.Interval::low)
                .orElse(Double.NaN)), jmhNumber(interval.map(RunStats.Interval::high).orElse(Double.NaN))),
                percentiles, unit, runs.stream().map(r -> List.of(jmhNumber(r))).toList());
    }

    /** A number as JMH writes one: NaN and the infinities as the strings "NaN", "+INF" and "-INF", which JSON lacks. */
    private static JsonNode jmhNumber(double v) {
        if (Double.isNaN(v)) {
            return TextNode.valueOf("NaN");
        }
        if (Double.isInfinite(v)) {
            return TextNode.valueOf(v > 0 ? "+INF" : "-INF");
        }
        return DoubleNode.valueOf(v);
    }

    /** The p-th percentile as JMH estimates it (Commons Math's default): rank p (n + 1) / 100, interpolated. */
    static double percentile(double[] sorted, double p) {
        int n = sorted.length;
        double rank = p * (n + 1) / 100;
        if (rank < 1) {
            return sorted[0];
        }
        if (rank >= n) {
            return sorted[n - 1];
        }
        int below = (int) Math.floor(rank);
        return sorted[below - 1] + (rank - below) * (sorted[below] - sorted[below - 1]);
    }

    private static String number(double v) {
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Each statistic's last line per engine and setting, in the order of results.jsonl. */
    private static List<RunResults.Measurement> latest(RunResults results) {
        List<RunResults.Measurement> out = new ArrayList<>();
        for (RunResults.Measurement m : results.measurements()) {
            out.removeIf(o -> o.engine().equals(m.engine()) && o.setting().equals(m.setting()) && o.stat().equals(m.stat()));
            out.add(m);
        }
        return out;
    }

    private static Path write(Path file, Object tree) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), tree);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
