package storebench.phase;

import storebench.results.DiskLine;
import storebench.results.LayoutLine;
import storebench.measure.DiskUsage;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.answer.LayoutAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Disk: after create and close, all files of each store (a SQL store's -wal and -shm too), as file sizes and as
 * blocks allocated; and how store 0 lies on disk as the engine itself tells it (its pages, for the caveats).
 */
public final class DiskPhase extends Phase {
    public static final Stat DISK_KB = Stat.of("disk_kb", "Space per store, files", Unit.KB, 0).reference(11)
            .tolerance(0.05).chart(Phases.Chart.DISK, "Disk per store, files (KB)").build();
    public static final Stat DISK_ALLOC_KB = Stat.of("disk_alloc_kb", "Space per store, allocated (st_blocks x 512)",
            Unit.KB, 0).tolerance(0.05).chart(Phases.Chart.DISK, "Disk per store, allocated (KB)").build();
    private static final Step LAYOUT = new Step(LayoutAnswer.OP, false, null);

    DiskPhase() {
        super("disk", Processes.SHARED, List.of(LAYOUT), List.of(DISK_KB, DISK_ALLOC_KB));
    }

    /** The layout of store 0; and, with bench.reuse, the check of the stores found. */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return 2;
    }

    /** Measured with the stores (by the pool, which calls {@link #measureFiles}); this reports the figures. */
    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.stores().ensure();
        return run.results().recorded(this);
    }

    /** The median of the N stores' file sums, and store 0's layout as the engine tells it. */
    public static Measured measureFiles(PhaseRun run, Path dir) throws Exception {
        int n = run.params().stores();
        Map<Integer, DiskUsage.StoreDisk> disk = DiskUsage.of(dir);
        long[] bytes = new long[n];
        long[] allocated = new long[n];
        long[] wal = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            DiskUsage.StoreDisk d = disk.get(i);
            if (d == null) {
                throw new IOException("store " + i + " has no files under " + dir + " after create");
            }
            bytes[i] = d.bytes;
            allocated[i] = d.allocatedBytes;
            wal[i] = d.walBytes;
            total += d.bytes;
        }
        Measured m = new Measured(Phases.DISK);
        m.put(DISK_KB, RunStats.median(bytes) / 1024).put(DISK_ALLOC_KB, RunStats.median(allocated) / 1024);
        m.recordTo(run.results());
        run.results().append(DiskLine.KIND, new DiskLine(run.params().column(), total, RunStats.median(bytes),
                RunStats.median(wal)));
        LayoutAnswer layout = run.processes().send(LAYOUT, run.processes().request(LayoutAnswer.OP,
                new StoreRequest(0)), 0, LayoutAnswer::of, (l, reply) -> { }).result();
        if (!layout.isEmpty()) {
            run.results().append(LayoutLine.KIND, new LayoutLine(run.params().column(), 0, layout.layout()));
        }
        return m;
    }
}
