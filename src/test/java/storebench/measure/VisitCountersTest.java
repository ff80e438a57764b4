package storebench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The counters are the calling thread's own, and they move with the work it does. */
class VisitCountersTest {
    private static final int PAGES = 2_000;

    @Test
    void touchingFreshPagesCountsTheirMinorFaults() throws Exception {
        VisitCounters before = VisitCounters.now().orElseThrow();
        ByteBuffer fresh = ByteBuffer.allocateDirect(PAGES * 4096); // new anonymous pages, faulted in when touched
        for (int p = 0; p < PAGES; p++) {
            fresh.put(p * 4096, (byte) 1);
        }
        VisitCounters d = VisitCounters.now().orElseThrow().minus(before);
        assertThat(d.scope()).isEqualTo("thread");
        // allocateDirect zeroes the buffer (touching it once), and the loop above touches it: at least a fault a page,
        // unless the kernel backed it with huge pages
        assertThat(d.minflt()).isGreaterThanOrEqualTo(PAGES / 512);
        assertThat(d.userUs() + d.sysUs()).isNotNegative();
    }

    @Test
    void anotherThreadsFaultsAreNotThisThreads() throws Exception {
        VisitCounters before = VisitCounters.now().orElseThrow();
        VisitCounters[] other = new VisitCounters[1];
        Thread t = new Thread(() -> {
            VisitCounters b = VisitCounters.now().orElseThrow();
            ByteBuffer fresh = ByteBuffer.allocateDirect(PAGES * 4096);
            for (int p = 0; p < PAGES; p++) {
                fresh.put(p * 4096, (byte) 1);
            }
            other[0] = VisitCounters.now().orElseThrow().minus(b);
        });
        t.start();
        t.join();
        VisitCounters mine = VisitCounters.now().orElseThrow().minus(before);
        assertThat(other[0].minflt()).isGreaterThanOrEqualTo(PAGES / 512);
        assertThat(mine.minflt()).isLessThan(other[0].minflt());
    }

    @Test
    void aSyncedWriteCountsItsBytes() throws Exception {
        Path file = Files.createTempFile(Path.of("target"), "counters", ".bin");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            VisitCounters before = VisitCounters.now().orElseThrow();
            ch.write(ByteBuffer.allocate(256 * 1024));
            ch.force(true);
            VisitCounters d = VisitCounters.now().orElseThrow().minus(before);
            // on a device (not tmpfs) the synced write is accounted to the thread that dirtied the pages
            if (!storebench.model.FsType.inMemory(Mounts.of(file).fsType())) {
                assertThat(d.writeBytes()).isGreaterThanOrEqualTo(256 * 1024);
            }
            assertThat(d.readBytes()).isNotNegative();
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void parsesAStatLineWhoseNameHoldsSpacesAndParentheses() {
        String line = "4242 (C2 Compiler) (x) S 1 2 3 0 -1 4194304 103 7 5 9 11 13 17 19 20 0 1 0 42315 3133440 417";
        assertThat(VisitCounters.stat(line)).containsExactly(103, 5, 11, 13);
    }

    @Test
    void anAnswersCountersReadBackAndAdd() throws Exception {
        VisitCounters a = new VisitCounters(1, 2, 3, 4, 5, 6, 7, 8, "thread");
        ObjectMapper json = new ObjectMapper();
        VisitCounters back = VisitCounters.of(a.into(json.createObjectNode())).orElseThrow();
        assertThat(back).isEqualTo(a);
        assertThat(a.plus(a)).isEqualTo(new VisitCounters(2, 4, 6, 8, 10, 12, 14, 16, "thread"));
        assertThat(a.plus(new VisitCounters(0, 0, 0, 0, 0, 0, 0, 0, "process")).scope()).isEqualTo("mixed");
        assertThat(VisitCounters.of(null)).isEmpty();
        assertThatThrownBy(() -> VisitCounters.of(json.readTree("{\"minflt\": 1}")))
                .hasMessageContaining("majflt");
    }
}
