package storebench.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.Mounts;
import storebench.measure.SyncProbe;
import storebench.model.StoreLayout;
import storebench.results.CreateStepsLine;
import storebench.results.ProfileLine;
import storebench.results.ResultsFile;
import storebench.results.RootSyncLine;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The roots' own sync latency (the profile's first lines): 4 KiB written and fdatasync'd {@value SyncProbe#ROUNDS}
 * times on the bench root and on the run's tmpfs root, each with its filesystem and mount options.
 */
public final class RootSync {
    /** The bench root's name in the lines, and the run's tmpfs root's. */
    private static final String DISK = "disk";
    private static final String TMPFS = "tmpfs";

    private RootSync() {
    }

    /** Measures both roots (the tmpfs one where there is one), appends their lines, returns the latencies. */
    public static Map<String, SyncProbe.Latency> measure(Bench bench) throws IOException {
        Map<String, SyncProbe.Latency> latency = new LinkedHashMap<>();
        String workload = bench.options.workload.id();
        probe(bench, DISK, bench.pool, bench.pool.trialDir(workload, "profile-sync-probe", "root"), latency);
        try {
            ScratchRoot tmpfs = bench.scratch();
            probe(bench, TMPFS, tmpfs.pool(), tmpfs.trialDir(workload, "profile-sync-probe", "root"), latency);
        } catch (FileNotFoundException e) {
            bench.results.append(line(new RootSyncLine(TMPFS, e.getMessage())));
        }
        return latency;
    }

    private static ObjectNode line(RootSyncLine root) {
        return ResultsFile.with(ResultsFile.line(ProfileLine.KIND), root);
    }

    private static void probe(Bench bench, String rootName, StorePool pool, Path dir,
                              Map<String, SyncProbe.Latency> measured) throws IOException {
        Path store = StoreLayout.storeDir(dir, 0);
        pool.deleteStore(dir, 0);
        Files.createDirectory(store);
        SyncProbe.Latency latency;
        try {
            latency = SyncProbe.measure(store.resolve("sync-probe.bin"), SyncProbe.ROUNDS);
        } finally {
            pool.deleteStore(dir, 0);
        }
        Mounts.Mount m = Mounts.of(pool.root());
        bench.environment.describeRoot(rootName, pool.root(), m.fsType(), m.options());
        bench.results.append(line(new RootSyncLine(rootName, new CreateStepsLine.Where(pool.root().toString(),
                m.fsType(), m.options()), m.source(), new RootSyncLine.Synced(latency.medianMs(), latency.p90Ms(),
                latency.rounds(), SyncProbe.BLOCK))));
        measured.put(rootName, latency);
    }
}
