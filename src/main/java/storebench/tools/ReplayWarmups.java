package storebench.tools;

import storebench.phase.SteadyState;
import storebench.results.Column;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.WarmUpLine;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Replays kept runs' steady warm-ups against this build's rule ({@link SteadyState}) offline, from the windows' medians
 * and JIT times their lines record: {@code java -cp target/classes:<classpath> storebench.tools.ReplayWarmups <run
 * folder>...} prints per engine the visits, time and stopping level recorded against replayed.
 * <p>
 * Lines keep no window's wall time, so the JIT's share is judged against medians times visits (a stricter test);
 * replaying a run's own rule gives its recorded stops (docs/runs.md, "A tolerance that knows the windows' noise"). A
 * replay not stopped by the recorded end counts as stopped there. Bad input: one line naming it, exit 2.
 */
public final class ReplayWarmups {
    private ReplayWarmups() {
    }

    /** One warm-up: visits and time (ms, from the windows' medians) recorded and replayed, and where each stopped. */
    record Replayed(Column column, Stop recorded, Stop replayed) {
    }

    /** Where a warm-up stopped: after these visits and ms, at this level (its last block's median), settled or not. */
    record Stop(int visits, double ms, double level, boolean settled) {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: ReplayWarmups <run folder>... (folders with a results.jsonl, e.g."
                    + " docs/runs/1000/*)");
            System.exit(Tool.BAD_INPUT);
        }
        List<Replayed> all = new ArrayList<>();
        for (String a : args) {
            Path dir = Path.of(a);
            if (!Files.isRegularFile(dir.resolve("results.jsonl"))) {
                System.err.println(dir + ": no results.jsonl here; give run folders (a run's bench.out)");
                System.exit(Tool.BAD_INPUT);
            }
            try {
                all.addAll(replay(RunResults.load(dir)));
            } catch (IOException | UncheckedIOException e) {
                System.err.println(dir + ": " + e.getMessage());
                System.exit(Tool.BAD_INPUT);
            }
        }
        print(all, System.out);
    }

    /** Every steady warm-up line of the run, replayed. */
    static List<Replayed> replay(RunResults results) {
        int warmupOpens = results.runLine().scale().warmupOpens();
        return results.warmUpLines().stream().filter(l -> WarmUpLine.STEADY.equals(l.rule()))
                .map(l -> replay(l, warmupOpens == 0 ? 5000 : warmupOpens)).toList();
    }

    /** One warm-up line replayed: its floor as WarmUp made it, then the rule after every window. */
    static Replayed replay(WarmUpLine line, int warmupOpens) {
        int visitsPerWindow = line.byWindow().visits();
        List<Double> medians = line.byWindow().medians();
        List<Double> compileMs = line.byWindow().compileMs().stream().map(Long::doubleValue).toList();
        List<Double> wallMs = medians.stream().map(m -> m * visitsPerWindow).toList();
        OptionalDouble resumeAt = line.byWindow().resumeMs() == null ? OptionalDouble.empty()
                : OptionalDouble.of(line.byWindow().resumeMs());
        int judged = (resumeAt.isPresent() ? SteadyState.BLOCK : SteadyState.minWindows()) * visitsPerWindow;
        int stores = Math.min(line.floor().stores(), warmupOpens);
        int floor = Math.max(line.floor().holdsWholePass() ? Math.max(stores, judged) : judged,
                line.floor().jitVisits());
        int j = medians.size();
        int stop = -1;
        for (int k = 1; k <= j && stop < 0; k++) {
            if (k * visitsPerWindow < floor) {
                continue;
            }
            List<Double> m = medians.subList(0, k);
            List<Double> c = compileMs.subList(0, Math.min(k, compileMs.size()));
            List<Double> w = wallMs.subList(0, k);
            if (SteadyState.stops(SteadyState.windows(m, c, w), resumeAt)) {
                stop = k;
            }
        }
        int at = stop < 0 ? j : stop;
        Stop recorded = new Stop(line.visited(), sum(medians, j) * visitsPerWindow, SteadyState.lastBlock(medians),
                line.settled());
        Stop replayed = new Stop(Math.min(line.visited(), at * visitsPerWindow), sum(medians, at) * visitsPerWindow,
                SteadyState.lastBlock(medians.subList(0, at)), stop >= 0);
        return new Replayed(line.column(), recorded, replayed);
    }

    private static double sum(List<Double> values, int first) {
        return values.subList(0, first).stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Per engine: warm-ups, visits and time recorded and replayed, levels replayed/recorded (least, median, most). */
    static void print(List<Replayed> all, PrintStream out) {
        Map<String, List<Replayed>> byEngine = new TreeMap<>();
        all.forEach(r -> byEngine.computeIfAbsent(r.column().engine(), k -> new ArrayList<>()).add(r));
        out.println("| engine | warm-ups | visits recorded | replayed | time recorded (s) | replayed (s)"
                + " | never settled: recorded, replayed"
                + " | level where replayed stops / recorded (least, median, most) |");
        out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (Map.Entry<String, List<Replayed>> e : byEngine.entrySet()) {
            List<Replayed> rs = e.getValue();
            List<Double> ratios = rs.stream().map(r -> r.replayed().level() / r.recorded().level()).sorted().toList();
            out.printf(Locale.US,
                    "| `%s` | %d | %,d | %,d (%.0f%%) | %,.0f | %,.0f (%.0f%%) | %d, %d | %.3f, %.3f, %.3f |%n",
                    e.getKey(), rs.size(), total(rs, r -> r.recorded().visits()), total(rs, r -> r.replayed().visits()),
                    100.0 * total(rs, r -> r.replayed().visits()) / total(rs, r -> r.recorded().visits()),
                    seconds(rs, r -> r.recorded().ms()), seconds(rs, r -> r.replayed().ms()),
                    100 * seconds(rs, r -> r.replayed().ms()) / seconds(rs, r -> r.recorded().ms()),
                    rs.stream().filter(r -> !r.recorded().settled()).count(),
                    rs.stream().filter(r -> !r.replayed().settled()).count(),
                    ratios.get(0), RunStats.median(ratios), ratios.get(ratios.size() - 1));
        }
    }

    private static long total(List<Replayed> rs, java.util.function.ToIntFunction<Replayed> f) {
        return rs.stream().mapToLong(f::applyAsInt).sum();
    }

    private static double seconds(List<Replayed> rs, java.util.function.ToDoubleFunction<Replayed> f) {
        return rs.stream().mapToDouble(f).sum() / 1000;
    }
}
