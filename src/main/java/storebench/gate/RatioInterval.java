package storebench.gate;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How well two runs can tell a change apart: the percentile bootstrap 95% interval of the ratio of medians (now /
 * baseline), resampling each run's R figures {@value #RESAMPLES} times from a fixed seed, so a re-evaluation gives the
 * same verdict. With R = 3 it is about [lowest / highest, highest / lowest]: as wide as three runs disagree.
 */
public record RatioInterval(double ratio, double low, double high) {
    static final int RESAMPLES = 10_000;
    private static final long SEED = 0x5EED_2026_1201L;

    /** The interval of now / baseline from each side's run figures (two or more each). */
    public static RatioInterval of(List<Double> baseline, List<Double> now) {
        if (baseline.size() < 2 || now.size() < 2) {
            throw new IllegalArgumentException("a ratio interval needs two or more run figures on each side");
        }
        double[] b = baseline.stream().mapToDouble(Double::doubleValue).toArray();
        double[] n = now.stream().mapToDouble(Double::doubleValue).toArray();
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double[] sb = new double[b.length];
        double[] sn = new double[n.length];
        for (int k = 0; k < RESAMPLES; k++) {
            ratios[k] = median(resample(n, sn, random)) / median(resample(b, sb, random));
        }
        Arrays.sort(ratios);
        return new RatioInterval(median(n.clone()) / median(b.clone()), ratios[(int) (RESAMPLES * 0.025)],
                ratios[(int) Math.ceil(RESAMPLES * 0.975) - 1]);
    }

    /** Half the interval's width: the smallest change, as a fraction, that the runs tell apart. */
    public double resolution() {
        return (high - low) / 2;
    }

    /** The same interval for the inverse ratio (baseline / now: time per store for a rate). */
    public RatioInterval inverse() {
        return new RatioInterval(1 / ratio, 1 / high, 1 / low);
    }

    private static double[] resample(double[] from, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
        return into;
    }

    /** The median; sorts the array in place. */
    private static double median(double[] v) {
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
