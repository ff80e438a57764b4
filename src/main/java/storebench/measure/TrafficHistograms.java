package storebench.measure;

import org.HdrHistogram.Histogram;

/**
 * The latencies of a traffic run, by what each request met: reads that found their store open (hits), reads that had to
 * open it (misses, the close of the store they evicted included), writes (open or not), and all requests together;
 * nanoseconds, 3 significant digits, as {@link Latency}. An open loop's latency runs from the time its request was due,
 * so a stall shows in every request it delayed, not only in the one it hit (coordinated omission corrected, as wrk2 and
 * YCSB's intended start time do). Recording happens after a run, outside any timed region.
 */
public final class TrafficHistograms {
    /** What a request met, as both trial processes report it (one code per request). */
    public static final int READ_HIT = 0;
    public static final int READ_MISS = 1;
    public static final int WRITE_HIT = 2;
    public static final int WRITE_MISS = 3;
    private static final int KINDS = 4;

    public final Histogram hits = new Histogram(Latency.SIGNIFICANT_DIGITS);
    public final Histogram misses = new Histogram(Latency.SIGNIFICANT_DIGITS);
    public final Histogram writes = new Histogram(Latency.SIGNIFICANT_DIGITS);
    public final Histogram all = new Histogram(Latency.SIGNIFICANT_DIGITS);
    private final long[] byKind = new long[KINDS];

    /** Records the first {@code n} requests of a run: what each met and its latency. */
    public static TrafficHistograms of(byte[] kinds, long[] latencyNs, int n) {
        TrafficHistograms h = new TrafficHistograms();
        for (int k = 0; k < n; k++) {
            h.record(kinds[k], latencyNs[k]);
        }
        return h;
    }

    /** The same from the codes and latencies a trial process sent. */
    public static TrafficHistograms of(int[] kinds, long[] latencyNs) {
        if (kinds.length != latencyNs.length) {
            throw new IllegalArgumentException(kinds.length + " request kinds but " + latencyNs.length + " latencies");
        }
        TrafficHistograms h = new TrafficHistograms();
        for (int k = 0; k < kinds.length; k++) {
            h.record(kinds[k], latencyNs[k]);
        }
        return h;
    }

    public void record(int kind, long latencyNs) {
        if (kind < 0 || kind >= KINDS) {
            throw new IllegalArgumentException("unknown request kind " + kind + " (0 read hit, 1 read miss, 2 write to"
                    + " an open store, 3 write that opened one)");
        }
        if (latencyNs < 0) {
            throw new IllegalArgumentException("negative latency: " + latencyNs + " ns");
        }
        byKind[kind]++;
        all.recordValue(latencyNs);
        switch (kind) {
            case READ_HIT -> hits.recordValue(latencyNs);
            case READ_MISS -> misses.recordValue(latencyNs);
            default -> writes.recordValue(latencyNs);
        }
    }

    public long requests() {
        return all.getTotalCount();
    }

    /** The requests that met {@code kind}. */
    public long count(int kind) {
        return byKind[kind];
    }

    /** The share of requests, reads and writes, that found their store open; NaN before any. */
    public double hitRate() {
        long n = requests();
        return n == 0 ? Double.NaN : (double) (byKind[READ_HIT] + byKind[WRITE_HIT]) / n;
    }

    /** The latency at {@code percentile} (50, 99, 99.9) of {@code h}, in milliseconds. */
    public static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e6;
    }
}
