package storebench.phase;

import storebench.results.RunStats;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * When a warm-up may stop (docs/measuring.md, "The warm-up rule"): the median visit of each window of {@link #WINDOW}
 * visits has settled, judged on blocks of {@link #BLOCK} windows so that a slow drift is not taken for a plateau. The
 * last block's median lies within {@link #TOLERANCE} of each of the two blocks before (a drift of a few percent per
 * block fails the second test where neighbours pass the first); each of its windows lies within
 * {@link #WINDOW_TOLERANCE} of that median (a step is a change, not noise); in a JVM the JIT compiled for at most
 * {@link #COMPILE_SHARE} of the block's time (a process still compiling is still getting faster). Both tolerances widen
 * with the windows' own {@link #noise}, since a median of a few noisy windows is itself uncertain.
 * <p>
 * The trap it is built against: on H2's 2-s iterations under JMH (SteadyStateTest) "two windows within 2%" stops 40%
 * above the steady state; three blocks do not stop before it.
 */
public final class SteadyState {
    public static final int WINDOW = 100;
    public static final int BLOCK = 5;
    /** How far a block's median may lie from the blocks before it. */
    public static final double TOLERANCE = 0.03;
    /** How far a window of the last block may lie from the block's median. */
    public static final double WINDOW_TOLERANCE = 0.10;
    /** The widest a block's tolerance grows with the noise: at 8% an H2 warm-up would stop 27% high (docs/runs.md). */
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

    /** One window: its median visit (any unit), its wall time (ms) and, in a JVM, its JIT's time (ms). */
    public record Window(double median, double wallMs, OptionalDouble compileMs) {
    }

    /** Windows from a results line's parallel arrays; {@code compileMs} may be shorter (empty for Node). */
    public static List<Window> windows(List<Double> medians, List<Double> compileMs, List<Double> wallMs) {
        return java.util.stream.IntStream.range(0, medians.size()).mapToObj(k -> new Window(medians.get(k),
                wallMs.get(k), k < compileMs.size() ? OptionalDouble.of(compileMs.get(k)) : OptionalDouble.empty()))
                .toList();
    }

    public static List<Double> medians(List<Window> windows) {
        return windows.stream().map(Window::median).toList();
    }

    /** The fewest windows the rule can judge: three blocks. */
    public static int minWindows() {
        return 3 * BLOCK;
    }

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
     * A robust relative standard deviation (1.4826 times the median absolute deviation) of the last three blocks'
     * windows, each from its own block's median, so that a drift between blocks is not counted as noise. 0 before
     * three blocks: one block says too little, and a resuming process' step would be taken for noise.
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

    public static double windowTolerance(double noise) {
        return Math.min(MOST_WINDOW_TOLERANCE, Math.max(WINDOW_TOLERANCE, WINDOW_NOISES * noise));
    }

    /**
     * Whether a kept process has settled again at {@code settledAt}, where it last settled the query: its last block
     * within {@link #tolerance} of it and steady. One block is enough where the level was itself judged on three.
     */
    public static boolean resumed(List<Window> windows, double settledAt) {
        if (windows.size() < BLOCK || settledAt <= 0) {
            return false;
        }
        List<Double> medians = medians(windows);
        double noise = noise(medians);
        return Math.abs(lastBlock(medians) / settledAt - 1) <= tolerance(noise) && lastBlockSteady(windows, noise);
    }

    /** Whether a warm-up past its floors stops: {@link #settled}, or {@link #resumed} at {@code resumeAt}. */
    public static boolean stops(List<Window> windows, OptionalDouble resumeAt) {
        return settled(windows) || resumeAt.isPresent() && resumed(windows, resumeAt.getAsDouble());
    }

    /** The median of the last block's windows' medians. */
    public static double lastBlock(List<Double> medians) {
        int j = medians.size();
        return RunStats.median(medians.subList(Math.max(0, j - BLOCK), j));
    }

    /** The last block's windows within the window tolerance, and the JIT nearly idle where the runtime tells. */
    private static boolean lastBlockSteady(List<Window> windows, double noise) {
        int j = windows.size();
        List<Window> block = windows.subList(j - BLOCK, j);
        double last = lastBlock(medians(windows));
        double windowTolerance = windowTolerance(noise);
        if (block.stream().anyMatch(w -> Math.abs(w.median() / last - 1) > windowTolerance)) {
            return false;
        }
        if (block.stream().anyMatch(w -> w.compileMs().isEmpty())) {
            return true;
        }
        double compiled = block.stream().mapToDouble(w -> w.compileMs().getAsDouble()).sum();
        double wall = block.stream().mapToDouble(Window::wallMs).sum();
        return compiled <= COMPILE_SHARE * wall;
    }
}
