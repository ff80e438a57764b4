package storebench.measure;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoubleSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class LoadGateTest {

    /** Returns the given loads one per read; the last one repeats forever. */
    private static final class FakeLoad implements DoubleSupplier {
        private final double[] loads;
        int reads;

        FakeLoad(double... loads) {
            this.loads = loads;
        }

        @Override
        public double getAsDouble() {
            return loads[Math.min(reads++, loads.length - 1)];
        }
    }

    /** Records what the gate slept, and never sleeps. */
    private static final class FakeSleeper implements LoadGate.Sleeper {
        final List<Duration> slept = new ArrayList<>();

        @Override
        public void sleep(Duration d) {
            slept.add(d);
        }

        long totalMs() {
            return slept.stream().mapToLong(Duration::toMillis).sum();
        }
    }

    @Test
    void withoutMaximumNeverWaitsButRecordsTheLoad() throws Exception {
        FakeLoad load = new FakeLoad(7.5);
        FakeSleeper sleeper = new FakeSleeper();
        LoadGate.Wait wait = new LoadGate(load, OptionalDouble.empty(), Duration.ofMinutes(10), sleeper).await();

        assertThat(wait.load1()).isEqualTo(7.5);
        assertThat(wait.waitedMs()).isZero();
        assertThat(wait.gaveUp()).isFalse();
        assertThat(sleeper.slept).isEmpty();
        assertThat(load.reads).isEqualTo(1);
    }

    @Test
    void loadAlreadyBelowMaximumMeansNoWait() throws Exception {
        FakeSleeper sleeper = new FakeSleeper();
        LoadGate.Wait wait = new LoadGate(new FakeLoad(0.4), OptionalDouble.of(1.0), Duration.ofMinutes(10), sleeper)
                .await();

        assertThat(wait.waitedMs()).isZero();
        assertThat(wait.gaveUp()).isFalse();
        assertThat(wait.load1()).isEqualTo(0.4);
        assertThat(sleeper.slept).isEmpty();
    }

    @Test
    void loadDroppingBelowMaximumAfterTwoPollsWaitsTenSecondsAndRecordsTheLoadThen() throws Exception {
        FakeLoad load = new FakeLoad(3.0, 2.5, 0.5);
        FakeSleeper sleeper = new FakeSleeper();
        LoadGate.Wait wait = new LoadGate(load, OptionalDouble.of(1.0), Duration.ofMinutes(10), sleeper).await();

        assertThat(wait.waitedMs()).isEqualTo(10_000);
        assertThat(wait.gaveUp()).isFalse();
        assertThat(wait.load1()).isEqualTo(0.5);
        assertThat(sleeper.slept).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThat(load.reads).isEqualTo(3);
    }

    @Test
    void loadEqualToMaximumIsNotBelowItAndIsWaitedOut() throws Exception {
        FakeSleeper sleeper = new FakeSleeper();
        LoadGate.Wait wait = new LoadGate(new FakeLoad(1.0, 0.99), OptionalDouble.of(1.0), Duration.ofMinutes(10),
                sleeper).await();

        assertThat(wait.waitedMs()).isEqualTo(5_000);
        assertThat(wait.load1()).isEqualTo(0.99);
    }

    @Test
    void loadNeverDroppingGivesUpAfterMaxWaitWithoutSleepingPastIt() throws Exception {
        FakeLoad load = new FakeLoad(4.0);
        FakeSleeper sleeper = new FakeSleeper();
        Duration maxWait = Duration.ofSeconds(12); // not a multiple of the 5 s poll: the last step is cut
        LoadGate.Wait wait = new LoadGate(load, OptionalDouble.of(1.0), maxWait, sleeper).await();

        assertThat(wait.gaveUp()).isTrue();
        assertThat(wait.waitedMs()).isEqualTo(maxWait.toMillis());
        assertThat(sleeper.totalMs()).isEqualTo(maxWait.toMillis());
        assertThat(sleeper.slept).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(2));
        assertThat(wait.load1()).isEqualTo(4.0);
    }

    @Test
    void zeroMaxWaitGivesUpAtOnce() throws Exception {
        FakeSleeper sleeper = new FakeSleeper();
        LoadGate.Wait wait = new LoadGate(new FakeLoad(4.0), OptionalDouble.of(1.0), Duration.ZERO, sleeper).await();

        assertThat(wait.gaveUp()).isTrue();
        assertThat(wait.waitedMs()).isZero();
        assertThat(sleeper.slept).isEmpty();
    }
}
