package storebench.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.results.EnvironmentFile;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The bench root's direct-read latency: real reads past the page cache, from a scratch file that is always deleted. */
class DeviceLatencyTest {
    @TempDir
    Path root;

    @Test
    void readsPastThePageCacheAndLeavesNothingBehind() throws Exception {
        Files.writeString(root.resolve("someone's"), "kept");

        EnvironmentFile.DirectRead f = DeviceLatency.measure(root);

        assertThat(f.reads()).isEqualTo(DeviceLatency.READS);
        assertThat(f.medianMs()).isPositive().isLessThanOrEqualTo(f.p99Ms());
        assertThat(f.fileBytes()).isEqualTo(DeviceLatency.FILE_BYTES);
        try (var left = Files.list(root)) {
            assertThat(left).containsExactly(root.resolve("someone's"));
        }
    }
}
