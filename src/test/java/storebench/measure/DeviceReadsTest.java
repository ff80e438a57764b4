package storebench.measure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeviceReadsTest {
    static final String PROC_IO = "rchar: 123456789\nwchar: 2048\nsyscr: 1000\nsyscw: 10\nread_bytes: 8192000\n"
            + "write_bytes: 4096\ncancelled_write_bytes: 0\n";

    @Test
    void readsReadBytesNotRchar() {
        assertThat(DeviceReads.readBytes(PROC_IO)).isEqualTo(8_192_000L);
    }

    @Test
    void aTextWithoutReadBytesIsAnError() {
        assertThatThrownBy(() -> DeviceReads.readBytes("rchar: 1\n")).hasMessageContaining("no read_bytes");
    }

    @Test
    void readsThisProcessOwnIo() throws Exception {
        assertThat(DeviceReads.readBytes(ProcessHandle.current().pid())).isNotNegative();
    }

    @Test
    void bytesPerOpenAreTheGrowthOverTheOpens() {
        assertThat(DeviceReads.perOpen(1_000, 201_000, 200)).isEqualTo(1_000.0);
        assertThat(DeviceReads.perOpen(5, 5, 0)).isZero();
        assertThatThrownBy(() -> DeviceReads.perOpen(10, 5, 1)).hasMessageContaining("went down");
    }

    @Test
    void aPassIsColdOnlyWhenEvictionWorkedAndTheDeviceServedReads() {
        assertThat(DeviceReads.verdict(0.0, 40_960, null).cold()).isTrue();
        assertThat(DeviceReads.verdict(0.05, 1, null).cold()).isTrue();

        DeviceReads.Verdict stayed = DeviceReads.verdict(0.5, 40_960, null);
        assertThat(stayed.cold()).isFalse();
        assertThat(stayed.describe()).isEqualTo("not cold: 50.0% of the pages stayed resident after eviction");

        DeviceReads.Verdict cached = DeviceReads.verdict(0.0, 0, null);
        assertThat(cached.cold()).isFalse();
        assertThat(cached.describe()).contains("the device served nothing");

        DeviceReads.Verdict failed = DeviceReads.verdict(1.0, 0, "posix_fadvise failed");
        assertThat(failed.reasons()).hasSize(3);
        assertThat(failed.describe()).startsWith("not cold: eviction failed (posix_fadvise failed)");
    }
}
