package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.model.Workload;
import storebench.phase.Phases;
import storebench.phase.WarmUp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How much disk a run's stores need, estimated before they are created from each engine's estimate per store
 * ({@link EngineDescriptor#diskEstimateBytes}), so a run that cannot fit stops at once instead of filling the disk.
 */
public final class DiskEstimate {
    private DiskEstimate() {
    }

    /**
     * Bytes a run needs at its peak: one trial's stores, or every trial's when they are kept; with {@code ownStores}
     * stores a phase makes of its own beside the pool at once (the traffic phase's copies): with the pool of the trial
     * that holds them, and, where every pool is kept, beside them all.
     */
    public static long peakBytes(List<EngineDescriptor> engines, int settings, Workload workload, int stores, boolean keep,
                                 int opensPerStore, int ownStores) {
        long largest = 0;
        long all = 0;
        long largestOwn = 0;
        for (EngineDescriptor e : engines) {
            if (e.unavailable().isPresent()) {
                continue;
            }
            long trial = e.diskEstimateBytes(workload, opensPerStore) * stores;
            long own = e.diskEstimateBytes(workload) * ownStores;
            largest = Math.max(largest, trial + own);
            largestOwn = Math.max(largestOwn, own);
            all += trial * settings;
        }
        return keep ? all + largestOwn : largest;
    }

    /** The most stores the run's phases make of their own at once, beside the pool (Phase.ownStores). */
    public static int ownStores(BenchOptions o) {
        return o.phases.stream().mapToInt(p -> p.ownStores(o.stores, o)).max().orElse(0);
    }

    /** How often a trial opens each of its stores: the sum of every phase's opens (Phase.opensPerStore). */
    public static int opensPerStore(BenchOptions o) {
        int passes = WarmUp.passes(o.stores, Math.max(o.warmupOpens, o.option(WarmUp.JIT_VISITS)));
        return Phases.ALL.stream().mapToInt(p -> p.opensPerStore(o.stores, o.runs, passes, o)).sum();
    }

    /** Fails with the estimate and the space free when {@code needed} bytes do not fit under {@code root}. */
    public static void requireSpace(Path root, long needed, String what) throws IOException {
        long free = Files.getFileStore(root).getUsableSpace();
        if (needed > free) {
            throw new IOException(String.format(Locale.ROOT, "not enough disk space under the bench root %s: %s needs"
                    + " about %s, %s are free. Free some space, choose a larger filesystem with -Dbench.root, or"
                    + " fewer stores with -Dbench.stores", root, what, mib(needed), mib(free)));
        }
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MiB", bytes / 1024.0 / 1024.0);
    }
}
