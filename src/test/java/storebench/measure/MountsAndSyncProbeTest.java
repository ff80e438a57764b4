package storebench.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class MountsAndSyncProbeTest {
    @TempDir
    Path dir;

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
}
