package storebench.phase;

import org.HdrHistogram.Histogram;
import storebench.measure.Latency;
import storebench.measure.PageCache;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The warm open runs: R runs, each in a fresh trial process after its own uncounted warm-up (page cache and JIT);
 * run r visits all N stores in the order {@code Collections.shuffle(0..N-1, new Random(r))}: open, count, close,
 * each timed, and the three together. Each figure is the median over the runs of that run's p50 (or p99).
 */
public final class OpenRunsPhase extends RunsPhase {
    public static final Stat OPEN_MS = Stat.of("open_ms", "Open (median)", Unit.MS, 3).reference(3).ofRuns()
            .chart(Phases.Chart.MEDIANS, "Open (median ms)").build();
    public static final Stat COUNT_MS = Stat.of("count_ms", "Count query (median)", Unit.MS, 3).reference(4).ofRuns()
            .chart(Phases.Chart.MEDIANS, "Count query (median ms)").build();
    public static final Stat OQC_MS = Stat.of("oqc_ms", "Open, query, close (median)", Unit.MS, 3).reference(5)
            .ofRuns().chart(Phases.Chart.WARM_COLD, "Open, query, close, warm page cache (median ms)").build();
    public static final Stat OQC_P99_MS = Stat.of("oqc_p99_ms", "same, p99", Unit.MS, 3).reference(6).ofRuns().build();
    public static final Stat CLOSE_MS = Stat.of("close_ms", "Close (median)", Unit.MS, 3).reference(7).ofRuns()
            .chart(Phases.Chart.MEDIANS, "Close (median ms)").build();
    /** The machine's, not the engine's: recorded, never judged. */
    public static final Stat LOAD1 = Stat.of("load1", "Load at start of the warm open runs (max)", Unit.COUNT, 2)
            .reference(10).build();
    /**
     * Node engines only: close plus the minor GC and event-loop turn that finalize the connection's statements; for
     * libSQL, whose close() only marks the connection closed, that is where the connection is released.
     */
    public static final Stat CLOSE_FIN_MS = Stat.of("close_fin_ms",
            "Close, finalization included (Node worker: + minor GC and event-loop turn)", Unit.MS, 3).ofRuns()
            .onlyIn(TrialRuntime.NODE).build();
    /** Open, query, close over the yardstick around the run: for one engine over time, not across runtimes. */
    public static final Stat OQC_YARD = Stat.of("oqc_yard",
            "Open, query, close in yardsticks (median; the host's speed divided out)", Unit.COUNT, 2).ofRuns()
            .counting("yardsticks").build();
    /** The yardstick itself: system calls and memory touches of about an open's size, around the run's visits. */
    public static final Stat YARD_MS = Stat.of("yard_ms", "Yardstick around each run: 4 KiB file read, 256 KiB memory"
            + " touched (median)", Unit.MS, 4).ofRuns().build();
    /** oqc_minflt, oqc_sys_ms, ... */
    public static final VisitCounterStats COUNTERS = VisitCounterStats.of("oqc", "", "Open, query, close", false);
    /**
     * How much of the pool the page cache held as a run's visits began (mincore, which looks without reading): where a
     * warm visit still reads from the device, whether the pool did not fit or was let go of.
     */
    public static final Stat POOL_CACHED_PCT = Stat.of("pool_cached_pct",
            "Pool in the page cache as a run began (median, % of its pages)", Unit.COUNT, 1).ofRuns().build();
    public static final Step WARMUP = Step.warmUp("warmup", "warm-up");
    public static final Step OPENRUN = new Step("openrun", true, "open runs");
    private static final List<Map.Entry<String, Stat>> MEDIANS = List.of(Map.entry("open", OPEN_MS),
            Map.entry("count", COUNT_MS), Map.entry("close", CLOSE_MS), Map.entry("oqc", OQC_MS),
            Map.entry("closefin", CLOSE_FIN_MS));

    OpenRunsPhase() {
        super("openruns", WARMUP, OPENRUN, Phase.with(List.of(OPEN_MS, COUNT_MS, OQC_MS, OQC_P99_MS, CLOSE_MS, LOAD1,
                CLOSE_FIN_MS, OQC_YARD, YARD_MS, POOL_CACHED_PCT), COUNTERS));
        series = new RunSeries(this, Query.COUNT, WARMUP, OPENRUN,
                new RunSeries.Yields(MEDIANS, OQC_P99_MS, OQC_MS)).withYard().counters(COUNTERS)
                .beforeRun((run, r) -> cached(StoreLayout.storeDirs(run.stores().pool(), run.params().stores())))
                .runFigures((answer, before, runs) -> {
                    if (before instanceof PoolCached c) {
                        runs.computeIfAbsent(POOL_CACHED_PCT, k -> new ArrayList<>()).add(c.percent());
                    }
                    if (answer.has("yard")) {
                        Histogram yard = Latency.histogram(answer.samples("yard"));
                        List<Double> oqc = runs.get(OQC_MS); // this run's oqc median was just added, last
                        runs.computeIfAbsent(YARD_MS, k -> new ArrayList<>()).add(Latency.p50Ms(yard));
                        runs.computeIfAbsent(OQC_YARD, k -> new ArrayList<>()).add(oqc.get(oqc.size() - 1)
                                / Latency.p50Ms(yard));
                    }
                }).recorded((run, m, earlier, maxLoad) -> {
                    double load = Math.max(maxLoad, earlier.has(LOAD1) ? earlier.value(LOAD1) : 0);
                    m.put(LOAD1, load);
                    run.results().stat(LOAD1, load, List.of());
                });
    }

    /** The pool's pages and how many of them the page cache held as run r began: fields of the run's line. */
    record PoolCached(long poolPages, long cachedPagesAtStart) {
        double percent() {
            return poolPages == 0 ? 100 : Math.round(1000.0 * cachedPagesAtStart / poolPages) / 10.0;
        }
    }

    /** What the page cache holds of the stores now; none where this JVM cannot call into libc (nothing recorded). */
    static PoolCached cached(List<Path> stores) throws IOException {
        if (PageCache.unavailable().isPresent()) {
            return null;
        }
        PageCache.Residency now = PageCache.residency(PageCache.filesUnder(stores));
        return new PoolCached(now.pages(), now.residentPages());
    }

    /** The gate's resampling: see {@link RunSeries#more}. */
    public Measured more(PhaseRun run, Measured earlier, int most, Precision.StopRule stop) throws Exception {
        return series.more(run, earlier, most, stop);
    }

    /** The order run r visits the stores in: 0..n-1 shuffled with {@code new Random(r)}. */
    public static int[] visitingOrder(int n, int run) {
        List<Integer> order = new ArrayList<>(java.util.stream.IntStream.range(0, n).boxed().toList());
        Collections.shuffle(order, new Random(run));
        return order.stream().mapToInt(Integer::intValue).toArray();
    }
}
