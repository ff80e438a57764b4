package storebench.trial.child;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Note;
import storebench.measure.TrafficHistograms;
import storebench.model.Workload;
import storebench.trial.child.traffic.OpenLoop;
import storebench.trial.traffic.TrafficDraws;
import storebench.trial.traffic.TrafficDrawsTest;
import storebench.trial.child.traffic.TrafficSamples;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A traffic run's requests over the in-memory engine of PhaseLoopsTest: reads counted and checked, writes appended. */
class TenantRequestsTest {
    private static final int STORES = 20;
    private static final int OPEN = 5;

    @TempDir
    Path root;

    private final PhaseLoopsTest.FakeEngine engine = new PhaseLoopsTest.FakeEngine();

    private TenantRequests pool() throws Exception {
        new PhaseLoops("fake-engine", engine).create(root, Workload.SMALL, IntStream.range(0, STORES).toArray(),
                done -> { });
        return new TenantRequests("fake-engine", engine, root, Workload.SMALL, STORES, OPEN);
    }

    private TrafficSamples serve(TenantRequests requests, TrafficDraws draws) throws Exception {
        requests.use(draws);
        return new OpenLoop(OpenLoop.SYSTEM).closed(requests, draws.requests(), Long.MAX_VALUE,
                TrafficSamples.keepingEach(draws.requests()), done ->
                assertThat(engine.openStores).as("stores open after request %d", done).isLessThanOrEqualTo(OPEN));
    }

    @Test
    void writesAppendTheWorkloadsNextNoteAndReadsCountThemAllThroughACacheOfKOpenStores() throws Exception {
        TenantRequests requests = pool();
        TrafficDraws draws = TrafficDraws.draw(STORES, 0.5, 1, 2_000);

        TrafficSamples s = serve(requests, draws);
        requests.checkAll();

        int[] written = requests.written();
        assertThat(written).isEqualTo(TrafficDrawsTest.writesPerStore(draws, STORES));
        for (int i = 0; i < STORES; i++) {
            List<Note> notes = engine.stores.get(root.resolve("store-" + i));
            assertThat(notes).hasSize(10 + written[i]);
            if (written[i] > 0) {
                assertThat(notes.get(10).text).isEqualTo("note 10 of agent " + i);
                assertThat(notes.get(10).ts).isEqualTo(Workload.BASE_TS + 10);
            }
        }
        TrafficHistograms h = s.latency;
        assertThat(h.count(TrafficHistograms.WRITE_HIT) + h.count(TrafficHistograms.WRITE_MISS))
                .isEqualTo(IntStream.of(written).sum());
        assertThat(h.count(TrafficHistograms.READ_HIT) + h.count(TrafficHistograms.WRITE_HIT))
                .isEqualTo(requests.cache().counts().hits());
        assertThat(requests.cache().counts().misses()).isGreaterThan(OPEN); // 20 tenants over 5 open stores must miss
        assertThat(engine.openStores).as("checkAll closes the cache's stores").isZero();
    }

    @Test
    void itsCacheIsFilledOnceKStoresAreOpenAndFromTheStartWhereKIsAtLeastN() throws Exception {
        TenantRequests requests = pool();
        assertThat(requests.filled()).isFalse();
        TrafficSamples s = serve(requests, TrafficDraws.draw(STORES, 1, 3, 200));
        assertThat(requests.filled()).isTrue();
        assertThat(s.filledAt).as("the requests served before %d stores were open", OPEN).isBetween(OPEN, 200);
        assertThat(s.served).as("a budget of Long.MAX_VALUE serves every draw").isEqualTo(200);
        requests.checkAll();
        assertThat(new TenantRequests("fake-engine", engine, root, Workload.SMALL, STORES, STORES).filled()).isTrue();
    }

    @Test
    void aReadThatMiscountsFailsTheRunNamingItsStore() throws Exception {
        TenantRequests requests = pool();
        TrafficDraws draws = TrafficDraws.draw(STORES, 1, 2, 100);
        int victim = draws.tenants[10];
        engine.miscountDir = root.resolve("store-" + victim);
        engine.miscount = 9;

        assertThatThrownBy(() -> serve(requests, draws)).isInstanceOf(CountMismatch.class)
                .hasMessageContaining("count mismatch: engine fake-engine, store " + victim)
                .hasMessageContaining("expected 10, got 9");
        requests.close();
        assertThat(engine.openStores).isZero();
    }

    @Test
    void theCheckAfterTheRunsFindsAStoreThatLostAWrite() throws Exception {
        TenantRequests requests = pool();
        TrafficDraws draws = TrafficDraws.draw(STORES, 0, 3, 50); // all writes
        serve(requests, draws);
        int victim = draws.tenants[0];
        List<Note> notes = engine.stores.get(root.resolve("store-" + victim));
        notes.remove(notes.size() - 1);

        assertThatThrownBy(requests::checkAll).isInstanceOf(CountMismatch.class)
                .hasMessageContaining("store " + victim)
                .hasMessageContaining("after the traffic runs, expected " + (10 + requests.written()[victim]));
    }

    @Test
    void rejectsDrawsOutsideThePool() throws Exception {
        TenantRequests requests = pool();
        assertThatThrownBy(() -> requests.use(TrafficDraws.draw(STORES + 5, 0.95, 1, 1_000)))
                .hasMessageContaining("outside the pool of 20");
    }
}
