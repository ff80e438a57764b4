package storebench.phase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.measure.DeviceReads;
import storebench.measure.PageCache;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The cold phase's drop, on real store files: nothing of them stays in the page cache, and an open reads them again. */
class ColdPhaseTest {
    @TempDir
    Path root;

    @Test
    void theDropLeavesNoResidentPageAndTheNextVisitReadsTheStoreFromTheDevice() throws Exception {
        Engine sqlite = new SqliteEngine(Setting.DEFAULT);
        Path dir = Files.createDirectory(root.resolve("store-0"));
        try (Engine.OpenStore store = sqlite.create(dir)) {
            store.putAll(PhaseLoops.notes(Workload.LARGE, 0));
        }
        try (Engine.OpenStore store = sqlite.open(dir)) {
            assertThat(store.count()).isEqualTo(1000);
        }
        Path file = dir.resolve(SqliteEngine.FILE_NAME);
        assertThat(PageCache.residency(file).residentPages()).as("pages cached after the write and the count")
                .isPositive();

        PageCache.Residency after = ColdPhase.drop(List.of(dir));

        assertThat(after.pages()).isEqualTo(PageCache.residency(file).pages()).isPositive();
        assertThat(after.residentPages()).as("pages left in the page cache").isZero();
        long before = DeviceReads.readBytes(ProcessHandle.current().pid());
        try (Engine.OpenStore store = sqlite.open(dir)) {
            assertThat(store.count()).isEqualTo(1000);
        }
        long read = DeviceReads.readBytes(ProcessHandle.current().pid()) - before;
        // the count scans every leaf: the 344 KiB store is read back, most of it at least
        assertThat(read).as("bytes this process read from the device").isGreaterThanOrEqualTo(Files.size(file) / 2);
    }
}
