package storebench.report.render;

import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A run's figures for the tools that keep benchmark history, written beside the report:
 * <ul>
 * <li>{@value #BMF}: Bencher Metric Format (the {@code json} adapter of {@code bencher run}): one benchmark per
 * engine, setting and workload ({@code storebench/large/default/sqlite}), one measure per statistic (its id as the
 * measure's slug), with the lowest and highest of the R run figures as lower_value and upper_value where the
 * statistic has runs;</li>
 * <li>{@value #SMALLER} and {@value #BIGGER}: github-action-benchmark's {@code customSmallerIsBetter} and
 * {@code customBiggerIsBetter} inputs: one entry per engine, setting, workload and statistic
 * ({@code storebench/large/default/sqlite/oqc_ms}), with the runs' range and the runs themselves as its extra. The
 * action refuses a file without entries, so a file is written only when the run has such statistics.</li>
 * </ul>
 * Every statistic of every engine goes in, the last line of each where a later one supersedes an earlier one, but a
 * figure taken under profilers (bench.profilers), which slow what they watch. An incomplete run (interrupted, killed,
 * measured nothing) is left out whole: a history keeps each file as a whole run's figures, with no room for a mark
 * beside them.
 */
public final class Exports {
    public static final String BMF = "bmf.json";
    public static final String SMALLER = "github-action-benchmark-smaller.json";
    public static final String BIGGER = "github-action-benchmark-bigger.json";

    private Exports() {
    }

    /** Why the run's figures are left out of the exports: it is incomplete, and why; empty for a complete run. */
    public static Optional<String> withheld(RunResults results) {
        return results.incomplete().map(why -> "the run is incomplete (" + why + "): its figures are left out of the"
                + " exports (" + BMF + ", github-action-benchmark's files), which a benchmark history would keep as a"
                + " whole run's");
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

    /** The figures the exports of a complete run hold: each statistic's last line, none taken under profilers. */
    public static List<RunResults.Measurement> exported(RunResults results) {
        return latest(results).stream().filter(m -> !m.profiled()).toList();
    }

    /**
     * Writes the exports of a run's folder; returns the files written (none for an incomplete run: {@link #withheld}).
     * An old export no longer valid is removed.
     */
    public static List<Path> write(Path dir, RunResults results) throws IOException {
        if (withheld(results).isPresent()) {
            for (String name : List.of(BMF, SMALLER, BIGGER)) {
                Files.deleteIfExists(dir.resolve(name)); // one left by an earlier render would still feed a history
            }
            return List.of();
        }
        List<RunResults.Measurement> figures = exported(results);
        List<Path> written = new ArrayList<>();
        if (figures.isEmpty()) {
            Files.deleteIfExists(dir.resolve(BMF)); // every figure was profiled: nothing for a history
        } else {
            written.add(write(dir.resolve(BMF), bmf(figures)));
        }
        for (boolean bigger : List.of(false, true)) {
            ArrayNode entries = githubActionBenchmark(figures, bigger, results);
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
        return "storebench/" + m.workload + "/" + m.setting + "/" + m.engine;
    }

    static ObjectNode bmf(List<RunResults.Measurement> figures) {
        ObjectNode root = ResultsFile.JSON.createObjectNode();
        for (RunResults.Measurement m : figures) {
            String name = benchmark(m);
            ObjectNode bench = root.has(name) ? (ObjectNode) root.get(name) : root.putObject(name);
            ObjectNode metric = bench.putObject(m.stat);
            metric.put("value", m.value);
            if (!m.runs.isEmpty()) {
                metric.put("lower_value", Collections.min(m.runs));
                metric.put("upper_value", Collections.max(m.runs));
            }
        }
        return root;
    }

    static ArrayNode githubActionBenchmark(List<RunResults.Measurement> figures, boolean bigger, RunResults results) {
        ArrayNode entries = ResultsFile.JSON.createArrayNode();
        for (RunResults.Measurement m : figures) {
            Optional<Stat> stat = results.stat(m.stat);
            if (stat.map(Stat::higherIsBetter).orElse(false) != bigger) {
                continue;
            }
            ObjectNode e = entries.addObject();
            e.put("name", benchmark(m) + "/" + m.stat);
            e.put("unit", stat.map(Exports::unit).orElse(""));
            e.put("value", m.value);
            if (!m.runs.isEmpty()) {
                double low = Collections.min(m.runs);
                double high = Collections.max(m.runs);
                e.put("range", String.format(Locale.ROOT, "± %s", number((high - low) / 2)));
                e.put("extra", m.runs.size() + " runs: " + m.runs.stream().map(Exports::number)
                        .collect(Collectors.joining(", ")) + "; the value is their median");
            }
        }
        return entries;
    }

    private static String unit(Stat stat) {
        switch (stat.unit()) {
            case MS:
                return "ms";
            case KB:
                return "KB";
            default:
                return stat.countUnit();
        }
    }

    private static String number(double v) {
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Each statistic's last line per engine and setting, in the order of results.jsonl. */
    private static List<RunResults.Measurement> latest(RunResults results) {
        List<RunResults.Measurement> out = new ArrayList<>();
        for (RunResults.Measurement m : results.measurements()) {
            out.removeIf(o -> o.engine.equals(m.engine) && o.setting.equals(m.setting) && o.stat.equals(m.stat));
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
