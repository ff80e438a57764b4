package storebench.run;

import java.io.PrintStream;
import java.util.Locale;

/**
 * One honest console line per long request, at most every 30 s: stores (or steps) done of total, rate, ETA. A short
 * request prints none: the phase's own line says where the run is, and a line every 5 s made most of a run's console.
 */
public final class Progress {
    private static final long EVERY_NS = 30_000_000_000L;

    private final PrintStream out;
    private final String what;
    /** What done and total count: "stores", or "steps" where a trial process reports stages. */
    private final String counts;
    private final long startNs = System.nanoTime();
    private long lastNs = startNs;
    /** What each line ends with (the phase's overrun of the plan's estimate, where it has one). */
    private java.util.function.Supplier<String> suffix = () -> "";

    public Progress(PrintStream out, String what, String counts) {
        this.out = out;
        this.what = what;
        this.counts = counts;
    }

    /** Each line ends with what {@code suffix} gives then ("" for nothing). */
    public Progress endingWith(java.util.function.Supplier<String> suffix) {
        this.suffix = suffix;
        return this;
    }

    public void update(int done, int total) {
        update(done, total, System.nanoTime());
    }

    /** The same at {@code now} (System.nanoTime's clock), so that a test need not wait for a line. */
    synchronized void update(int done, int total, long now) {
        if (now - lastNs < EVERY_NS || done <= 0) {
            return;
        }
        lastNs = now;
        out.println(line(what, done, total, (now - startNs) / 1e9, counts) + suffix.get());
        out.flush();
    }

    /** Between progress lines, a request that has said nothing for this long says it is still running. */
    static final long QUIET_NS = 30_000_000_000L;

    /**
     * Called while a request runs (every few seconds): where no line was printed for {@link #QUIET_NS} (a traffic
     * run's open loop reports nothing until it ends), one line saying how long it has run and how far it got.
     */
    public synchronized void still(int done, int total) {
        long now = System.nanoTime();
        if (now - lastNs < QUIET_NS) {
            return;
        }
        lastNs = now;
        out.println(stillLine(what, done, total, (now - startNs) / 1e9, counts) + suffix.get());
        out.flush();
    }

    static String stillLine(String what, int done, int total, double elapsedS, String counts) {
        long s = Math.round(elapsedS);
        return String.format(Locale.ROOT, "[storebench] %s: still running after %d:%02d, %,d/%,d %s done", what,
                s / 60, s % 60, done, total, counts);
    }

    static String line(String what, int done, int total, double elapsedS, String counts) {
        double rate = done / Math.max(elapsedS, 1e-9);
        long etaS = Math.round((total - done) / Math.max(rate, 1e-9));
        return String.format(Locale.ROOT, "[storebench] %s: %,d/%,d %s (%.0f%%), %.1f %s/s, ETA %d:%02d",
                what, done, total, counts, 100.0 * done / total, rate, counts, etaS / 60, etaS % 60);
    }
}
