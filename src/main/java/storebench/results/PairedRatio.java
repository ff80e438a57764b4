package storebench.results;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The ratio B/A of one statistic over an A/B comparison's pairs, with its 95% interval: the exponent of the
 * Hodges-Lehmann estimate of the pairs' ln(B/A) and of the matching Wilcoxon signed-rank interval. Why this one and not
 * t or a bootstrap: docs/gate.md, "Two versions in one sitting". It needs {@link #LEAST} pairs: with fewer, no two
 * Walsh averages bound 95%.
 */
public record PairedRatio(double ratio, double low, double high, int pairs) {
    /** The fewest pairs with a 95% signed-rank interval: six (its widest, the least and most Walsh average, 96.9%). */
    public static final int LEAST = 6;
    /** Beyond this many pairs the signed-rank statistic's normal approximation gives k, below it the exact count. */
    private static final int EXACT_UP_TO = 60;

    /** What a comparison says of one statistic against its tolerance. */
    public enum Decision {
        /** The whole interval lies within the tolerance: equivalent. */
        NO_CHANGE,
        /** The whole interval lies beyond the tolerance, on the worse side. */
        WORSE,
        /** The whole interval lies beyond the tolerance, on the better side. */
        BETTER,
        /** The interval reaches across the tolerance: more pairs could decide it. */
        INCONCLUSIVE;

        /** "no change", "worse", ...: the decision as the report says it. */
        public String words() { return name().toLowerCase(Locale.ROOT).replace('_', ' '); }

        public boolean decided() { return this != INCONCLUSIVE; }
    }

    /** The ratio of {@code b} over {@code a}, both one figure per pair in pair order (two pairs or more). */
    public static PairedRatio of(List<Double> a, List<Double> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("paired figures need one of each side per pair: " + a.size() + " A, "
                    + b.size() + " B");
        }
        int n = a.size();
        if (n < 2) {
            throw new IllegalArgumentException("a paired interval needs two pairs or more, not " + n);
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(a.get(i) > 0) || !(b.get(i) > 0)) {
                throw new IllegalArgumentException("a ratio needs positive figures: pair " + (i + 1) + " has A "
                        + a.get(i) + ", B " + b.get(i));
            }
            d[i] = Math.log(b.get(i) / a.get(i));
        }
        double[] walsh = new double[n * (n + 1) / 2];
        int w = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[w++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int m = walsh.length;
        double median = (walsh[(m - 1) / 2] + walsh[m / 2]) / 2;
        int k = lowerRank(n);
        return new PairedRatio(Math.exp(median), Math.exp(walsh[k]), Math.exp(walsh[m - 1 - k]), n);
    }

    /** The lower end's index among the sorted Walsh averages: k - 1 for the largest k with P(T < k) <= 2.5%. */
    static int lowerRank(int n) {
        if (n > EXACT_UP_TO) {
            double mean = n * (n + 1) / 4.0;
            double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24);
            return (int) Math.floor(mean - 1.959964 * sd) - 1;
        }
        int most = n * (n + 1) / 2;
        double[] count = new double[most + 1]; // subsets of the ranks 1..n by their sum
        count[0] = 1;
        for (int r = 1; r <= n; r++) {
            for (int sum = most; sum >= r; sum--) {
                count[sum] += count[sum - r];
            }
        }
        double all = Math.pow(2, n);
        double below = 0;
        int k = 0;
        while (k <= most && (below + count[k]) / all <= 0.025) {
            below += count[k];
            k++;
        }
        return Math.max(0, k - 1);
    }

    /** The decision against a tolerance (0.03: 3%); {@code higherIsBetter} for a rate. */
    public Decision decide(double tolerance, boolean higherIsBetter) {
        if (pairs < LEAST) {
            return Decision.INCONCLUSIVE;
        }
        if (low >= 1 - tolerance && high <= 1 + tolerance) {
            return Decision.NO_CHANGE;
        }
        if (low > 1 + tolerance) {
            return higherIsBetter ? Decision.BETTER : Decision.WORSE;
        }
        if (high < 1 - tolerance) {
            return higherIsBetter ? Decision.WORSE : Decision.BETTER;
        }
        return Decision.INCONCLUSIVE;
    }

    /** "1.02 [0.99, 1.05]": the ratio and its interval as the report and a script read them. */
    public String text() { return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", ratio, low, high); }

    /** The same with three decimals, where two would hide a change of the tolerance's size. */
    public String precise() { return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, low, high); }
}
