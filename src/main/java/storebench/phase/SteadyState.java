package storebench.phase;

import storebench.results.RunStats;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * When a warm-up may stop: its windows' figures (the median visit of each window of {@link #WINDOW} visits) have
 * settled, judged on blocks of windows so that a slow drift is not taken for a plateau.
 * <p>
 * Settled after window j when, with B = {@link #BLOCK} windows per block:
 * <ul>
 *   <li>the last block's median (the median of its windows' medians) lies within {@link #TOLERANCE} of the block
 *   before's, and within it of the block before that (three blocks, 3·B windows: a drift of a few percent per block
 *   fails the second test where two neighbours pass the first);</li>
 *   <li>every window of the last block lies within {@link #WINDOW_TOLERANCE} of the block's median: a step in its
 *   last windows is a change, not noise (Node's SQLite and Turso step from one speed to another, 1.26 to 0.30 ms,
 *   after 1,500-3,500 visits, in some processes and not others: the block's median would hide it);</li>
 *   <li>and, in the JVM, the JIT compiled for at most {@link #COMPILE_SHARE} of the last block's wall time (a process
 *   still compiling the engine's path is still getting faster: H2's drift is its compiler at work, 25-170% of a
 *   block's time while it drifts). The JIT never stops altogether: processes whose figure had been flat for 3,000
 *   visits (SQLite, ObjectBox) still compiled for 2-6% of a block's time (2026-12-02, 100-visit windows).</li>
 * </ul>
 * Both tolerances widen with the windows' own noise ({@link #noise}), up to {@link #MOST_TOLERANCE} and {@link
 * #MOST_WINDOW_TOLERANCE}: a block's median of 5 noisy windows is itself uncertain, and an engine whose windows wander
 * by 5-20% around a flat level (DuckDB, RocksDB: their visits are 10-35 ms of native code with threads of their own,
 * no trend over 5,000 visits) would otherwise never be called settled and make every warm-up's most visits. Where the
 * windows are quiet (every JVM engine's compiled path, Node's SQLite) the tolerances are the fixed ones.
 * <p>
 * The trap it is built against (issue 24, JMH on this suite's H2 stores, 2-s iterations): 16.0, 10.0, 12.2, 8.9, 10.9,
 * 7.4, 7.1, 6.5, 5.5, 4.3, 4.2, 3.8, 3.0, 3.4, 3.1, 3.2, 3.2, 3.0 ms. "Two windows within 2%" stops at 4.3/4.2, 40%
 * above the steady state; three blocks do not stop before 3.1-3.2 (SteadyStateTest).
 */
public final class SteadyState {
    /** Visits per window. */
    public static final int WINDOW = 100;
    /** Windows per block. */
    public static final int BLOCK = 5;
    /** How far a block's median may lie from the blocks before it. */
    public static final double TOLERANCE = 0.03;
    /** How far a window of the last block may lie from the block's median. */
    public static final double WINDOW_TOLERANCE = 0.10;
    /**
     * The widest a block's tolerance grows with the windows' noise: twice the standard error of the difference of two
     * blocks' medians, 1.585 times the noise (a median of 5 windows has about 1.25/sqrt(5) of their spread), from 3%
     * at a noise of 1.9% to this at 3.8%. Replayed on the kept N=1,000 runs (docs/runs.md, "A tolerance that
     * knows the windows' noise"): at most 8%, one H2 warm-up (its close's compactions make two levels) would have
     * stopped 27% above where it did; at most 6%, none of H2's more than 2% from it.
     */
    public static final double MOST_TOLERANCE = 0.06;
    /** How many standard errors of two blocks' difference the block tolerance allows. */
    static final double STANDARD_ERRORS = 2;
    /** A window may lie this many times the noise from its block's median, {@link #WINDOW_TOLERANCE} at the least. */
    static final double WINDOW_NOISES = 3;
    /** The widest a window's tolerance grows with the noise. */
    public static final double MOST_WINDOW_TOLERANCE = 0.25;
    /** The most of a block's wall time the JIT may have spent compiling (the compiler threads' time, summed). */
    public static final double COMPILE_SHARE = 0.10;

    private SteadyState() {
    }

    /**
     * One window of a warm-up: its median visit (any unit, the same for every window), its wall time (ms) and, where
     * the runtime tells (a JVM), the time its JIT compiled during it (ms).
     */
    public record Window(double median, double wallMs, OptionalDouble compileMs) {
    }

    /**
     * Windows as a results line records them, in parallel arrays: each window's median and wall time, and the JIT's
     * time of the first {@code compileMs.size()} windows (none where the runtime cannot tell: Node).
     */
    public static List<Window> windows(List<Double> medians, List<Double> compileMs, List<Double> wallMs) {
        List<Window> windows = new ArrayList<>();
        for (int k = 0; k < medians.size(); k++) {
            windows.add(new Window(medians.get(k), wallMs.get(k),
                    k < compileMs.size() ? OptionalDouble.of(compileMs.get(k)) : OptionalDouble.empty()));
        }
        return windows;
    }

    /** The windows' medians, in order. */
    public static List<Double> medians(List<Window> windows) {
        return windows.stream().map(Window::median).toList();
    }

    /** The fewest windows the rule can judge: three blocks. */
    public static int minWindows() {
        return 3 * BLOCK;
    }

    /** Whether the windows so far have settled. */
    public static boolean settled(List<Window> windows) {
        List<Double> medians = medians(windows);
        int j = medians.size();
        if (j < minWindows()) {
            return false;
        }
        double last = RunStats.median(medians.subList(j - BLOCK, j));
        double before = RunStats.median(medians.subList(j - 2 * BLOCK, j - BLOCK));
        double first = RunStats.median(medians.subList(j - 3 * BLOCK, j - 2 * BLOCK));
        double noise = noise(medians);
        double tolerance = tolerance(noise);
        if (Math.abs(last / before - 1) > tolerance || Math.abs(last / first - 1) > tolerance) {
            return false;
        }
        return lastBlockSteady(windows, noise);
    }

    /**
     * The windows' noise: a robust relative standard deviation (1.4826 times the median absolute deviation) of the
     * windows of the last three blocks, each from its own block's median, so that a drift from block to block is not
     * counted as noise, and a step in a block's last windows (fewer than half of them) moves it little. 0 before three
     * blocks: the deviations of one block's 5 windows say too little, and a kept process resuming after one block
     * with a step inside it (Xodus, from 2.4 to 1.85 ms in a cold phase's warm-up, 2026-12-03) would have been
     * called back at its level with the step taken for noise.
     */
    public static double noise(List<Double> medians) {
        int j = medians.size();
        if (j < minWindows()) {
            return 0;
        }
        List<Double> deviations = new ArrayList<>();
        for (int end = j; end > j - minWindows(); end -= BLOCK) {
            List<Double> block = medians.subList(end - BLOCK, end);
            double m = RunStats.median(block);
            block.forEach(w -> deviations.add(Math.abs(w / m - 1)));
        }
        return 1.4826 * RunStats.median(deviations);
    }

    /** How far a block's median may lie from another's at this noise: {@link #TOLERANCE} to {@link #MOST_TOLERANCE}. */
    public static double tolerance(double noise) {
        // a median of BLOCK windows has a standard error of about 1.2533 noise / sqrt(BLOCK); a difference of two,
        // sqrt(2) times that
        double standardError = Math.sqrt(2) * 1.2533 * noise / Math.sqrt(BLOCK);
        return Math.min(MOST_TOLERANCE, Math.max(TOLERANCE, STANDARD_ERRORS * standardError));
    }

    /** How far a window may lie from its block's median at this noise. */
    public static double windowTolerance(double noise) {
        return Math.min(MOST_WINDOW_TOLERANCE, Math.max(WINDOW_TOLERANCE, WINDOW_NOISES * noise));
    }

    /**
     * Whether a kept process' warm-up of a query it has settled before has settled again: its last block's median lies
     * within the tolerance ({@link #tolerance}: the fixed one until three blocks show the windows' noise) of {@code
     * settledAt}, the median at which the process last settled that query, and the block itself is steady (windows
     * within {@link #windowTolerance}, the JIT within {@link #COMPILE_SHARE}). One
     * block is enough where the level it must match was itself judged on three: the process is back where it was
     * measured, not on the way somewhere else. Any unit, the same as {@code medians}.
     */
    public static boolean resumed(List<Window> windows, double settledAt) {
        if (windows.size() < BLOCK || settledAt <= 0) {
            return false;
        }
        List<Double> medians = medians(windows);
        double noise = noise(medians);
        return Math.abs(lastBlock(medians) / settledAt - 1) <= tolerance(noise) && lastBlockSteady(windows, noise);
    }

    /**
     * Whether a warm-up past its floors stops after its last window: settled ({@link #settled}), or, for a kept process
     * that settled the query before at {@code resumeAt}, back at that level ({@link #resumed}). WarmUp asks it after
     * every window, ReplayWarmups of kept runs' windows.
     */
    public static boolean stops(List<Window> windows, OptionalDouble resumeAt) {
        return settled(windows) || resumeAt.isPresent() && resumed(windows, resumeAt.getAsDouble());
    }

    /** The median of the last block's windows' medians. */
    public static double lastBlock(List<Double> medians) {
        int j = medians.size();
        return RunStats.median(medians.subList(Math.max(0, j - BLOCK), j));
    }

    /**
     * The last block's windows lie within the window tolerance of its median and the JIT was nearly idle (judged where
     * the runtime told the JIT's time of every window of the block).
     */
    private static boolean lastBlockSteady(List<Window> windows, double noise) {
        int j = windows.size();
        List<Window> block = windows.subList(j - BLOCK, j);
        double last = lastBlock(medians(windows));
        double windowTolerance = windowTolerance(noise);
        for (Window window : block) {
            if (Math.abs(window.median() / last - 1) > windowTolerance) {
                return false;
            }
        }
        if (block.stream().anyMatch(w -> w.compileMs().isEmpty())) {
            return true;
        }
        double compiled = block.stream().mapToDouble(w -> w.compileMs().getAsDouble()).sum();
        double wall = block.stream().mapToDouble(Window::wallMs).sum();
        return compiled <= COMPILE_SHARE * wall;
    }
}
