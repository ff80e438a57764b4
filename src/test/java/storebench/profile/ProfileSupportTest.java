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

    /**
     * The frames' tables keep the samples inside the phase loops, named by method: a loop renamed or folded into
     * another (openRun became visits) must take its name here along, or the table is empty and says nothing.
     */
    @Test
    void theLoopsTheFramesAreCountedInExist() throws Exception {
        for (String loop : java.util.List.of(ProfileRun.CREATE_LOOP, ProfileRun.OPEN_LOOP)) {
            int dot = loop.lastIndexOf('.');
            Class<?> owner = Class.forName(loop.substring(0, dot));
            assertThat(java.util.Arrays.stream(owner.getDeclaredMethods()).map(java.lang.reflect.Method::getName))
                    .as(loop).contains(loop.substring(dot + 1));
        }
        Path node = Path.of(System.getProperty("user.dir"), "src", "main", "node", "lib");
        String loops = Files.readString(node.resolve("phase-loops.js")) + Files.readString(node.resolve("visits.js"));
        for (String function : java.util.List.of(ProfileRun.NODE_CREATE_LOOP, ProfileRun.NODE_OPEN_LOOP)) {
            assertThat(loops).as(function).containsPattern("(?m)^  async " + function + "\\(req\\) \\{$");
        }
    }

    @Test
    void mountLineParses() throws Exception {
        Mounts.Mount m = Mounts.parse("ext4 rw,relatime,discard /dev/vda");
        assertThat(m.fsType()).isEqualTo("ext4");
        assertThat(m.options()).isEqualTo("rw,relatime,discard");
        assertThat(m.source()).isEqualTo("/dev/vda");
        // the mount table's line for the directory agrees with what the JDK says of its file store
        assertThat(Mounts.of(dir).fsType()).isEqualTo(Files.getFileStore(dir).type());
    }

    @Test
    void syncProbeWaitsForTheDeviceWhereThereIsOne() throws Exception {
        // a probe that did not sync would time a page-cache write on a disk as on memory: tmpfs has no device to wait for
        Path disk = Files.createTempDirectory(Path.of(System.getProperty("user.dir"), "target"), "probe");
        Path memory = Path.of("/dev/shm");
        if (Mounts.of(disk).fsType().equals("tmpfs") || !Files.isDirectory(memory)) {
            throw new IllegalStateException("this test needs the project on a disk and a tmpfs at /dev/shm: "
                    + Mounts.of(disk).fsType() + ", " + memory);
        }
        Path onMemory = Files.createTempDirectory(memory, "storebench-probe");
        try {
            SyncProbe.Latency d = SyncProbe.measure(disk.resolve("probe.bin"), 20);
            SyncProbe.Latency m = SyncProbe.measure(onMemory.resolve("probe.bin"), 20);
            assertThat(d.rounds()).isEqualTo(20);
            assertThat(d.p90Ms()).isGreaterThanOrEqualTo(d.medianMs());
            assertThat(Files.size(disk.resolve("probe.bin"))).isEqualTo(SyncProbe.BLOCK);
            assertThat(d.medianMs()).as("a synced write on %s against one on tmpfs (%s ms)", Mounts.of(disk).fsType(),
                    m.medianMs()).isGreaterThan(3 * m.medianMs());
        } finally {
            Files.deleteIfExists(disk.resolve("probe.bin"));
            Files.deleteIfExists(disk);
            Files.deleteIfExists(onMemory.resolve("probe.bin"));
            Files.deleteIfExists(onMemory);
        }
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
