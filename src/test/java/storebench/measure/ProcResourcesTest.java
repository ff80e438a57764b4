package storebench.measure;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The limits and points are this process' own, as the same /proc files read whole tell them. */
class ProcResourcesTest {
    @Test
    void limitsAreThoseProcTells() throws Exception {
        ProcResources.Limits l = ProcResources.limits();
        assertThat(l.kernel().maxMapCount()).isEqualTo(sys("/proc/sys/vm/max_map_count"));
        assertThat(l.kernel().overcommit()).isEqualTo(sys("/proc/sys/vm/overcommit_memory"));
        assertThat(l.kernel().threadsMax()).isEqualTo(sys("/proc/sys/kernel/threads-max"));
        assertThat(l.kernel().pidMax()).isEqualTo(sys("/proc/sys/kernel/pid_max"));
        long[] nofile = ProcResources.limit(Files.readAllLines(Path.of("/proc/self/limits")), "Max open files");
        assertThat(l.nofileSoft()).isEqualTo(nofile[0]).isNotZero();
        assertThat(l.nofileHard()).isEqualTo(nofile[1]);
        assertThat(l.memory().memAvailableKb()).isPositive().isLessThanOrEqualTo(l.memory().memTotalKb());
    }

    @Test
    void parsesALimitsRowAndUnlimited() {
        List<String> rows = List.of("Limit                     Soft Limit           Hard Limit           Units",
                "Max address space         unlimited            unlimited            bytes",
                "Max open files            1024                 524288               files");
        assertThat(ProcResources.limit(rows, "Max open files")).containsExactly(1024, 524288);
        assertThat(ProcResources.limit(rows, "Max address space")).containsExactly(-1, -1);
    }

    @Test
    void aPointCountsTheDescriptorsTheProcessOpens() throws Exception {
        ProcResources.Point before = ProcResources.point(0);
        Path file = Files.createTempFile("storebench-fds", ".txt");
        List<java.io.InputStream> streams = new java.util.ArrayList<>();
        try {
            for (int k = 0; k < 50; k++) {
                streams.add(Files.newInputStream(file));
            }
            ProcResources.Point after = ProcResources.point(0);
            // the test JVM's own threads may open or close a descriptor or two meanwhile (a collection's cleaners)
            assertThat(after.fds() - before.fds()).isBetween(47L, 53L);
            assertThat(after.maps()).isPositive();
            assertThat(after.threads()).isPositive();
            assertThat(after.vszKb()).isGreaterThan(after.memory().rssKb());
        } finally {
            for (java.io.InputStream s : streams) {
                s.close();
            }
            Files.delete(file);
        }
    }

    /** The file as `cat` would print it (a /proc/sys number). */
    private static long sys(String file) throws Exception {
        Process p = new ProcessBuilder("cat", file).start();
        return Long.parseLong(new String(p.getInputStream().readAllBytes()).trim());
    }
}
