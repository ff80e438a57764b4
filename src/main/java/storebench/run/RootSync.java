package storebench.run;

import storebench.measure.Mounts;
import storebench.measure.SyncProbe;
import storebench.model.StoreLayout;
import storebench.results.ResultsFile;

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
    private RootSync() {
    }

    /** Measures both roots (the tmpfs one where there is one), appends their lines, returns the latencies. */
    public static Map<String, SyncProbe.Latency> measure(Bench bench) throws IOException {
        Map<String, SyncProbe.Latency> latency = new LinkedHashMap<>();
        String workload = bench.options.workload.id();
        latency.put("disk", probe(bench, "disk", bench.pool, bench.pool.trialDir(workload, "profile-sync-probe",
                "root")));
        try {
            ScratchRoot tmpfs = bench.scratch();
            latency.put("tmpfs", probe(bench, "tmpfs", tmpfs.pool(), tmpfs.trialDir(workload, "profile-sync-probe",
                    "root")));
        } catch (FileNotFoundException e) {
            bench.results.append(ResultsFile.line("profile").put("profile", "rootsync").put("root", "tmpfs")
                    .put("unavailable", e.getMessage()));
        }
        return latency;
    }

    private static SyncProbe.Latency probe(Bench bench, String rootName, StorePool pool, Path dir) throws IOException {
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
        bench.describeRoot(rootName, pool.root(), m.fsType(), m.options());
        bench.results.append(ResultsFile.line("profile").put("profile", "rootsync").put("root", rootName)
                .put("rootPath", pool.root().toString()).put("fsType", m.fsType()).put("mountOptions", m.options())
                .put("device", m.source()).put("fdatasyncMedianMs", latency.medianMs())
                .put("fdatasyncP90Ms", latency.p90Ms()).put("rounds", latency.rounds())
                .put("blockBytes", SyncProbe.BLOCK));
        return latency;
    }
}
