package storebench.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ScratchRootTest {
    @TempDir
    Path dir;

    @Test
    void scratchRootRemovesWhatItMadeAndNothingElse() throws Exception {
        Path root = dir.resolve("shm-root");
        try (ScratchRoot s = new ScratchRoot(root)) {
            Path trial = s.trialDir("large", "sqlite", "profile-default");
            Files.createDirectories(trial.resolve("store-0"));
            Files.writeString(trial.resolve("store-0").resolve("store.db"), "x");
            assertThat(root.resolve(StorePool.MARKER)).exists();
        }
        assertThat(root).doesNotExist();

        try (ScratchRoot s = new ScratchRoot(root)) {
            Path trial = s.trialDir("large", "sqlite", "profile-default");
            Files.writeString(trial.resolve("not-ours.txt"), "x");
        }
        assertThat(root.resolve("large/sqlite/profile-default/not-ours.txt")).exists();
        assertThat(root.resolve(StorePool.MARKER)).exists();
    }
}
