package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.PageCache;
import storebench.model.StoreLayout;
import storebench.results.ResultsFile;
import storebench.results.RunStats;
import storebench.trial.Query;
import storebench.trial.answer.VisitsAnswer;

import java.io.IOException;
import java.util.Locale;

/**
 * The uncounted warm-up before measurements: a trial process visits the stores with the phase's query (open, count or
 * read, close) in windows of {@link SteadyState#WINDOW} visits, going round them in order, until its figures have
 * settled ({@link SteadyState}), between the floor and the ceiling of its {@link Plan}, and at most bench.warmupSeconds
 * ({@link #SECONDS}) past its floors. With bench.warmup=fixed it always makes whole passes over all N stores of at
 * least bench.warmupOpens visits. In a JVM a steady warm-up first makes its JIT floor ({@link #JIT_VISITS}), once per
 * query per process. A kept process (bench.share) warming up a query it has settled before resumes: one block back
 * within the rule's tolerance of where it settled ({@link SteadyState#resumed}), over a pass of the pool first where
 * the page cache does not hold it. The phases with runs begin each run with it, the memory phase its holding process.
 */
public final class WarmUp {
    /** How a warm-up decides when to stop (bench.warmup). */
    public enum Rule {
        /** Once the windows' figures have settled (SteadyState), between a floor and the fixed warm-up's visits. */
        STEADY,
        /** Whole passes of at least bench.warmupOpens visits, always. */
        FIXED;

        public static Rule of(String value) {
            try {
                return valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bench.warmup='" + value + "' is not valid: give steady (each"
                        + " warm-up stops once its figures settle, at most bench.warmupOpens visits) or fixed (always"
                        + " whole passes of at least bench.warmupOpens visits)");
            }
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * bench.share: run r's warmed process serves run r of every phase with runs in turn, each phase's warm-up then only
     * settling its own query. On by default: kept and fresh processes gave the same figures (docs/runs.md, "Before and
     * after issue 24"), and a kept one makes the count query's JIT floor once where fresh ones make it three times.
     */
    public static final PhaseOption<Boolean> SHARE = new PhaseOption<>("bench.share", "true", value -> {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("give true (run r's warmed process serves run r of every phase with runs)"
                + " or false (a fresh process for every run of every phase)");
    });

    private WarmUp() {
    }

    /**
     * Whole passes over {@code n} stores that make at least {@code minVisits} visits: the fixed warm-up's passes (one
     * pass warms the page cache, but the JIT compiles a driver's open path only after a few thousand calls), a
     * concurrency run's, a Node worker's warm-up over its share.
     */
    public static int passes(int n, int minVisits) {
        return Math.max(1, (minVisits + n - 1) / n);
    }

    /** Reads the resident share of the pool's first {@code stores} stores. */
    @FunctionalInterface
    interface Residency {
        double of(int stores) throws IOException;
    }

    /**
     * What a warm-up may visit: round the first {@code stores} stores of the pool, at least {@code floor} and at most
     * {@code ceiling} visits; {@code wholePass}: whether the floor includes a pass over them for the page cache.
     */
    record Plan(int stores, int floor, int ceiling, boolean wholePass) {
        /**
         * A steady warm-up goes round the first bench.warmupOpens stores only (all N where there are no more): more
         * stores do not warm a process more. A pass over its stores is for the page cache, which is the machine's, not
         * the process': where it already holds them (asked only where they are more than the rule's three blocks),
         * the warm-up needs only what the rule judges by. A fixed one makes whole passes over all N. The rule can judge
         * after {@code judgedWindows} windows (SteadyState.minWindows(); a resumed warm-up: one block).
         */
        static Plan of(int n, int warmupOpens, Rule rule, int judgedWindows, Residency residency) throws IOException {
            int judged = judgedWindows * SteadyState.WINDOW;
            boolean steady = rule == Rule.STEADY;
            int stores = steady ? Math.min(n, warmupOpens) : n;
            int ceiling = passes(stores, warmupOpens) * stores;
            boolean cached = steady && stores > judged && residency.of(stores) >= LEAST_RESIDENT_WITHOUT_PASS;
            return new Plan(stores, Math.min(ceiling, cached ? judged : Math.max(stores, judged)), ceiling, !cached);
        }
    }

    /**
     * The JIT floor of a steady warm-up in a JVM: visits of a query a process makes before the rule may stop, once per
     * query per process. HotSpot compiles a visit's path in two bursts, the second from C2's threshold of 5,000 calls,
     * and the median is flat between them, so the rule alone stops too soon (docs/runs.md, "How many visits the JIT
     * needs": 95% compiled after 8,400-11,400 visits).
     */
    public static final PhaseOption<Integer> JIT_VISITS = new PhaseOption<>("bench.jitVisits", "10000",
            value -> PhaseOption.wholeNumber(value, 0, " (0: no JIT floor, the steady rule alone)"));

    /**
     * A steady warm-up stops once it has spent this many seconds past its floors (the JIT's, a pass over its stores),
     * settled or not, its line saying so: Turso's 9-ms Node reads ran unsettled to their 5,000-visit ceiling (44 s) in
     * four of six warm-ups (docs/runs/1000/reference-all-e030860).
     */
    public static final PhaseOption<Double> SECONDS = PhaseOption.seconds("bench.warmupSeconds", "10");

    /**
     * The JIT floor ends early, the rule taking over, once it has taken this long while the JIT compiled for at most
     * {@link #JIT_CUT_SHARE} of it: a mostly native visit (RocksDB's, DuckDB's) need not wait minutes for a compiler
     * that changes little of it, while pure-Java floors (H2's, Xodus') never get there. The share is of the whole
     * floor: the JIT is quiet for seconds between bursts (docs/runs.md, "The JIT floors: two cuts looked at on the kept
     * run").
     */
    static final long JIT_FLOOR_MS = 10_000;

    /** See {@link #JIT_FLOOR_MS}. */
    static final double JIT_CUT_SHARE = 0.02;

    /** The share of its stores' pages the page cache must hold for a warm-up to skip its whole pass. */
    static final double LEAST_RESIDENT_WITHOUT_PASS = 0.95;

    /**
     * The resident share (mincore) of the first {@code stores} stores of the pool, 0 where it cannot be read (no libc
     * through JNA): a pass is then made.
     */
    static double resident(PhaseRun run, int stores) throws IOException {
        if (PageCache.unavailable().isPresent()) {
            return 0;
        }
        return PageCache.residency(PageCache.filesUnder(StoreLayout.storeDirs(run.stores().pool(), stores))).fraction();
    }

    /** A warm-up window from its visits' answer: the median visit (ms), the wall time, the JIT's time where told. */
    static SteadyState.Window window(VisitsAnswer answer, Query query) {
        return new SteadyState.Window(RunStats.median(answer.samples(query.total)) / 1e6, answer.wallMs(),
                answer.compileMs());
    }

    /**
     * Run {@code r}'s process, warmed up: the one an earlier phase kept for run r (bench.share), or a fresh one; the
     * warm-up's phase line says which ({@code kept}). The caller hands the process back with
     * {@link PhaseProcesses#keepWarm} once its run is done.
     */
    static void forRun(PhaseRun run, int r, Phase.Step step, Query query) throws Exception {
        boolean kept = run.processes().takeWarm(r);
        if (!kept) {
            run.processes().fresh();
        }
        warm(run, step, query, r, kept);
    }

    /** Warms up the trial's process (started if there is none) for a whole phase: see {@link #forRun}. */
    static void warm(PhaseRun run, Phase.Step step, Query query) throws Exception {
        warm(run, step, query, null, false);
    }

    /**
     * Warms up the trial's process (started if there is none). The phase line records the visits made, the rule, where
     * the steady-state rule said settled (under bench.warmup=fixed too, so that a fixed run shows where a steady one
     * would have stopped; absent where it never did) and every window's median visit and JIT time. The yardstick's
     * blocks run around the first windows, so that it is compiled before a run times it, like the engine's path.
     */
    private static void warm(PhaseRun run, Phase.Step step, Query query, Integer r, boolean kept) throws Exception {
        Warming warming = new Warming(run, query);
        PhaseProcesses.Requests requests = run.processes().requests(step, warming.ceiling());
        while (warming.goesOn()) {
            int[] order = warming.nextOrder();
            ObjectNode request = run.processes().request(VisitsAnswer.OP, new VisitsRequest(query.id, warming.yard(),
                    null, null, order));
            warming.add(window(requests.send(request, order.length, VisitsAnswer::of), query), order.length);
        }
        warming.record(run.processes().warmth());
        requests.end(l -> ResultsFile.with(l, warming.describe(run.params().column(), step.op(), r, kept,
                run.params().stores(), run.params().warmupRule())));
    }
}
