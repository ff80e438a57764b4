package storebench.measure;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.function.DoubleSupplier;

/**
 * Waits at a phase's start until load1 is below {@code bench.maxLoad}, at most {@code bench.maxLoadWait}; every wait is
 * returned for the record, one that gave up too.
 */
public final class LoadGate {
    /** Polls every 5 s: the 1-minute average moves slowly. */
    public static final Duration POLL = Duration.ofSeconds(5);

    /** What the gate saw and did at the start of one phase. */
    public record Wait(double load1, long waitedMs, boolean gaveUp) {
    }

    /** Sleeps; a test passes one that only advances a fake clock. */
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final DoubleSupplier load;
    private final OptionalDouble max;
    private final Duration maxWait;
    private final Sleeper sleeper;

    public LoadGate(DoubleSupplier load, OptionalDouble max, Duration maxWait, Sleeper sleeper) {
        this.load = load;
        this.max = max;
        this.maxWait = maxWait;
        this.sleeper = sleeper;
    }

    public static LoadGate system(OptionalDouble max, Duration maxWait) {
        return new LoadGate(LoadAverage::load1, max, maxWait, d -> Thread.sleep(d.toMillis()));
    }

    /** Waits (bounded) until the load is below the maximum; returns the load at the phase's start. */
    public Wait await() throws InterruptedException {
        double now = load.getAsDouble();
        if (max.isEmpty()) {
            return new Wait(now, 0, false);
        }
        long waited = 0;
        while (now >= max.getAsDouble()) {
            if (waited >= maxWait.toMillis()) {
                return new Wait(now, waited, true);
            }
            Duration step = Duration.ofMillis(Math.min(POLL.toMillis(), maxWait.toMillis() - waited));
            sleeper.sleep(step);
            waited += step.toMillis();
            now = load.getAsDouble();
        }
        return new Wait(now, waited, false);
    }
}
