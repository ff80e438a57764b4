package storebench.trial.child.traffic;

import org.junit.jupiter.api.Test;
import storebench.measure.TrafficHistograms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The open loop measures from the due time, so one stall shows in every request it delayed; a closed-loop timer of the
 * same run shows one slow request. On a fake clock the figures are exact, so the test cannot be flaky on a loaded
 * machine; one run on the system clock checks what a load can only make larger.
 */
class OpenLoopTest {
    private static final long MS = 1_000_000;
    private static final long US = 1_000;

    /** Time passes only when the engine works or the loop waits. */
    static final class FakeClock implements OpenLoop.Clock {
        long now = 5_000 * MS;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void awaitNanoTime(long deadline) {
            now = Math.max(now, deadline);
        }
    }

    /** An engine that serves each request in 50 us, but stalls once, at request {@code stalled}, for 100 ms. */
    private static OpenLoop.Request stallingOnce(FakeClock clock, int stalled, long[] startedAt) {
        return k -> {
            startedAt[k] = clock.now;
            clock.now += k == stalled ? 100 * MS : 50 * US;
            return TrafficHistograms.READ_HIT;
        };
    }

    @Test
    void aStallOf100MsAt1000PerSecondDelaysAbout100RequestsWhereAClosedLoopTimerSeesOne() throws Exception {
        FakeClock clock = new FakeClock();
        long start = clock.now;
        long[] startedAt = new long[2_000];

        TrafficSamples s = new OpenLoop(clock).open(stallingOnce(clock, 500, startedAt), 2_000, 1_000,
                TrafficSamples.keepingEach(2_000), k -> { });

        // Requests 501-600 fall due during the stall; the backlog of 50-us requests is gone by request 605.
        long delayed = countWhere(s, k -> s.latencyNs[k] > s.serviceNs[k]);
        assertThat(delayed).isBetween(100L, 110L);
        TrafficHistograms open = s.latency;
        assertThat(TrafficHistograms.ms(open.all(), 99.9)).isGreaterThanOrEqualTo(50);
        assertThat(TrafficHistograms.ms(open.all(), 50)).isLessThan(0.1);
        // the service times are what a closed-loop timer of the same run would record: one slow request
        assertThat(countWhere(s, k -> s.serviceNs[k] >= 50 * MS)).isEqualTo(1);
        assertThat(countWhere(s, k -> s.latencyNs[k] >= 50 * MS)).isBetween(45L, 55L);
        // no request started before its due time, and undisturbed ones started right on it
        for (int k = 0; k < 2_000; k++) {
            assertThat(startedAt[k]).as("request %d", k).isGreaterThanOrEqualTo(start + k * MS);
        }
        assertThat(startedAt[499]).isEqualTo(start + 499 * MS);
        assertThat(startedAt[1_000]).isEqualTo(start + 1_000 * MS);
        assertThat(s.served).isEqualTo(2_000);
        assertThat(s.askedPerS).isEqualTo(1_000);
        assertThat(s.reachedPerS()).isCloseTo(1_000, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void theClosedLoopOnTheSameEngineRecordsOneSlowRequest() throws Exception {
        FakeClock clock = new FakeClock();
        TrafficSamples s = new OpenLoop(clock).closed(stallingOnce(clock, 500, new long[2_000]), 2_000, Long.MAX_VALUE,
                TrafficSamples.keepingEach(2_000), k -> { });

        TrafficHistograms closed = s.latency;
        assertThat(countWhere(s, k -> s.latencyNs[k] >= 50 * US + 1)).isEqualTo(1);
        assertThat(TrafficHistograms.ms(closed.all(), 99.9)).isLessThan(0.1);
        assertThat(closed.all().getMaxValue()).isGreaterThanOrEqualTo(100 * MS - 100 * US);
        assertThat(s.latencyNs).isEqualTo(s.serviceNs);
        // 1,999 requests of 50 us and one of 100 ms
        assertThat(s.wallNs).isEqualTo(1_999 * 50 * US + 100 * MS);
    }

    @Test
    void onTheSystemClockAStallOf100MsStillDelaysAtLeast99RequestsByAMillisecondOrMore() throws Exception {
        boolean[] stalled = {false};
        OpenLoop.Request request = k -> {
            if (k == 500) {
                Thread.sleep(100);
                stalled[0] = true;
            }
            return TrafficHistograms.READ_HIT;
        };

        TrafficSamples s = new OpenLoop(OpenLoop.SYSTEM).open(request, 2_000, 1_000,
                TrafficSamples.keepingEach(2_000), k -> { });

        // Every request due in the first 99 ms of the stall starts after it: at least 1 ms late, whatever the load.
        assertThat(stalled[0]).isTrue();
        assertThat(countWhere(s, k -> s.latencyNs[k] >= MS)).isGreaterThanOrEqualTo(99);
        assertThat(TrafficHistograms.ms(s.latency.all(), 99.9))
                .isGreaterThanOrEqualTo(50);
        assertThat(countWhere(s, k -> s.serviceNs[k] >= 100 * MS)).isGreaterThanOrEqualTo(1);
        assertThat(s.wallNs).as("the last request is due at 1.999 s").isGreaterThanOrEqualTo(1_999 * MS);
        for (int k = 0; k < s.served; k++) {
            assertThat(s.latencyNs[k]).isGreaterThanOrEqualTo(s.serviceNs[k]);
        }
    }

    @Test
    void theClosedLoopStopsAtItsTimeBudget() throws Exception {
        FakeClock clock = new FakeClock();
        OpenLoop.Request oneMs = k -> {
            clock.now += MS;
            return TrafficHistograms.READ_MISS;
        };

        TrafficSamples s = new OpenLoop(clock).closed(oneMs, 100, 10 * MS, TrafficSamples.keepingEach(100), k -> { });

        assertThat(s.served).isEqualTo(10);
        assertThat(s.filledAt).isZero();
        assertThat(s.wallNs).isEqualTo(10 * MS);
        assertThat(s.reachedPerS()).isEqualTo(1_000);
        assertThat(s.askedPerS).isNaN();
    }

    @Test
    void theClosedLoopsBudgetStartsOnceItsCacheIsFullAndTenBudgetsEndOneThatNeverFills() throws Exception {
        FakeClock clock = new FakeClock();
        TrafficSamples s = new OpenLoop(clock).closed(fillingAfter(clock, 25), 1_000, 10 * MS,
                TrafficSamples.keepingEach(1_000), k -> { });
        assertThat(s.filledAt).isEqualTo(25);
        assertThat(s.served).isEqualTo(35);

        TrafficSamples never = new OpenLoop(clock).closed(fillingAfter(clock, Integer.MAX_VALUE), 1_000, 10 * MS,
                TrafficSamples.keepingEach(1_000), k -> { });
        assertThat(never.filledAt).isEqualTo(-1);
        assertThat(never.served).isEqualTo(100);
    }

    /** Requests of 1 ms each, whose cache is full once {@code n} were served. */
    private static OpenLoop.Request fillingAfter(FakeClock clock, int n) {
        return new OpenLoop.Request() {
            private int served;

            @Override
            public int serve(int k) {
                clock.now += MS;
                served++;
                return TrafficHistograms.READ_MISS;
            }

            @Override
            public boolean filled() {
                return served >= n;
            }
        };
    }

    @Test
    void prepareRunsBeforeTheDueTimeAndCheckAfterTheRequest() throws Exception {
        FakeClock clock = new FakeClock();
        long start = clock.now;
        StringBuilder order = new StringBuilder();
        OpenLoop.Request request = new OpenLoop.Request() {
            @Override
            public void prepare(int k) {
                order.append("p").append(k).append('@').append((clock.now - start) / MS).append(' ');
            }

            @Override
            public int serve(int k) {
                order.append("s").append(k).append('@').append((clock.now - start) / MS).append(' ');
                clock.now += 10 * US;
                return TrafficHistograms.WRITE_HIT;
            }

            @Override
            public void check(int k) {
                order.append("c").append(k).append(' ');
            }
        };

        TrafficSamples s = new OpenLoop(clock).open(request, 3, 100, TrafficSamples.keepingEach(3), k -> { });

        assertThat(order.toString().trim()).isEqualTo("p0@0 s0@0 c0 p1@0 s1@10 c1 p2@10 s2@20 c2");
        assertThat(s.kinds).containsExactly(TrafficHistograms.WRITE_HIT, TrafficHistograms.WRITE_HIT,
                TrafficHistograms.WRITE_HIT);
    }

    @Test
    void requestKIsDueKOverTheRateAfterTheStart() {
        assertThat(OpenLoop.dueOffsetNs(0, 700)).isZero();
        assertThat(OpenLoop.dueOffsetNs(3, 1_000)).isEqualTo(3 * MS);
        assertThat(OpenLoop.dueOffsetNs(1, 3)).isEqualTo(333_333_333);
        assertThat(OpenLoop.dueOffsetNs(2, 3)).isEqualTo(666_666_667);
        assertThat(OpenLoop.dueOffsetNs(1_000_000, 0.7 * 123_456)).isEqualTo(Math.round(1e15 / (0.7 * 123_456)));
    }

    @Test
    void rejectsARateThatIsNotPositiveAndFinite() {
        OpenLoop loop = new OpenLoop(new FakeClock());
        for (double rate : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> loop.open(k -> 0, 1, rate, TrafficSamples.keepingLatencies(0), k -> { }))
                    .hasMessageContaining("positive, finite rate");
        }
    }

    @Test
    void theUtilizationReachedIsTheServiceTimesOverTheWallTimeWithinFivePercentOfWhatWasAsked() throws Exception {
        for (double load : new double[] {0.3, 0.7, 0.95}) {
            FakeClock clock = new FakeClock();
            long serviceNs = 200 * US; // an engine of known service time: 5,000 requests/s back to back
            double rate = load * 1e9 / serviceNs;
            OpenLoop.Request fixed = k -> {
                clock.now += serviceNs;
                return TrafficHistograms.READ_HIT;
            };

            TrafficSamples s = new OpenLoop(clock).open(fixed, 10_000, rate, TrafficSamples.keepingLatencies(0),
                    k -> { });

            assertThat(s.utilization()).as("load %s", load).isCloseTo(load, org.assertj.core.data.Percentage
                    .withPercentage(5));
            assertThat(s.kinds).as("an open loop keeps histograms only").isEmpty();
            assertThat(s.service.requests()).isEqualTo(10_000);
            // it waited for every request but the first: each woke right on its due time on this clock
            assertThat(s.wakeLateness.getTotalCount()).isGreaterThanOrEqualTo(9_999);
            assertThat(s.wakeLateness.getMaxValue()).isZero();
        }
    }

    private static long countWhere(TrafficSamples s, java.util.function.IntPredicate p) {
        return java.util.stream.IntStream.range(0, s.served).filter(p).count();
    }
}
