package storebench.trial.child.traffic;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoreCacheTest {
    /** What the cache asked of the engine, in order: "open 3", "close 1". */
    private final List<String> calls = new ArrayList<>();
    private int failOpen = -1;

    private StoreCache<String> cache(int capacity) {
        return new StoreCache<>(10, capacity, store -> {
            calls.add("open " + store);
            if (store == failOpen) {
                throw new IllegalStateException("store " + store + " does not open");
            }
            return "store-" + store;
        }, (store, open) -> {
            assertThat(open).isEqualTo("store-" + store);
            calls.add("close " + store);
        });
    }

    @Test
    void aVisitToAnOpenStoreIsAHitAndOpensNothing() throws Exception {
        StoreCache<String> c = cache(3);
        assertThat(c.visit(4)).isEqualTo("store-4");
        assertThat(c.lastWasHit()).isFalse();
        assertThat(c.visit(4)).isEqualTo("store-4");
        assertThat(c.lastWasHit()).isTrue();

        assertThat(calls).containsExactly("open 4");
        assertThat(c.counts().hits()).isEqualTo(1);
        assertThat(c.counts().misses()).isEqualTo(1);
        assertThat(c.counts().evictions()).isZero();
    }

    @Test
    void aMissWhenFullClosesTheLeastRecentlyUsedFirstThenOpens() throws Exception {
        StoreCache<String> c = cache(3);
        c.visit(1);
        c.visit(2);
        c.visit(3);
        c.visit(1); // 2 is now the least recently used
        calls.clear();

        c.visit(5);

        assertThat(calls).as("the close is part of the visit, before its open").containsExactly("close 2", "open 5");
        assertThat(c.lastEvicted()).isEqualTo(2);
        assertThat(c.openLeastRecentFirst()).containsExactly(3, 1, 5);
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.counts().evictions()).isEqualTo(1);
    }

    @Test
    void evictionsFollowRecencyOverALongerSequence() throws Exception {
        StoreCache<String> c = cache(2);
        for (int store : new int[] {0, 1, 0, 2, 1, 1, 3, 0}) {
            c.visit(store);
        }
        // 0 1 | 0 hit | 2 evicts 1 | 1 evicts 0 | 1 hit | 3 evicts 2 | 0 evicts 1
        assertThat(calls).containsExactly("open 0", "open 1", "close 1", "open 2", "close 0", "open 1", "close 2",
                "open 3", "close 1", "open 0");
        assertThat(c.counts().hits()).isEqualTo(2);
        assertThat(c.counts().misses()).isEqualTo(6);
        assertThat(c.counts().evictions()).isEqualTo(4);
        assertThat(c.openLeastRecentFirst()).containsExactly(3, 0);
    }

    @Test
    void aCacheOfOneClosesTheStoreBeforeEveryOtherVisit() throws Exception {
        StoreCache<String> c = cache(1);
        c.visit(7);
        c.visit(7);
        c.visit(8);
        assertThat(calls).containsExactly("open 7", "close 7", "open 8");
        assertThat(c.lastWasHit()).isFalse();
    }

    @Test
    void aStoreThatFailsToOpenIsNotHeldAndTheEvictedOneStaysClosed() throws Exception {
        StoreCache<String> c = cache(2);
        c.visit(1);
        c.visit(2);
        failOpen = 3;

        assertThatThrownBy(() -> c.visit(3)).hasMessageContaining("store 3 does not open");

        assertThat(c.openLeastRecentFirst()).containsExactly(2);
        assertThat(c.size()).isEqualTo(1);
        failOpen = -1;
        c.visit(1);
        assertThat(c.lastWasHit()).isFalse();
        assertThat(c.openLeastRecentFirst()).containsExactly(2, 1);
    }

    @Test
    void closeAllClosesEveryStoreLeastRecentFirstAndKeepsTheCounts() throws Exception {
        StoreCache<String> c = cache(3);
        c.visit(1);
        c.visit(2);
        c.visit(1);
        calls.clear();

        c.closeAll();

        assertThat(calls).containsExactly("close 2", "close 1");
        assertThat(c.size()).isZero();
        assertThat(c.openLeastRecentFirst()).isEmpty();
        assertThat(c.counts().hits()).isEqualTo(1);
        assertThat(c.counts().misses()).isEqualTo(2);
    }

    @Test
    void closeAllClosesTheRestWhenOneCloseFails() {
        List<Integer> closed = new ArrayList<>();
        StoreCache<String> c = new StoreCache<>(5, 3, store -> "s" + store, (store, open) -> {
            closed.add(store);
            if (store == 1) {
                throw new IllegalStateException("close of 1 failed");
            }
        });
        assertThatThrownBy(() -> {
            c.visit(0);
            c.visit(1);
            c.visit(2);
            c.closeAll();
        }).hasMessage("close of 1 failed");
        assertThat(closed).containsExactly(0, 1, 2);
        assertThat(c.size()).isZero();
    }

    /** A visit times the engine's work and the cache's: the cache's part allocates nothing, hit or miss. */
    @Test
    void visitsAllocateNothing() throws Exception {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        String[] stores = new String[1_000];
        java.util.Arrays.setAll(stores, i -> "store-" + i);
        StoreCache<String> c = new StoreCache<>(stores.length, 100, store -> stores[store], (store, open) -> { });
        int[] order = new int[200_000];
        for (int k = 0; k < order.length; k++) {
            order[k] = k % 3 == 0 ? (k * 7919) % stores.length : k % 50; // hits on 0-49, misses elsewhere
        }
        long least = Long.MAX_VALUE;
        for (int pass = 0; pass < 4; pass++) { // the first pass warms the JIT
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int store : order) {
                c.visit(store);
            }
            long bytes = threads.getCurrentThreadAllocatedBytes() - before;
            least = pass == 0 ? least : Math.min(least, bytes);
        }
        assertThat(c.counts().hits()).isPositive();
        assertThat(c.counts().evictions()).isPositive();
        assertThat(least).as("bytes allocated by 200,000 visits").isZero();
    }

    @Test
    void rejectsACacheOfNoStores() {
        assertThatThrownBy(() -> cache(0)).hasMessageContaining("at least one open store");
    }
}
