package storebench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The load averages of /proc/loadavg. */
public final class LoadAverage {
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** "0.52 0.40 0.33 1/123 4567": the first three fields. */
    public static double[] read() {
        try {
            String[] f = Files.readString(LOADAVG).trim().split("\\s+");
            return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + LOADAVG, e);
        }
    }

    public static double load1() {
        return read()[0];
    }
}
