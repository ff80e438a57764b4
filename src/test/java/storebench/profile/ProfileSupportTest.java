package storebench.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.run.StorePool;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileSupportTest {
    @TempDir
    Path dir;

    @Test
    void mountLineParses() {
        Mounts.Mount m = Mounts.parse("ext4 rw,relatime,discard /dev/vda");
        assertThat(m.fsType()).isEqualTo("ext4");
        assertThat(m.options()).isEqualTo("rw,relatime,discard");
        assertThat(m.source()).isEqualTo("/dev/vda");
        assertThat(Mounts.of(dir).fsType()).isNotBlank();
    }

    @Test
    void syncProbeMeasuresEachRound() throws Exception {
        SyncProbe.Latency l = SyncProbe.measure(dir.resolve("probe.bin"), 5);
        assertThat(l.rounds()).isEqualTo(5);
        assertThat(l.medianMs()).isPositive();
        assertThat(l.p90Ms()).isGreaterThanOrEqualTo(l.medianMs());
        assertThat(Files.size(dir.resolve("probe.bin"))).isEqualTo(SyncProbe.BLOCK);
    }

    @Test
    void scratchRootRemovesWhatItMadeAndNothingElse() throws Exception {
        Path root = dir.resolve("shm-root");
        try (ScratchRoot s = ScratchRoot.claim(root)) {
            Path trial = s.trialDir("large", "sqlite", "profile-default");
            Files.createDirectories(trial.resolve("store-0"));
            Files.writeString(trial.resolve("store-0").resolve("store.db"), "x");
            assertThat(root.resolve(StorePool.MARKER)).exists();
        }
        assertThat(root).doesNotExist();

        try (ScratchRoot s = ScratchRoot.claim(root)) {
            Path trial = s.trialDir("large", "sqlite", "profile-default");
            Files.writeString(trial.resolve("not-ours.txt"), "x");
        }
        assertThat(root.resolve("large/sqlite/profile-default/not-ours.txt")).exists();
        assertThat(root.resolve(StorePool.MARKER)).exists();
    }
}
