package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;

/** Statistics over the R run figures of one statistic, and the slope of a curve of points. */
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
        DoubleSummaryStatistics all = figures.stream().mapToDouble(Double::doubleValue).summaryStatistics();
        return median == 0 ? 0 : (all.getMax() - all.getMin()) / median;
    }

    /** The median of longs (per-store figures such as disk sizes): middle, or mean of the two middle ones. */
    public static double median(long[] values) {
        return median(Arrays.stream(values).mapToObj(v -> (double) v).toList());
    }

    /**
     * A distribution-free interval for the median: the k-th lowest and highest figures, confidence 1 - 2 P(Binomial(R,
     * 1/2) < k), the narrowest at 95%; below R = 6 the lowest and highest with what they have (R = 3: 75%).
     */
    public static Interval medianInterval(List<Double> figures) {
        if (figures.isEmpty()) {
            throw new IllegalArgumentException("no figures");
        }
        double[] sorted = figures.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        int best = 1;
        for (int k = 2; k <= n / 2 && coverage(n, k) >= 0.95; k++) {
            best = k;
        }
        return new Interval(sorted[best - 1], sorted[n - best], coverage(n, best));
    }

    /** The fewest figures whose lowest and highest bound their median with at least this confidence (95%: 6). */
    public static int leastRuns(double confidence) {
        int n = 1;
        while (coverage(n, 1) < confidence) {
            n++;
        }
        return n;
    }

    /** The confidence of [x(k), x(n + 1 - k)] for the median: 1 - 2 P(Binomial(n, 1/2) <= k - 1). */
    static double coverage(int n, int k) {
        double below = 0;
        double term = Math.pow(0.5, n); // P(B = 0)
        for (int j = 0; j < k; j++) {
            below += term;
            term = term * (n - j) / (j + 1);
        }
        return Math.max(0, 1 - 2 * below);
    }

    /** The interval {@link #medianInterval} gives, and its confidence (0..1). */
    public record Interval(double low, double high, double confidence) {
    }

    /** The least-squares slope of a field of points against their "stores" (per open store); NaN below two x values. */
    public static double slope(Iterable<JsonNode> points, String field) {
        List<JsonNode> all = java.util.stream.StreamSupport.stream(points.spliterator(), false).toList();
        return slope(all.stream().mapToDouble(p -> p.path("stores").asDouble()).toArray(),
                all.stream().mapToDouble(p -> p.path(field).asDouble()).toArray());
    }

    /** The least-squares slope of y against x; NaN below two x values. */
    public static double slope(double[] x, double[] y) {
        int n = x.length;
        double sx = 0;
        double sy = 0;
        for (int k = 0; k < n; k++) {
            sx += x[k];
            sy += y[k];
        }
        double mx = sx / n;
        double my = sy / n;
        double sxy = 0;
        double sxx = 0;
        for (int k = 0; k < n; k++) {
            double dx = x[k] - mx;
            sxy += dx * (y[k] - my);
            sxx += dx * dx;
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }
}
