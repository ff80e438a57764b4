package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.measure.VisitCounters;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.child.traffic.GcPauses;
import storebench.trial.child.traffic.OpenLoop;
import storebench.trial.child.traffic.PauseMarks;
import storebench.trial.child.traffic.StoreCache;
import storebench.trial.child.traffic.TrafficSamples;
import storebench.trial.answer.TrafficAnswer;
import storebench.trial.traffic.TrafficDraws;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One traffic run in a JVM trial process (docs/measuring.md, "traffic"; the Node worker's twin is lib/ops/traffic.js):
 * copies made and synced, the closed step, the open loop at {@code load} times its rate, every store's count checked.
 */
final class TrafficLoop {
    /** What a traffic request asks, its schedules (the parent's draws) decoded. */
    record DrawnRequest(int stores, int open, ClosedStep closed, Arrivals arrivals, boolean check) {
        DrawnRequest {
            if (stores < 1 || open < 1) {
                throw new IllegalArgumentException("traffic needs \"stores\" >= 1 and \"open\" >= 1, not " + stores
                        + " and " + open);
            }
            if (!(arrivals.load() > 0) || !(arrivals.seconds() > 0) || closed.ms() < 1 || arrivals.leastRequests() < 0
                    || closed.draws().requests() < 1 || arrivals.draws().requests() < 1) {
                throw new IllegalArgumentException("traffic needs \"load\" > 0, \"seconds\" > 0, \"closedMs\" >= 1,"
                        + " \"leastRequests\" >= 0 and a request or more in each schedule");
            }
        }
    }

    /** The closed step: served back to back for at most {@code ms}. */
    record ClosedStep(TrafficDraws draws, long ms) {
    }

    /** The open loop: for {@code seconds} or the schedule's first {@code leastRequests}, whichever is more. */
    record Arrivals(TrafficDraws draws, double load, double seconds, int leastRequests) {
        /** The open loop's length at {@code rate}: its seconds' requests or its least, within the schedule. */
        int requests(double rate) {
            long bySeconds = Math.round(rate * seconds);
            return (int) Math.max(1, Math.min(draws.requests(), Math.max(leastRequests, bySeconds)));
        }
    }

    /**
     * The run: both loops, the cache, the check, the JVM's work beside the open loop, its collector's pauses set
     * against the loop's requests, and its counters.
     */
    record Outcome(TrafficAnswer.Closed closed, TrafficSamples open, StoreCache.Counts cache, int writes, boolean checked,
                   JvmWork work, PauseMarks.Marked marked, Optional<VisitCounters> counters) {
    }

    /**
     * The JVM's own work during the open loop, as its beans count it (the answer's decoded TrafficAnswer.RuntimeWork is
     * the parent's); survived: the heap left live (full collections before and after).
     */
    record JvmWork(long gcMs, long gcCount, long jitMs, long allocatedBytes, long survivedBytes) {
        static JvmWork now() {
            long ms = 0;
            long count = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ms += Math.max(0, gc.getCollectionTime());
                count += Math.max(0, gc.getCollectionCount());
            }
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            long jitMs = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
            return new JvmWork(ms, count, jitMs, allocated(), 0);
        }

        JvmWork since(JvmWork before) {
            return new JvmWork(gcMs - before.gcMs, gcCount - before.gcCount,
                    jitMs < 0 || before.jitMs < 0 ? -1 : jitMs - before.jitMs,
                    allocatedBytes < 0 || before.allocatedBytes < 0 ? -1 : allocatedBytes - before.allocatedBytes, 0);
        }

        JvmWork surviving(long bytes) {
            return new JvmWork(gcMs, gcCount, jitMs, allocatedBytes, bytes);
        }

        /** Every live thread's allocations, the engine's own too (Xodus cleans its log on one); -1: not counted. */
        private static long allocated() {
            if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t)
                    || !t.isThreadAllocatedMemorySupported() || !t.isThreadAllocatedMemoryEnabled()) {
                return -1;
            }
            return Arrays.stream(t.getThreadAllocatedBytes(t.getAllThreadIds())).map(b -> Math.max(0, b)).sum();
        }
    }

    private final String engineId;
    private final Engine engine;

    TrafficLoop(String engineId, Engine engine) {
        this.engineId = engineId;
        this.engine = engine;
    }

    Outcome run(Path root, Workload workload, DrawnRequest a, Runnable progress) throws Exception {
        makeStores(root, workload, a.stores());
        progress.run();
        try (TenantRequests requests = new TenantRequests(engineId, engine, root, workload, a.stores(), a.open())) {
            OpenLoop loop = new OpenLoop(OpenLoop.SYSTEM);
            requests.use(a.closed().draws());
            int closedMost = a.closed().draws().requests();
            TrafficSamples closed = loop.closed(requests, closedMost, a.closed().ms() * 1_000_000L,
                    TrafficSamples.keepingEach(closedMost), done -> { });
            progress.run();
            double closedPerS = secondHalfPerS(closed);
            double rate = a.arrivals().load() * closedPerS;
            int n = a.arrivals().requests(rate);
            requests.use(a.arrivals().draws());
            StoreCache<OpenStore> cache = requests.cache();
            StoreCache.Counts before = cache.counts();
            int[] writtenBefore = requests.written();
            JvmWork runtimeBefore = JvmWork.now();
            Optional<VisitCounters> countersBefore = VisitCounters.now(); // the serving thread's, outside any span
            TrafficSamples kept = TrafficSamples.keepingLatencies(n); // allocated before the loop, as is the watch
            GcPauses watch = new GcPauses().start(); // its explicit collection before the loop, outside every span
            // no progress line inside the loop: the pipe's write would count in the latencies after it
            TrafficSamples open = loop.open(requests, n, rate, kept, done -> { });
            Optional<VisitCounters> counters = VisitCounters.since(countersBefore);
            JvmWork runtime = JvmWork.now().since(runtimeBefore);
            List<GcPauses.Pause> pauses = watch.stop();
            runtime = runtime.surviving(watch.survivedBytes());
            PauseMarks.Marked marked = PauseMarks.mark(open, rate, pauses, watch.uncertaintyMs());
            int writes = Arrays.stream(requests.written()).sum() - Arrays.stream(writtenBefore).sum();
            StoreCache.Counts during = cache.counts().minus(before);
            Outcome ran = new Outcome(new TrafficAnswer.Closed(closed.served, closed.wallNs, closedPerS), open, during,
                    writes, a.check(), runtime, marked, counters);
            if (a.check()) {
                requests.checkAll();
            }
            return ran;
        }
    }

    /**
     * The closed step's rate over the second half of what it served once its cache was full, over that half's wall time,
     * each request's whole turn (the open loop's requests wait behind all of it): the open loop finds the cache full.
     * Until it is full no store is closed, and a process' first hundred stores held open at once can each cost several
     * times a later one (docs/runs.md, "The closed step's cache"). As the Node worker's.
     */
    static double secondHalfPerS(TrafficSamples closed) {
        int filled = Math.max(0, closed.filledAt);
        int from = filled + (closed.served - filled) / 2;
        if (closed.served - from < 1) {
            return closed.reachedPerS();
        }
        long ns = closed.endNs[closed.served - 1] - (from > 0 ? closed.endNs[from - 1] : 0);
        return ns <= 0 ? closed.reachedPerS() : (closed.served - from) * 1e9 / ns;
    }

    /**
     * Store 0 created through the engine with the workload's notes, stores 1..N-1 copies of its files, every copy
     * synced: a tenant's store is on disk before its first request, so no commit of the loops writes back a copy.
     */
    private void makeStores(Path root, Workload workload, int stores) throws Exception {
        Path first = StoreLayout.storeDir(root, 0);
        Files.createDirectories(root);
        Files.createDirectory(first);
        try (OpenStore store = engine.create(first)) {
            store.putAll(PhaseLoops.notes(workload, 0));
        }
        StoreCopy template = StoreCopy.of(first);
        for (int i = 1; i < stores; i++) {
            template.writeSyncedTo(StoreLayout.storeDir(root, i));
        }
    }
}
