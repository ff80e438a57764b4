package storebench.results;

import java.util.List;
import java.util.Locale;

/**
 * The ratio B/A of one statistic over the pairs of an A/B comparison, with its 95% interval: each pair (two adjacent
 * runs, one of each side, in fresh processes) gives ln(B/A); the ratio is the exponent of their mean (the geometric mean
 * of the pairs' ratios) and the interval the exponent of Student's t interval of that mean. The process is the unit
 * (Kalibera and Jones), and pairing takes out what drifts between pairs. Not a bootstrap: with the 4-10 pairs a
 * comparison makes, a percentile bootstrap of the mean draws from a handful of distinct resamples and its interval is
 * too narrow (it covers the true ratio in clearly fewer than 95% of comparisons); t is exact for normal log ratios and
 * close to it otherwise.
 */
public record PairedRatio(double ratio, double low, double high, int pairs) {
    /** Student's t, 0.975 quantile, for 1 to 30 degrees of freedom; beyond, the normal's 1.96 plus a small correction. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
        2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
        2.048, 2.045, 2.042};

    /** What a comparison says of one statistic against its tolerance. */
    public enum Decision {
        /** The whole interval lies within the tolerance: equivalent. */
        NO_CHANGE("no change"),
        /** The whole interval lies beyond the tolerance, on the worse side. */
        WORSE("worse"),
        /** The whole interval lies beyond the tolerance, on the better side. */
        BETTER("better"),
        /** The interval reaches across the tolerance: more pairs could decide it. */
        INCONCLUSIVE("inconclusive");

        private final String words;

        Decision(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        public boolean decided() {
            return this != INCONCLUSIVE;
        }
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
        double mean = 0;
        for (int i = 0; i < n; i++) {
            if (!(a.get(i) > 0) || !(b.get(i) > 0)) {
                throw new IllegalArgumentException("a ratio needs positive figures: pair " + (i + 1) + " has A "
                        + a.get(i) + ", B " + b.get(i));
            }
            d[i] = Math.log(b.get(i) / a.get(i));
            mean += d[i] / n;
        }
        double ss = 0;
        for (double x : d) {
            ss += (x - mean) * (x - mean);
        }
        double half = t975(n - 1) * Math.sqrt(ss / (n - 1) / n);
        return new PairedRatio(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n);
    }

    static double t975(int degrees) {
        return degrees <= T975.length ? T975[degrees - 1] : 1.96 + 2.4 / degrees;
    }

    /**
     * The decision against a tolerance (0.03: 3%): no change where the interval lies within [1 - tolerance,
     * 1 + tolerance], worse or better where it lies wholly beyond one end; {@code higherIsBetter} for a rate.
     */
    public Decision decide(double tolerance, boolean higherIsBetter) {
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
    public String text() {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", ratio, low, high);
    }

    /** The same with three decimals, where two would hide a change of the tolerance's size. */
    public String precise() {
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, low, high);
    }
}
