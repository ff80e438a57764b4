package storebench.run;

import storebench.engine.EngineId;
import storebench.model.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How much disk a trial's stores need, estimated before they are created, so a run that cannot fit stops at once
 * instead of filling the disk. Per-store sizes are the allocated bytes measured on ext4 (2026-11-30) plus a
 * quarter for other filesystems and versions.
 */
public final class DiskEstimate {
    private DiskEstimate() {
    }

    /** Bytes one store of an engine is expected to occupy. */
    public static long perStoreBytes(EngineId engine, Workload workload) {
        boolean objectbox = !engine.isSql();
        long kb;
        if (workload == Workload.LARGE) {
            kb = objectbox ? 444 : 360;
        } else {
            kb = objectbox ? 28 : 16;
        }
        return kb * 1024 * 5 / 4;
    }

    /** Bytes a run needs at its peak: one trial's stores, or every trial's when they are kept. */
    public static long peakBytes(List<EngineId> engines, int settings, Workload workload, int stores, boolean keep) {
        long largest = 0;
        long all = 0;
        for (EngineId e : engines) {
            if (e.unavailable().isPresent()) {
                continue;
            }
            long trial = perStoreBytes(e, workload) * stores;
            largest = Math.max(largest, trial);
            all += trial * settings;
        }
        return keep ? all : largest;
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
