package storebench.report.model;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A latency distribution of {@code count} visits from an HdrHistogram log as drawn: x = 1 / (1 - p), log; y = ms. */
public record ChartPercentiles(List<Point> points, long count) {
    /** The log of open-query-close latencies of a trial's open runs, under the run's hdr/ folder. */
    public static final String OQC_LOG = "openrun-oqc.hlog";
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    public record Point(double percentile, double x, double ms) {
    }

    public ChartPercentiles {
        points = List.copyOf(points);
    }

    static Path log(Path runDir, String engine, String setting) {
        return runDir.resolve("hdr").resolve(engine).resolve(setting).resolve(OQC_LOG);
    }

    /** All intervals of a log (the R open runs) merged into one distribution. */
    static ChartPercentiles read(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            throw new IOException("no HdrHistogram log at " + log);
        }
        Histogram all = null;
        int intervals = 0;
        try {
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            EncodableHistogram e;
            while ((e = reader.nextIntervalHistogram()) != null) {
                if (!(e instanceof Histogram)) {
                    throw new IOException(log + " is damaged: interval " + (intervals + 1) + " is not an integer"
                            + " histogram");
                }
                intervals++;
                if (all == null) {
                    all = ((Histogram) e).copy();
                } else {
                    all.add((Histogram) e);
                }
            }
        } catch (RuntimeException e) {
            throw new IOException(log + " is damaged: not a readable HdrHistogram log (" + e + ")");
        }
        if (all == null || all.getTotalCount() == 0) {
            throw new IOException(log + " is damaged: it holds no interval with recorded values (a run writes one"
                    + " per open run)");
        }
        return new ChartPercentiles(points(all), all.getTotalCount());
    }

    private static List<Point> points(Histogram h) {
        List<Point> points = new ArrayList<>();
        long n = h.getTotalCount();
        double maxX = n; // the largest value sits at p = 1 - 1/n: 100% itself is at infinity on this axis
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p >= 100.0) {
                break;
            }
            double x = 1.0 / (1.0 - p / 100.0);
            if (x >= maxX) {
                break;
            }
            points.add(new Point(p, x, v.getValueIteratedTo() / 1e6));
        }
        points.add(new Point(100.0 * (1 - 1.0 / n), maxX, h.getMaxValue() / 1e6));
        return points;
    }
}
