package storebench.trial.child.traffic;

import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * The traffic loops of a JVM trial process (the Node worker's twin: lib/traffic-loop.js). The open loop's request k is
 * due at start + k / rate whether or not k - 1 is done, and measured from its due time (wrk2's intended start), so a
 * stall counts in every request it delayed. The closed loop serves back to back, for the engine's rate.
 */
public final class OpenLoop {
    /** The loops' time source: the system's in a trial process, a fake one in tests. */
    public interface Clock {
        long nanoTime();

        /** Returns once {@link #nanoTime()} has reached {@code deadline} (at once where it has). */
        void awaitNanoTime(long deadline);
    }

    /** {@code prepare} before its due time, {@code serve} timed (answering a TrafficHistograms code), {@code check}. */
    public interface Request {
        default void prepare(int k) throws Exception {
        }

        int serve(int k) throws Exception;

        default void check(int k) throws Exception {
        }

        /** Whether the closed loop's cache is as full as the open loop will find it (OpenLoop#closed). */
        default boolean filled() {
            return true;
        }
    }

    /** System.nanoTime; waits by parking while the due time is far and spinning for the last {@link #SPIN_NS}. */
    public static final Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void awaitNanoTime(long deadline) {
            for (long gap = deadline - System.nanoTime(); gap > 0; gap = deadline - System.nanoTime()) {
                if (gap > SPIN_NS) {
                    LockSupport.parkNanos(gap - SPIN_NS);
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    };

    /** A park oversleeps by tens of microseconds (the timer slack): the last stretch before a due time is spun. */
    static final long SPIN_NS = 200_000;

    private final Clock clock;

    public OpenLoop(Clock clock) {
        this.clock = clock;
    }

    /** When request {@code k} is due, ns after the loop's start. */
    public static long dueOffsetNs(int k, double ratePerS) {
        return Math.round(k * 1e9 / ratePerS);
    }

    /** Where the loop is ahead of a request's due time it waits, and records how late it woke. */
    public TrafficSamples open(Request request, int requests, double ratePerS, TrafficSamples s, IntConsumer progress)
            throws Exception {
        if (!(ratePerS > 0) || Double.isInfinite(ratePerS)) {
            throw new IllegalArgumentException("an open loop needs a positive, finite rate, not " + ratePerS);
        }
        s.askedPerS = ratePerS;
        s.startMs = System.currentTimeMillis();
        long start = clock.nanoTime();
        for (int k = 0; k < requests; k++) {
            request.prepare(k);
            long due = start + dueOffsetNs(k, ratePerS);
            boolean waits = clock.nanoTime() < due;
            if (waits) {
                clock.awaitNanoTime(due);
            }
            long t0 = clock.nanoTime();
            int kind = request.serve(k);
            long t1 = clock.nanoTime();
            if (waits) {
                s.wakeLateness.recordValue(t0 - due);
            }
            s.record(k, kind, t1 - due, t1 - t0);
            request.check(k);
            progress.accept(k + 1);
        }
        s.wallNs = clock.nanoTime() - start;
        return s;
    }

    /**
     * Back to back until {@code budgetNs} has passed since {@link Request#filled} first held (the request in flight then
     * is the last), or, where it never does, until {@link #UNFILLED_BUDGETS} budgets have passed; {@code s.filledAt}:
     * the requests served before it held (0 where it held from the start, -1 where it never did).
     */
    public TrafficSamples closed(Request request, int requests, long budgetNs, TrafficSamples s, IntConsumer progress)
            throws Exception {
        s.startMs = System.currentTimeMillis();
        long start = clock.nanoTime();
        long t1 = start;
        long from = request.filled() ? start : Long.MIN_VALUE;
        s.filledAt = from == start ? 0 : -1;
        for (int k = 0; k < requests && (s.filledAt >= 0 ? t1 - from < budgetNs
                : (t1 - start) / UNFILLED_BUDGETS < budgetNs); k++) {
            request.prepare(k);
            long t0 = clock.nanoTime();
            int kind = request.serve(k);
            t1 = clock.nanoTime();
            s.record(k, kind, t1 - t0, t1 - t0);
            request.check(k);
            t1 = clock.nanoTime();
            s.ended(k, t1 - start);
            if (s.filledAt < 0 && request.filled()) {
                from = t1;
                s.filledAt = k + 1;
            }
            progress.accept(k + 1);
        }
        s.wallNs = t1 - start;
        return s;
    }

    /**
     * A closed step whose cache never fills ends after this many budgets: the draws of a tenant distribution that
     * seldom reaches K stores must not hold the phase.
     */
    static final long UNFILLED_BUDGETS = 10;
}
