package storebench.phase;

import java.util.Arrays;

/**
 * The stores a run of the phases beyond the reference's table visits (read, cold, concurrency): a seeded sample of the
 * pool, the first S = min(N, bench.sample) stores of run r's visiting order ({@link OpenRunsPhase#visitingOrder}), so
 * that every run draws its own. The open runs always visit all N (the reference's table). A run's figure is the median
 * of its S visits; its own sampling error, the 95% interval of that median ({@link #halfWidth}), is recorded on the
 * run's line: at S=1,000 it spans the visits ranked 469 to 532, narrower than the spread between fresh processes,
 * which the R runs are for. Below N=S nothing changes. Read and cold size each run by its own precision too
 * ({@link #PRECISION}): the first stores of the sample, until the median is known to bench.samplePrecision.
 */
public final class Sample {
    /** S, the most stores one run of read, cold or concurrency visits. */
    public static final PhaseOption<Integer> STORES = PhaseOption.positiveInt("bench.sample", 1000);
    /**
     * bench.samplePrecision: a run of read or cold stops visiting its sample once the 95% interval of its median lies
     * within this of the median ({@link #halfWidth}), after at least {@link #LEAST} visits; "off" visits all S. At
     * S=1,000 every run's interval lay within 0.1-2.7% (docs/runs/1000/all-default), far inside the spread between
     * fresh processes, which the R runs measure: visits past 2% made the run longer, not its figure surer.
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

    /** S for this run: min(N, bench.sample). */
    static int size(PhaseRun run) {
        return size(run.params().stores(), run.params());
    }

    /** S for N stores under these options. */
    static int size(int stores, PhaseOptions options) {
        return Math.min(stores, options.option(STORES));
    }

    /** The stores run {@code r} visits, in the order it visits them. */
    static int[] order(PhaseRun run, int r) {
        int[] all = OpenRunsPhase.visitingOrder(run.params().stores(), r);
        return Arrays.copyOf(all, size(run));
    }

    /**
     * The 95% interval of the median of {@code samples} (any unit), as the farther of its ends from the median over the
     * median: the order statistics at n/2 -+ 1.96 sqrt(n)/2 (the binomial's normal approximation, close from a few
     * dozen samples on). 0 for fewer than two samples or a zero median.
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
