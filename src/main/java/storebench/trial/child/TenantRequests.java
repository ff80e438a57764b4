package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.engine.Note;
import storebench.measure.TrafficHistograms;
import storebench.model.Workload;
import storebench.trial.child.traffic.OpenLoop;
import storebench.trial.child.traffic.StoreCache;
import storebench.trial.traffic.TrafficDraws;

import java.nio.file.Path;

/**
 * A traffic run's requests through a cache of open stores: a read is the count, checked after its span against W plus
 * the store's writes; a write is one new note ({@link OpenStore#write}). The note is built in {@link #prepare}, before
 * the request is due, so the timed span holds the engine's work and the cache's alone.
 */
public final class TenantRequests implements OpenLoop.Request, AutoCloseable {
    private final String engineId;
    private final Engine engine;
    private final Workload workload;
    private final Path[] dirs;
    private final StoreCache<OpenStore> cache;
    private final int[] written;
    private final int open;
    private TrafficDraws draws;
    private Note pending;
    /** The pending note's id: the store's notes before it, plus one. */
    private long pendingId;
    private long answer;

    public TenantRequests(String engineId, Engine engine, Path root, Workload workload, int stores, int open) {
        this.engineId = engineId;
        this.engine = engine;
        this.workload = workload;
        dirs = PhaseLoops.dirs(root, java.util.stream.IntStream.range(0, stores).toArray());
        written = new int[stores];
        cache = new StoreCache<>(stores, open, i -> engine.open(dirs[i]), (i, store) -> store.close());
        this.open = open;
    }

    /** The requests the next loop serves (each loop's own draws; the cache and the writes carry over). */
    public void use(TrafficDraws draws) {
        for (int tenant : draws.tenants) {
            if (tenant < 0 || tenant >= dirs.length) {
                throw new IllegalArgumentException("a request goes to store " + tenant + ", outside the pool of "
                        + dirs.length);
            }
        }
        this.draws = draws;
    }

    /** The cache as full as the open loop will find it: K stores open, or from the start where K >= N. */
    @Override
    public boolean filled() {
        return open >= dirs.length || cache.size() >= open;
    }

    @Override
    public void prepare(int k) {
        if (draws.writes[k]) {
            int store = draws.tenants[k];
            int j = workload.notesPerStore() + written[store];
            pending = new Note(workload.text(store, j), Workload.ts(j));
            pendingId = j + 1L;
        }
    }

    @Override
    public int serve(int k) throws Exception {
        OpenStore store = cache.visit(draws.tenants[k]);
        if (draws.writes[k]) {
            store.write(pendingId, pending);
            return cache.lastWasHit() ? TrafficHistograms.WRITE_HIT : TrafficHistograms.WRITE_MISS;
        }
        answer = store.count();
        return cache.lastWasHit() ? TrafficHistograms.READ_HIT : TrafficHistograms.READ_MISS;
    }

    @Override
    public void check(int k) {
        int store = draws.tenants[k];
        if (draws.writes[k]) {
            written[store]++;
            pending = null;
        } else if (answer != expected(store)) {
            throw new CountMismatch(engineId, store, dirs[store], expected(store), answer);
        }
    }

    private long expected(int store) {
        return (long) workload.notesPerStore() + written[store];
    }

    public int[] written() {
        return written.clone();
    }

    public StoreCache<OpenStore> cache() {
        return cache;
    }

    /** After the runs: every store's count checked against W plus its writes (nothing timed). */
    public void checkAll() throws Exception {
        cache.closeAll();
        for (int i = 0; i < dirs.length; i++) {
            long count;
            try (OpenStore store = engine.open(dirs[i])) {
                count = store.count();
            }
            if (count != expected(i)) {
                throw new CountMismatch(engineId, i, dirs[i], "after the traffic runs, expected " + expected(i)
                        + " (W plus " + written[i] + " writes), got " + count);
            }
        }
    }

    @Override
    public void close() throws Exception {
        cache.closeAll();
    }
}
