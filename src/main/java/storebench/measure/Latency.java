package storebench.measure;

import org.HdrHistogram.Histogram;

/** The samples a trial process sends (ns) recorded into an HdrHistogram of 3 digits, outside any timed region. */
public final class Latency {
    public static final int SIGNIFICANT_DIGITS = 3;

    private Latency() {
    }

    public static Histogram histogram(long[] samplesNs) {
        Histogram h = new Histogram(SIGNIFICANT_DIGITS);
        for (long ns : samplesNs) {
            if (ns < 0) {
                throw new IllegalArgumentException("negative latency sample: " + ns + " ns");
            }
            h.recordValue(ns);
        }
        return h;
    }

    public static double p50Ms(Histogram h) {
        return h.getValueAtPercentile(50) / 1e6;
    }

    public static double p99Ms(Histogram h) {
        return h.getValueAtPercentile(99) / 1e6;
    }
}
