package storebench.trial.child.traffic;

import java.util.Arrays;

/**
 * At most {@code capacity} stores open, the least recently used closed first, in the visit that caused it (so the
 * process never holds more than {@code capacity}). Nothing is allocated per visit: the recency list is two int arrays
 * indexed by store. Not thread-safe: one per loop.
 *
 * @param <S> an open store
 */
public final class StoreCache<S> {
    /** Opens store {@code store} (a miss). */
    @FunctionalInterface
    public interface Opener<S> {
        S open(int store) throws Exception;
    }

    /** Closes store {@code store} (evicted, or at the end). */
    @FunctionalInterface
    public interface Closer<S> {
        void close(int store, S open) throws Exception;
    }

    private static final int NONE = -1;

    private final int capacity;
    private final Opener<S> opener;
    private final Closer<S> closer;
    private final Object[] open;
    /** Towards the least recently used, and towards the most; NONE at the ends. */
    private final int[] older;
    private final int[] newer;
    private int newest = NONE;
    private int oldest = NONE;
    private int size;
    private long hits;
    private long misses;
    private long evictions;
    private boolean lastHit;
    private int lastEvicted = NONE;

    public StoreCache(int stores, int capacity, Opener<S> opener, Closer<S> closer) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a store cache holds at least one open store, not " + capacity);
        }
        this.capacity = capacity;
        this.opener = opener;
        this.closer = closer;
        open = new Object[stores];
        older = new int[stores];
        newer = new int[stores];
        Arrays.fill(older, NONE);
        Arrays.fill(newer, NONE);
    }

    /** Store {@code store}, open (a hit) or opened now (a miss); a failed open or close leaves the cache consistent. */
    @SuppressWarnings("unchecked")
    public S visit(int store) throws Exception {
        Object s = open[store];
        lastEvicted = NONE;
        if (s != null) {
            hits++;
            lastHit = true;
            unlink(store);
            pushNewest(store);
            return (S) s;
        }
        misses++;
        lastHit = false;
        if (size == capacity) {
            int victim = oldest;
            Object evicted = open[victim];
            unlink(victim);
            open[victim] = null;
            size--;
            evictions++;
            lastEvicted = victim;
            closer.close(victim, (S) evicted);
        }
        S opened = opener.open(store);
        if (opened == null) {
            throw new IllegalStateException("opening store " + store + " gave no store");
        }
        open[store] = opened;
        size++;
        pushNewest(store);
        return opened;
    }

    public boolean lastWasHit() {
        return lastHit;
    }

    /** The store the last visit closed to make room, or -1. */
    public int lastEvicted() {
        return lastEvicted;
    }

    public Counts counts() {
        return new Counts(hits, misses, evictions);
    }

    public int size() {
        return size;
    }

    /** The open stores, least recently used first (the next to be closed first). */
    public int[] openLeastRecentFirst() {
        int[] ids = new int[size];
        int k = 0;
        for (int s = oldest; s != NONE; s = newer[s]) {
            ids[k++] = s;
        }
        return ids;
    }

    /** Closes every open store even where one fails; the first failure is thrown after, the others suppressed. */
    @SuppressWarnings("unchecked")
    public void closeAll() throws Exception {
        Exception failed = null;
        while (oldest != NONE) {
            int store = oldest;
            Object s = open[store];
            unlink(store);
            open[store] = null;
            size--;
            try {
                closer.close(store, (S) s);
            } catch (Exception e) {
                if (failed == null) {
                    failed = e;
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private void unlink(int store) {
        int o = older[store];
        int n = newer[store];
        if (o == NONE) {
            oldest = n;
        } else {
            newer[o] = n;
        }
        if (n == NONE) {
            newest = o;
        } else {
            older[n] = o;
        }
        older[store] = NONE;
        newer[store] = NONE;
    }

    private void pushNewest(int store) {
        older[store] = newest;
        newer[store] = NONE;
        if (newest == NONE) {
            oldest = store;
        } else {
            newer[newest] = store;
        }
        newest = store;
    }

    /** A cache's counts at one moment; the difference of two is what happened between them. */
    public record Counts(long hits, long misses, long evictions) {
        public Counts minus(Counts before) {
            return new Counts(hits - before.hits, misses - before.misses, evictions - before.evictions);
        }
    }
}
