package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.engine.EngineDescriptor;
import storebench.measure.Latency;
import storebench.model.TrialRuntime;
import storebench.results.Curve;
import storebench.results.EnvironmentFile;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;
import storebench.trial.answer.ConcurrentAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * T workers at once, for each T of bench.threads (docs/measuring.md, "concurrency"): run r's seeded {@link Sample},
 * dealt round-robin into T shares, each worker visiting its own. JVM engines run T threads in one process; Node engines
 * T worker processes (a Node database call is synchronous). The workers start together at one wall-clock instant; the
 * wall time runs from it to the last worker's end. R runs, medians of the runs' figures.
 */
public final class ConcurrencyPhase extends Phase {
    /** The worker counts it has statistics for. */
    public static final List<Integer> THREADS = List.of(1, 2, 4, 8);
    private static final Map<Integer, Stat[]> STATS = new LinkedHashMap<>();
    /** What a visit asks of the machine at T workers, summed over the workers: conc_oqc_minflt_t2. */
    private static final Map<Integer, VisitCounterStats> COUNTERS = new LinkedHashMap<>();

    static {
        for (int t : THREADS) {
            String workers = t + " worker" + (t == 1 ? "" : "s");
            Stat perS = Stat.of("conc_oqc_per_s_t" + t, "Concurrency, " + workers + ": open-query-close per second,"
                    + " all workers", Unit.COUNT, 0).ofRuns().higherIsBetter().counting("stores/s").optional().build();
            Stat ms = Stat.of("conc_oqc_ms_t" + t, "same, " + workers + ": open, query, close (median)", Unit.MS, 3)
                    .ofRuns().optional().build();
            Stat p99 = Stat.of("conc_oqc_p99_ms_t" + t, "same, " + workers + ": p99", Unit.MS, 3).ofRuns().optional()
                    .build();
            STATS.put(t, new Stat[]{perS, ms, p99});
            COUNTERS.put(t, VisitCounterStats.of("conc_oqc", "_t" + t, "Concurrency, " + workers, true));
        }
    }

    public static final Step WARMUP = Step.warmUp("warmup", "warm-up");
    public static final Step CONCURRENT = new Step(ConcurrentAnswer.OP, true, "concurrency");
    public static final PhaseOption<List<Integer>> WORKERS = new PhaseOption<>("bench.threads", "1,2,4",
            ConcurrencyPhase::workerCounts);
    /** {@code threads} or {@code processes}: threads share their process' mmap lock, processes do not. */
    public static final PhaseOption<String> MODE = new PhaseOption<>("bench.concurrency", "threads", v -> {
        if (!v.equals("threads") && !v.equals("processes")) {
            throw new IllegalArgumentException("give threads (T threads in one JVM trial process) or processes (T"
                    + " trial processes, as the Node worker's always are)");
        }
        return v;
    });
    public static final PhaseOption<Integer> VISITS = PhaseOption.positiveInt("bench.concurrencyVisits", 1000);
    /** The workers start this long after their requests are made: time enough to send them all. */
    static final long START_DELAY_MS = 300;

    ConcurrencyPhase() {
        super("concurrency", Processes.ONE_PER_RUN, List.of(WARMUP, CONCURRENT), allStats());
    }

    public static Stat perSecond(int threads) {
        return of(threads)[0];
    }

    public static Stat median(int threads) {
        return of(threads)[1];
    }

    public static Stat p99(int threads) {
        return of(threads)[2];
    }

    private static Stat[] of(int threads) {
        Stat[] s = STATS.get(threads);
        if (s == null) {
            throw new IllegalArgumentException("no concurrency statistics for " + threads + " workers; valid: " + THREADS);
        }
        return s;
    }

    private static List<Stat> allStats() {
        return Stream.concat(STATS.values().stream().flatMap(Arrays::stream),
                COUNTERS.values().stream().flatMap(c -> c.all().stream())).toList();
    }

    @Override
    public List<PhaseOption<?>> options() {
        return List.of(WORKERS, MODE, VISITS, Sample.STORES, WarmUp.SHARE, WarmUp.JIT_VISITS, WarmUp.SECONDS, TrafficPhase.GC);
    }

    /** Its workers serve visits as a service's threads do: under bench.trafficGc, a store open per worker at most. */
    @Override
    public java.util.Optional<Serving> serving(TrialParams params) {
        return java.util.Optional.of(new Serving(params.option(TrafficPhase.GC),
                params.option(WORKERS).stream().mapToInt(Integer::intValue).max().orElse(1)));
    }

    /** A JVM run warms once for all its T; the Node workers of each T share one warm-up. */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return runs * options.option(WORKERS).size() * (warmupPasses + WarmUp.passes(stores, options.option(VISITS)));
    }

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        if (op.equals(WARMUP.op())) {
            return runs;
        }
        int sample = Sample.size(stores, options);
        return op.equals(CONCURRENT.op()) ? (double) runs * options.option(WORKERS).size()
                * WarmUp.passes(sample, options.option(VISITS)) * sample : 0;
    }

    /** "4, 1,8" reads as [1, 4, 8]: each a count of {@link #THREADS}. */
    static List<Integer> workerCounts(String value) {
        java.util.TreeSet<Integer> chosen = new java.util.TreeSet<>();
        for (String item : value.split(",")) {
            if (item.isBlank()) {
                continue;
            }
            Integer t = null;
            try {
                t = Integer.valueOf(item.trim());
            } catch (NumberFormatException e) {
                // named below
            }
            if (t == null || !THREADS.contains(t)) {
                throw new IllegalArgumentException("'" + item.trim() + "' is not one of " + THREADS + " (the worker"
                        + " counts the concurrency phase has statistics for); give a comma list, e.g. 1,2,4");
            }
            chosen.add(t);
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("give a comma list of worker counts, e.g. 1,2,4");
        }
        return List.copyOf(chosen);
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.stores().ensure();
        Map<Stat, List<Double>> figures = new LinkedHashMap<>();
        // 200 visits at 5,000 a second last 40 ms, too short for a throughput (SQLite's T=2 read 0.95x of T=1; with
        // 2,000 visits 1.24x)
        int passes = WarmUp.passes(Sample.size(run), run.params().option(VISITS));
        boolean threads = run.params().runtime() == TrialRuntime.JVM && run.params().option(MODE).equals("threads");
        for (int r = 1; r <= run.params().runs(); r++) {
            int[] order = repeat(Sample.order(run, r), passes);
            if (threads) {
                // one warmed process serves every T of the run: the JIT's state is the process', not a thread's
                WarmUp.forRun(run, r, WARMUP, Query.COUNT);
            }
            for (int t : run.params().option(WORKERS)) {
                int[][] shares = shares(order, t);
                List<ConcurrentAnswer.Worker> workers = threads ? inThreads(run, r, shares) : inProcesses(run, r, shares);
                record(workers, t, figures);
            }
            if (threads) {
                run.processes().keepWarm(r);
            }
        }
        Measured m = new Measured(this);
        figures.forEach((stat, runs) -> m.put(stat, RunStats.median(runs), runs));
        return m.recordTo(run.results());
    }

    private static int[] repeat(int[] order, int passes) {
        return IntStream.range(0, passes).flatMap(p -> Arrays.stream(order)).toArray();
    }

    /** The order dealt round-robin into {@code t} shares. */
    static int[][] shares(int[] order, int t) {
        int[][] shares = new int[t][];
        for (int k = 0; k < t; k++) {
            int first = k;
            shares[k] = IntStream.range(0, (order.length - k + t - 1) / t).map(j -> order[first + j * t]).toArray();
        }
        return shares;
    }

    private List<ConcurrentAnswer.Worker> inThreads(PhaseRun run, int r, int[][] shares) throws Exception {
        ObjectNode request = run.processes().request(ConcurrentAnswer.OP, new ConcurrentRequest(r,
                System.currentTimeMillis() + START_DELAY_MS, shares));
        return run.processes().send(CONCURRENT, request, Arrays.stream(shares).mapToInt(s -> s.length).sum(),
                ConcurrentAnswer::of, (l, reply) -> ResultsFile.with(l, new InThreads(r, shares.length))).result()
                .workers();
    }

    /** T fresh trial processes, each warmed up over its own share, then started together. */
    private List<ConcurrentAnswer.Worker> inProcesses(PhaseRun run, int r, int[][] shares) throws Exception {
        int sample = Sample.size(run);
        // a fixed warm-up's visits over the sample
        int fixed = WarmUp.passes(sample, run.params().warmupOpens()) * sample;
        int perWorker = Math.max(1, (fixed + shares.length - 1) / shares.length);
        long[] startAt = {0};
        IntFunction<ObjectNode> warm = k -> {
            int[] warmOrder = repeat(shares[k], WarmUp.passes(shares[k].length, perWorker));
            return run.processes().request(VisitsAnswer.OP, new VisitsRequest(null, null, Query.COUNT.id, null, null,
                    null, warmOrder));
        };
        IntFunction<ObjectNode> go = k -> {
            if (k == 0) {
                startAt[0] = System.currentTimeMillis() + START_DELAY_MS;
            }
            return run.processes().request(ConcurrentAnswer.OP, new ConcurrentRequest(r, startAt[0],
                    new int[][]{shares[k]}));
        };
        int warmVisits = Arrays.stream(shares).mapToInt(s -> s.length * WarmUp.passes(s.length, perWorker)).sum();
        List<List<ObjectNode>> answers = run.processes().inParallel(CONCURRENT, shares.length, List.of(
                new PhaseProcesses.Stage(WARMUP.op(), warmVisits, warm),
                new PhaseProcesses.Stage(ConcurrentAnswer.OP, Arrays.stream(shares).mapToInt(s -> s.length).sum(), go)));
        return answers.get(1).stream().flatMap(a -> ConcurrentAnswer.of(a).workers().stream()).toList();
    }

    /** What a run in threads adds to its phase line. */
    private record InThreads(int run, int threads) {
    }

    /**
     * Throughput against the workers T and the speed-up over T=1, with the machine's cores beside it: beyond the cores,
     * more workers measure contention, not scaling.
     */
    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        List<String> parts = new ArrayList<>();
        Double one = null;
        int highest = 0;
        for (int t : THREADS) {
            Optional<RunResults.Measurement> m = results.measurement(engine, setting, perSecond(t).id());
            if (m.isEmpty()) {
                continue;
            }
            if (t == 1) {
                one = m.get().value();
            }
            highest = t;
            parts.add(String.format(Locale.US, "%,.0f/s at T=%d%s", m.get().value(), t, one == null || t == 1 ? ""
                    : String.format(Locale.US, " (x%.2f)", m.get().value() / one)));
        }
        if (parts.isEmpty()) {
            return List.of();
        }
        EnvironmentFile environment = results.environmentFile();
        int cores = environment.host().cores().orElse(0);
        String machine = cores > 0 && highest > cores ? "; this machine has " + cores + " cores: beyond " + cores
                + " workers the figures show contention, not scaling" : "";
        boolean processes = results.runLine().options().phaseOption(MODE.name(), "threads").equals("processes")
                || environment.runtime(engine).startsWith("Node");
        return List.of("concurrency (open-query-close per second, all workers as " + (processes ? "processes"
                : "threads of one process") + "; speed-up over one worker): " + String.join(", ", parts) + machine
                + "." + (processes || !slowerAsThreads(results, engine, setting) ? "" : " Two workers as threads of"
                + " one process made fewer visits a second than one: an engine that maps its store on every open"
                + " may scale as processes (-Dbench.concurrency=processes) where it does not as threads "
                + EngineDescriptor.notebook(THREADS_NOTE) + "."));
    }

    /** The notebook's section on threads against processes for the engines that map their stores. */
    static final String THREADS_NOTE = "two-workers-in-one-process-the-mapped-engines-do-not-scale-as-threads";

    private static boolean slowerAsThreads(RunResults results, String engine, String setting) {
        Optional<RunResults.Measurement> one = results.measurement(engine, setting, perSecond(1).id());
        Optional<RunResults.Measurement> two = results.measurement(engine, setting, perSecond(2).id());
        return one.isPresent() && two.isPresent() && two.get().value() < one.get().value();
    }

    @Override
    public List<Curve> curves(RunResults results, List<String> engines, String setting) {
        Map<String, List<double[]>> throughput = Curve.series(engines, e -> THREADS.stream().flatMap(t -> results
                .measurement(e, setting, perSecond(t).id()).map(m -> new double[]{t, m.value()}).stream()).toList());
        return throughput.isEmpty() ? List.of() : List.of(new Curve("Open-query-close per second against workers",
                "workers at once (T)", "stores/s, all workers", "The concurrency phase: open-query-close per second"
                + " over all workers (medians of the runs), against the workers at once; this machine's cores are in"
                + " the environment section.", throughput));
    }

    /** One run's figures at T workers: stores per second, the pooled spans' p50 and p99, counters per visit. */
    private static void record(List<ConcurrentAnswer.Worker> workers, int t, Map<Stat, List<Double>> figures) {
        long[] spans = workers.stream().flatMapToLong(w -> Arrays.stream(w.oqc())).toArray();
        long first = workers.stream().mapToLong(ConcurrentAnswer.Worker::startUs).min().orElse(Long.MAX_VALUE);
        long last = workers.stream().mapToLong(ConcurrentAnswer.Worker::endUs).max().orElse(Long.MIN_VALUE);
        Histogram h = Latency.histogram(spans);
        double seconds = Math.max(1, last - first) / 1e6;
        figures.computeIfAbsent(perSecond(t), k -> new ArrayList<>()).add(spans.length / seconds);
        figures.computeIfAbsent(median(t), k -> new ArrayList<>()).add(Latency.p50Ms(h));
        figures.computeIfAbsent(p99(t), k -> new ArrayList<>()).add(Latency.p99Ms(h));
        ConcurrentAnswer.counters(workers).ifPresent(c -> COUNTERS.get(t).add(c, spans.length, figures));
    }
}
