package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.DeviceReads;
import storebench.measure.Latency;
import storebench.measure.LoadAverage;
import storebench.measure.PageCache;
import storebench.model.StoreLayout;
import storebench.results.NoiseLine;
import storebench.results.ProfileLine;
import storebench.results.RunStats;
import storebench.results.WarmColdLine;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Warm against cold opens, and the noise over time (the profile's tables), in one fresh process over stores of its
 * own: R warm open runs, the same warm run {@value #NOISE_RUNS} times back to back, then R cold runs. Its figures are
 * profile lines; the cold phase measures cold opens for the report's tables.
 */
public final class WarmColdPhase extends Phase {
    /** Back-to-back warm open runs in one process, for the noise over time. */
    public static final int NOISE_RUNS = 20;
    static final Step MAKE = new Step(CreateAnswer.OP, false, null);
    static final Step VISITS = new Step(VisitsAnswer.OP, false, null);

    WarmColdPhase() {
        super("warmcold", Processes.FRESH, List.of(MAKE, VISITS), List.of());
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        int n = run.params().stores();
        Path dir = run.stores().own(id());
        try {
            ObjectNode make = run.processes().request(CreateAnswer.OP, new StoresRequest(dir.toString(),
                    run.params().workload().id(), inOrder(n)));
            run.processes().send(MAKE, make, n, CreateAnswer::of, (l, reply) -> { });
            warmAndCold(run, dir, n);
        } finally {
            run.stores().deleteOwn(dir);
        }
        return new Measured(this);
    }

    private static void warmAndCold(PhaseRun run, Path dir, int n) throws Exception {
        List<Path> storeDirs = StoreLayout.storeDirs(dir, n);
        double load1 = LoadAverage.load1();
        visit(run, VISITS, dir, inOrder(n), 0);
        List<Path> files = PageCache.filesUnder(storeDirs);
        PageCache.Residency before = PageCache.residency(files);
        Map<String, List<Double>> warm = new LinkedHashMap<>();
        for (int r = 1; r <= run.params().runs(); r++) {
            add(warm, figures(openRun(run, VISITS, dir, r)));
        }
        noiseOverTime(run, dir, n);
        Map<String, List<Double>> cold = new LinkedHashMap<>();
        List<WarmColdLine.EvictionCheck> checks = new ArrayList<>();
        boolean allCold = true;
        for (int r = 1; r <= run.params().runs(); r++) {
            String evictionError = null;
            // listed again before each run: an engine may replace its files on every open (RocksDB: MANIFEST, OPTIONS,
            // WAL, LOG)
            List<Path> now = PageCache.filesUnder(storeDirs);
            try {
                PageCache.evict(now);
            } catch (IOException e) {
                evictionError = e.getMessage();
            }
            PageCache.Residency after = PageCache.residency(now);
            VisitsAnswer answer = openRun(run, VISITS, dir, r);
            long read = answer.readBytes().orElse(-1);
            double perOpen = read < 0 ? Double.NaN : (double) read / n;
            DeviceReads.Verdict v = DeviceReads.verdict(after.fraction(), perOpen, evictionError);
            allCold &= v.cold();
            add(cold, figures(answer));
            checks.add(new WarmColdLine.EvictionCheck(r, after.fraction(), after.residentPages(), read, perOpen,
                    v.cold(), v.describe(), evictionError));
        }
        run.results().append(ProfileLine.KIND, new WarmColdLine(LoadAverage.load1(), run.params().runs(),
                new WarmColdLine.Before(before.fraction(), before.pages(), before.residentPages(), files.size()),
                allCold, load1, new WarmColdLine.Opens(medians(warm), medians(cold), warm, cold, checks)));
    }

    /** The same warm open run back to back: what moves is the machine's state over time (and the engine's own). */
    private static void noiseOverTime(PhaseRun run, Path dir, int n) throws Exception {
        List<Double> oqc = new ArrayList<>();
        double load1 = LoadAverage.load1();
        long t0 = System.nanoTime();
        for (int k = 1; k <= NOISE_RUNS; k++) {
            oqc.add(figures(openRun(run, VISITS, dir, 1)).get("oqc"));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        run.results().append(ProfileLine.KIND, new NoiseLine(LoadAverage.load1(), NOISE_RUNS, seconds,
                new NoiseLine.Oqc(Collections.min(oqc), RunStats.median(oqc), Collections.max(oqc),
                RunStats.spread(oqc), oqc), load1));
    }

    static VisitsAnswer openRun(PhaseRun run, Step step, Path dir, int r) throws Exception {
        return visit(run, step, dir, OpenRunsPhase.visitingOrder(run.params().stores(), r), r);
    }

    /** One pass over the stores in this order: run r's (timed, the yardstick between visits), or r = 0, a warm pass. */
    static VisitsAnswer visit(PhaseRun run, Step step, Path dir, int[] order, int r) throws Exception {
        ObjectNode request = run.processes().request(VisitsAnswer.OP, new VisitsRequest(dir.toString(),
                run.params().workload().id(), null, r > 0, r > 0 ? r : null, null, order));
        return run.processes().send(step, request, order.length, VisitsAnswer::of, (l, reply) -> { }).result();
    }

    /** The median of each step of a run, and the p99 of the whole visit. */
    private static Map<String, Double> figures(VisitsAnswer answer) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String metric : List.of("open", "count", "close", "oqc")) {
            Histogram h = Latency.histogram(answer.samples(metric));
            figures.put(metric, Latency.p50Ms(h));
            if (metric.equals("oqc")) {
                figures.put(metric + "_p99", Latency.p99Ms(h));
            }
        }
        return figures;
    }

    static int[] inOrder(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    private static void add(Map<String, List<Double>> all, Map<String, Double> run) {
        run.forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
    }

    private static Map<String, Double> medians(Map<String, List<Double>> runs) {
        Map<String, Double> medians = new LinkedHashMap<>();
        runs.forEach((k, v) -> medians.put(k, RunStats.median(v)));
        return medians;
    }
}
