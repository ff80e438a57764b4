package storebench.run;

import java.io.PrintStream;
import java.util.Locale;

/** One honest console line per long phase, at most every 5 s: stores done of total, rate, ETA. */
public final class Progress {
    private static final long EVERY_NS = 5_000_000_000L;

    private final PrintStream out;
    private final String what;
    private final long startNs = System.nanoTime();
    private long lastNs = startNs;

    public Progress(PrintStream out, String what) {
        this.out = out;
        this.what = what;
    }

    public void update(int done, int total) {
        long now = System.nanoTime();
        if (now - lastNs < EVERY_NS || done <= 0) {
            return;
        }
        lastNs = now;
        out.println(line(what, done, total, (now - startNs) / 1e9));
        out.flush();
    }

    static String line(String what, int done, int total, double elapsedS) {
        double rate = done / Math.max(elapsedS, 1e-9);
        long etaS = Math.round((total - done) / Math.max(rate, 1e-9));
        return String.format(Locale.ROOT, "[storebench] %s: %,d/%,d stores (%.0f%%), %.1f stores/s, ETA %d:%02d",
                what, done, total, 100.0 * done / total, rate, etaS / 60, etaS % 60);
    }
}
