package storebench.measure;

import java.util.Arrays;
import java.util.List;

/** Statistics over the R run figures of one statistic (shared/DESIGN.md, "Statistics"). */
public final class RunStats {
    private RunStats() {
    }

    /** The middle figure (R odd) or the mean of the two middle ones (R even). */
    public static double median(List<Double> figures) {
        if (figures.isEmpty()) {
            throw new IllegalArgumentException("no figures");
        }
        double[] sorted = figures.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** (max - min) / median of the run figures: the statistic's noise. */
    public static double spread(List<Double> figures) {
        double median = median(figures);
        double max = figures.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = figures.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return median == 0 ? 0 : (max - min) / median;
    }

    /** The median of longs (per-store figures such as disk sizes): middle, or mean of the two middle ones. */
    public static double median(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
}
