package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.child.traffic.OpenLoop;
import storebench.trial.child.traffic.StoreCache;
import storebench.trial.child.traffic.TrafficDraws;
import storebench.trial.child.traffic.TrafficSamples;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One traffic run in a JVM trial process (docs/protocol.md, op {@code traffic}): its stores made as copies of one
 * created store, then, through one {@link TenantRequests} (a cache of K open stores), a closed step that measures what
 * the engine serves back to back and leaves the cache warm, then the open loop at {@code load} times its rate (its second half's) for
 * {@code seconds}, then every store's count checked. The Node worker's twin is lib/ops/traffic.js.
 */
final class TrafficLoop {
    /** What a traffic request asks (docs/protocol.md). */
    record Asked(int stores, int open, double readShare, long seed, long closedMs, double load, double seconds,
                 int maxRequests, boolean check) {
        Asked {
            if (stores < 1 || open < 1) {
                throw new IllegalArgumentException("traffic needs \"stores\" >= 1 and \"open\" >= 1, not " + stores
                        + " and " + open);
            }
            if (!(readShare >= 0 && readShare <= 1) || !(load > 0) || !(seconds > 0) || closedMs < 1
                    || maxRequests < 1) {
                throw new IllegalArgumentException("traffic needs \"readShare\" in [0, 1], \"load\" > 0, \"seconds\""
                        + " > 0, \"closedMs\" >= 1 and \"maxRequests\" >= 1");
            }
        }
    }

    /**
     * The run: the closed step's requests and wall time, the open loop's samples, the cache's hits, misses and
     * evictions and the writes over the open loop, and whether every store's count was checked after it.
     */
    record Ran(int closedServed, long closedWallNs, double closedPerS, TrafficSamples open, long hits, long misses,
               long evictions, int writes, boolean checked) {
    }

    /** The most requests the closed step draws: 1,000 a millisecond of it, more than any engine serves here. */
    static final int CLOSED_MOST = 1_000_000;

    private final String engineId;
    private final Engine engine;

    TrafficLoop(String engineId, Engine engine) {
        this.engineId = engineId;
        this.engine = engine;
    }

    /** Run {@code a.seed()}: its stores made under {@code root} (which holds none yet), its loops, its check. */
    Ran run(Path root, Workload workload, Asked a, Runnable progress) throws Exception {
        makeStores(root, workload, a.stores());
        progress.run();
        try (TenantRequests requests = new TenantRequests(engineId, engine, root, workload, a.stores(), a.open())) {
            OpenLoop loop = new OpenLoop(OpenLoop.SYSTEM);
            // the closed step draws from seed -r, so that the open loop's requests are run r's whatever it served
            int closedMost = (int) Math.min(CLOSED_MOST, Math.max(1_000, a.closedMs() * 1_000));
            requests.use(TrafficDraws.draw(a.stores(), a.readShare(), -a.seed(), closedMost));
            TrafficSamples closed = loop.closed(requests, closedMost, a.closedMs() * 1_000_000L, done -> { });
            progress.run();
            double closedPerS = secondHalfPerS(closed);
            double rate = a.load() * closedPerS;
            int n = (int) Math.max(1, Math.min(a.maxRequests(), Math.round(rate * a.seconds())));
            TrafficDraws draws = TrafficDraws.draw(a.stores(), a.readShare(), a.seed(), n);
            requests.use(draws);
            StoreCache<OpenStore> cache = requests.cache();
            StoreCache.Counts before = cache.counts();
            int[] writtenBefore = requests.written();
            // no progress line inside the loop: the pipe's write would count in the latencies after it
            TrafficSamples open = loop.open(requests, n, rate, done -> { });
            int writes = 0;
            int[] written = requests.written();
            for (int i = 0; i < written.length; i++) {
                writes += written[i] - writtenBefore[i];
            }
            StoreCache.Counts during = cache.counts().minus(before);
            Ran ran = new Ran(closed.served, closed.wallNs, closedPerS, open, during.hits(), during.misses(),
                    during.evictions(), writes, a.check());
            if (a.check()) {
                requests.checkAll();
            }
            return ran;
        }
    }

    /**
     * What the closed step served per second in its second half, by the requests' service times: the first half fills
     * the cache (every first visit of a store a miss), which the open loop after it finds full. The Node worker's
     * secondHalfPerS is the same.
     */
    static double secondHalfPerS(TrafficSamples closed) {
        int from = closed.served / 2;
        long ns = 0;
        for (int k = from; k < closed.served; k++) {
            ns += closed.serviceNs[k];
        }
        return ns <= 0 ? closed.reachedPerS() : (closed.served - from) * 1e9 / ns;
    }

    /** Store 0 created through the engine with the workload's notes, stores 1..N-1 copies of its files. */
    private void makeStores(Path root, Workload workload, int stores) throws Exception {
        Path first = StoreLayout.storeDir(root, 0);
        Files.createDirectories(root);
        Files.createDirectory(first);
        try (OpenStore store = engine.create(first)) {
            store.putAll(PhaseLoops.notes(workload, 0));
        }
        StoreCopy template = StoreCopy.of(first);
        for (int i = 1; i < stores; i++) {
            template.writeTo(StoreLayout.storeDir(root, i));
        }
    }
}
