package storebench.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * HdrHistogram logs for HdrHistogram's own tools (HistogramLogProcessor, the plotter):
 * {@code target/bench/hdr/<engine>/<setting>/<phase>-<metric>.hlog}, one tagged interval per run, values in
 * nanoseconds.
 */
public final class HdrLogs {
    private final Path dir;

    public HdrLogs(Path dir) {
        this.dir = dir;
    }

    /** Writes one log of tagged histograms (e.g. tag "run-1"); returns its path. */
    public Path write(String engine, String setting, String name, List<Histogram> intervals, List<String> tags)
            throws IOException {
        Path file = dir.resolve(engine).resolve(setting).resolve(name + ".hlog");
        Files.createDirectories(file.getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("storebench " + engine + "/" + setting + " " + name + ", nanoseconds");
            writer.outputLogFormatVersion();
            writer.outputLegend();
            for (int k = 0; k < intervals.size(); k++) {
                Histogram h = intervals.get(k);
                h.setTag(tags.get(k));
                h.setStartTimeStamp(k * 1000L);
                h.setEndTimeStamp(k * 1000L + 1000L);
                writer.outputIntervalHistogram(h);
            }
        }
        return file;
    }
}
