package storebench.trial.child;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.measure.TrafficHistograms;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.trial.child.traffic.OpenLoop;
import storebench.trial.child.traffic.TrafficSamples;
import storebench.trial.traffic.TrafficDraws;
import storebench.trial.traffic.TrafficDrawsTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A traffic run in a JVM trial process, over every JVM engine's real stores: copies, the closed step, the open loop, the check. */
class TrafficLoopTest {
    private static final int STORES = 30;

    @TempDir
    Path tmp;

    @Test
    void everyJvmEngineServesARunAtAShareOfItsClosedRateAppendsItsWritesAndPassesTheCheck() throws Exception {
        int engines = 0;
        for (EngineDescriptor e : Engines.ALL) {
            if (e.runtime() == TrialRuntime.NODE || e.unavailable().isPresent()) {
                continue;
            }
            engines++;
            Engine engine = e.newEngine(Setting.DEFAULT);
            Path root = tmp.resolve(e.id());
            TrafficLoop.DrawnRequest asked = new TrafficLoop.DrawnRequest(STORES, 5,
                    new TrafficLoop.ClosedStep(TrafficDraws.draw(STORES, 0.5, -1, 20_000), 200),
                    new TrafficLoop.Arrivals(TrafficDraws.draw(STORES, 0.5, 1, 100_000), 0.5, 0.3, 0), true);
            TrafficLoop.Outcome ran = new TrafficLoop(e.id(), engine).run(root, Workload.SMALL, asked, () -> { });

            assertThat(ran.checked()).isTrue();
            assertThat(ran.closed().wallNs()).as(e.id()).isGreaterThanOrEqualTo(200_000_000L);
            assertThat(ran.closed().perS()).as(e.id()).isPositive();
            assertThat(ran.open().askedPerS).as(e.id()).isCloseTo(0.5 * ran.closed().perS(), org.assertj.core.data
                    .Percentage.withPercentage(1e-6));
            int n = ran.open().served;
            assertThat(n).as(e.id()).isEqualTo(Math.max(1, Math.round(ran.open().askedPerS * 0.3)));
            TrafficDraws draws = TrafficDraws.draw(STORES, 0.5, 1, n);
            assertThat(ran.writes()).as(e.id()).isEqualTo(IntStream.of(TrafficDrawsTest.writesPerStore(draws, STORES)).sum());
            TrafficHistograms h = ran.open().latency;
            assertThat(ran.open().service.requests()).isEqualTo(n);
            assertThat(ran.open().utilization()).as(e.id()).isBetween(0.0, 1.0);
            assertThat(ran.work().gcMs()).isNotNegative();
            assertThat(ran.counters()).as("%s: the serving thread's counters over the loop", e.id()).isPresent();
            assertThat(ran.counters().get().cpu().userUs() + ran.counters().get().cpu().sysUs()).isNotNegative();
            assertThat(h.count(TrafficHistograms.READ_HIT) + h.count(TrafficHistograms.WRITE_HIT))
                    .isEqualTo(ran.cache().hits());
            assertThat(ran.cache().hits() + ran.cache().misses()).isEqualTo(n);
            assertThat(ran.cache().misses()).as(e.id() + ": thirty tenants over five open stores miss").isPositive();
            try (var dirs = Files.list(root)) {
                assertThat(dirs.count()).isEqualTo(STORES);
            }
            // the stores hold what the check found: W plus every write, closed step's and run's (counted again here)
            long notes = 0;
            for (int i = 0; i < STORES; i++) {
                try (Engine.OpenStore store = engine.open(StoreLayout.storeDir(root, i))) {
                    notes += store.count();
                }
            }
            assertThat(notes).as(e.id()).isGreaterThanOrEqualTo((long) STORES * Workload.SMALL.notesPerStore()
                    + ran.writes());
        }
        assertThat(engines).as("JVM engines that ran").isGreaterThanOrEqualTo(5);
    }

    @Test
    void theClosedStepsRateIsTakenOverItsSecondHalfsWallTimeCheckIncluded() throws Exception {
        long[] now = {0};
        OpenLoop.Clock clock = new OpenLoop.Clock() {
            @Override
            public long nanoTime() {
                return now[0];
            }

            @Override
            public void awaitNanoTime(long deadline) {
                now[0] = Math.max(now[0], deadline);
            }
        };
        OpenLoop.Request request = new OpenLoop.Request() {
            @Override
            public int serve(int k) {
                now[0] += k < 50 ? 4_000_000 : 1_000_000; // the first half's misses cost 4 ms, the second's hits 1 ms
                return TrafficHistograms.READ_HIT;
            }

            @Override
            public void check(int k) {
                now[0] += 1_000_000; // work between requests: the open loop's requests wait behind it too
            }
        };
        TrafficSamples closed = new OpenLoop(clock).closed(request, 100, Long.MAX_VALUE,
                TrafficSamples.keepingEach(100), k -> { });

        // 50 requests in the second half, each turn 2 ms: 500 per second, not the 1,000 of the service times alone
        assertThat(TrafficLoop.secondHalfPerS(closed)).isCloseTo(500.0, org.assertj.core.data.Offset.offset(1e-9));

        // a cache full after 60 of 100 requests: the rate is of the last 20, whatever the first 60 took
        TrafficSamples late = TrafficSamples.keepingEach(100);
        for (int k = 0; k < 100; k++) {
            late.endNs[k] = k < 60 ? (k + 1) * 10_000_000L : 600_000_000L + (k - 59) * 1_000_000L;
        }
        late.served = 100;
        late.filledAt = 60;
        assertThat(TrafficLoop.secondHalfPerS(late)).isCloseTo(1_000.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void refusesARequestWithoutItsFigures() {
        TrafficDraws some = TrafficDraws.draw(10, 0.5, 1, 10);
        TrafficLoop.ClosedStep closed = new TrafficLoop.ClosedStep(some, 200);
        assertThatThrownBy(() -> new TrafficLoop.DrawnRequest(0, 5, closed, new TrafficLoop.Arrivals(some, 0.5, 1, 0), true))
                .hasMessageContaining("\"stores\" >= 1");
        assertThatThrownBy(() -> new TrafficLoop.DrawnRequest(10, 5, closed, new TrafficLoop.Arrivals(some, 0, 1, 0), true))
                .hasMessageContaining("\"load\" > 0");
    }

    @Test
    void theOpenLoopServesItsSecondsOrItsLeastRequestsWhicheverIsMoreWithinItsSchedule() {
        TrafficDraws open = TrafficDraws.draw(10, 0.5, 1, 5_000);
        assertThat(new TrafficLoop.Arrivals(open, 0.5, 2, 0).requests(1_000)).as("2 s at 1,000/s").isEqualTo(2_000);
        assertThat(new TrafficLoop.Arrivals(open, 0.5, 2, 3_000).requests(1_000)).as("its least").isEqualTo(3_000);
        assertThat(new TrafficLoop.Arrivals(open, 0.5, 20, 3_000).requests(1_000)).as("no more than the schedule")
                .isEqualTo(5_000);
    }
}
