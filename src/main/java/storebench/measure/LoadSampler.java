package storebench.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Writes load.log: the load averages every 10 s for the whole run, on a daemon thread. */
public final class LoadSampler implements AutoCloseable {
    public static final String NAME = "load.log";

    private final Thread thread;
    private volatile boolean running = true;

    public LoadSampler(Path file) throws IOException {
        BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        out.write("# time load1 load5 load15 (every 10 s)\n");
        out.flush();
        thread = new Thread(() -> {
            try (out) {
                while (running) {
                    double[] l = LoadAverage.read();
                    out.write(String.format(Locale.ROOT, "%s %.2f %.2f %.2f%n",
                            Instant.now().truncatedTo(ChronoUnit.SECONDS), l[0], l[1], l[2]));
                    out.flush();
                    Thread.sleep(10_000);
                }
            } catch (InterruptedException | IOException e) {
                // closing, or the output is gone: the sampler stops, the run goes on
            }
        }, "load-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
