package storebench.measure;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(d.faults().minflt()).isGreaterThanOrEqualTo(PAGES / 512);
        assertThat(d.cpu().userUs() + d.cpu().sysUs()).isNotNegative();
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
        assertThat(other[0].faults().minflt()).isGreaterThanOrEqualTo(PAGES / 512);
        assertThat(mine.faults().minflt()).isLessThan(other[0].faults().minflt());
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
                assertThat(d.device().writeBytes()).isGreaterThanOrEqualTo(256 * 1024);
            }
            assertThat(d.device().readBytes()).isNotNegative();
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
    void twoStretchesAddAndAMixOfScopesIsMixed() {
        VisitCounters a = counters(1, "thread");
        assertThat(a.plus(a)).isEqualTo(new VisitCounters(new VisitCounters.Faults(2, 4),
                new VisitCounters.Switches(6, 8), new VisitCounters.Cpu(10, 12), new VisitCounters.Device(14, 16),
                "thread"));
        assertThat(a.plus(a).minus(a)).isEqualTo(a);
        assertThat(a.plus(counters(0, "process")).scope()).isEqualTo("mixed");
    }

    @Test
    void anIoFileAbsentOrUnreadableLeavesTheOtherSixCountersAndSaysWhy(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        Path task = Files.createDirectory(tmp.resolve("task"));
        Files.writeString(task.resolve("stat"), Files.readString(Path.of("/proc/self/stat")));
        Files.writeString(task.resolve("status"), Files.readString(Path.of("/proc/self/status")));

        VisitCounters absent = VisitCounters.read(task, "process");
        assertThat(absent.faults().minflt()).isPositive();
        assertThat(absent.device().unread()).hasValueSatisfying(why -> assertThat(why)
                .isEqualTo(task.resolve("io") + " does not exist (a kernel without task I/O accounting,"
                        + " CONFIG_TASK_IO_ACCOUNTING)"));

        Files.createDirectory(task.resolve("io")); // a read that fails, as an LD_PRELOAD shim failing its open does
        VisitCounters unreadable = VisitCounters.read(task, "process");
        assertThat(unreadable.switches().vcsw()).isPositive();
        assertThat(unreadable.device().unread()).hasValueSatisfying(why -> assertThat(why)
                .startsWith(task.resolve("io") + " cannot be read (").endsWith("; a container may hide it)"));

        // across a stretch and in an answer: the reason goes with it, the device bytes do not
        VisitCounters stretch = unreadable.minus(counters(0, "process"));
        assertThat(stretch.device().unread()).isEqualTo(unreadable.device().unread());
        com.fasterxml.jackson.databind.node.ObjectNode answer = stretch.into(
                new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode());
        assertThat(answer.has("readBytes")).isFalse();
        assertThat(answer.path("deviceUnread").asText()).contains("cannot be read");
    }

    /** Counters 1 to 8 times {@code k}, in the protocol's order (minflt first, writeBytes last). */
    static VisitCounters counters(long k, String scope) {
        return new VisitCounters(new VisitCounters.Faults(k, 2 * k), new VisitCounters.Switches(3 * k, 4 * k),
                new VisitCounters.Cpu(5 * k, 6 * k), new VisitCounters.Device(7 * k, 8 * k), scope);
    }
}
