package storebench.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * HdrHistogram logs for its own tools: {@code hdr/<engine>/<setting>/<phase>-<metric>.hlog}, a tagged interval per run
 * (ns) at its real start and duration, so the tools show a true time axis.
 */
public final class HdrLogs {
    private final Path dir;

    /** One interval of a log: a run's histogram, its tag ("run-1") and when its loop started and how long it took. */
    public record Interval(Histogram histogram, String tag, long startMs, long durationMs) {
    }

    public HdrLogs(Path dir) {
        this.dir = dir;
    }

    /** An interval from a phase loop's start (epoch ms) and wall time (ns), as the trial process reports them. */
    public static Interval interval(Histogram histogram, String tag, long startMs, long wallNs) {
        if (startMs <= 0) {
            throw new IllegalArgumentException("interval " + tag + " has no start time (startMs " + startMs + ")");
        }
        return new Interval(histogram, tag, startMs, Math.max(1, Math.round(wallNs / 1e6)));
    }

    /** Writes one log of tagged intervals, in the order given; returns its path. */
    public Path write(String engine, String setting, String name, List<Interval> intervals) throws IOException {
        Path file = dir.resolve(engine).resolve(setting).resolve(name + ".hlog");
        Files.createDirectories(file.getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("storebench " + engine + "/" + setting + " " + name + ", nanoseconds");
            writer.outputLogFormatVersion();
            if (!intervals.isEmpty()) {
                long base = intervals.get(0).startMs();
                writer.outputStartTime(base);
                writer.setBaseTime(base);
                writer.outputBaseTime(base);
            }
            writer.outputLegend();
            for (Interval interval : intervals) {
                Histogram h = interval.histogram();
                h.setTag(interval.tag());
                h.setStartTimeStamp(interval.startMs());
                h.setEndTimeStamp(interval.startMs() + interval.durationMs());
                writer.outputIntervalHistogram(h);
            }
        }
        return file;
    }
}
