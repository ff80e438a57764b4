package storebench.phase;

import java.util.Arrays;

/**
 * The stores a run of read, cold or concurrency visits: the first S = min(N, bench.sample) of run r's visiting order,
 * so every run draws its own (docs/measuring.md, "Samples"). Its own sampling error ({@link #halfWidth}) is recorded on
 * the run's line: narrower than the spread between fresh processes, which the R runs are for.
 */
public final class Sample {
    /** S, the most stores one run of read, cold or concurrency visits. */
    public static final PhaseOption<Integer> STORES = PhaseOption.positiveInt("bench.sample", 1000);
    /**
     * A run of read or cold stops once its median's 95% interval lies within this, after {@link #LEAST} visits: at
     * S=1,000 every run's lay within 0.1-2.7% (docs/runs/1000/all-default), and visits past 2% made it no surer.
     */
    public static final PhaseOption<java.util.OptionalDouble> PRECISION = new PhaseOption<>("bench.samplePrecision",
            "2%", value -> Precision.fraction(value, "every run visits its whole sample"));
    /** The fewest visits a run sized by bench.samplePrecision makes: its p99 is at least its third-largest visit. */
    public static final int LEAST = 300;
    /** Visits per request of a run sized by bench.samplePrecision: its interval is judged after each. */
    static final int CHUNK = 100;
    /** z for a two-sided 95% interval. */
    private static final double Z95 = 1.96;

    private Sample() {
    }

    static int size(PhaseRun run) {
        return size(run.params().stores(), run.params());
    }

    static int size(int stores, PhaseOptions options) {
        return Math.min(stores, options.option(STORES));
    }

    static int[] order(PhaseRun run, int r) {
        return Arrays.copyOf(OpenRunsPhase.visitingOrder(run.params().stores(), r), size(run));
    }

    /**
     * The 95% interval of the median, its farther end from the median over the median: order statistics at n/2 -+ 1.96
     * sqrt(n)/2 (the binomial's normal approximation). 0 for fewer than two samples or a zero median.
     */
    public static double halfWidth(long[] samples) {
        int n = samples.length;
        if (n < 2) {
            return 0;
        }
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        if (median == 0) {
            return 0;
        }
        double reach = Z95 * Math.sqrt(n) / 2;
        int low = Math.max(0, (int) Math.floor(n / 2.0 - reach) - 1);
        int high = Math.min(n - 1, (int) Math.ceil(n / 2.0 + reach));
        return Math.max(median - sorted[low], sorted[high] - median) / median;
    }
}
