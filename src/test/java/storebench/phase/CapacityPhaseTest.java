package storebench.phase;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.measure.DiskFull;
import storebench.model.Workload;
import storebench.results.RunStats;
import storebench.trial.Protocol;
import storebench.trial.answer.CapacityAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The capacity phase's per-store figures are least-squares slopes over its points; its points' spacing; which answers
 * of its loop are no capacity (a full disk, no store held) and the memory margins it refuses.
 */
class CapacityPhaseTest {
    private static final Path ROOT = Path.of("/bench/root");
    private static final long GIB = 1L << 30;
    private static final CapacityPhase.Options OPTIONS = new CapacityPhase.Options(20_000, Workload.SMALL, 2048);
    @Test
    void theSlopeIsPerOpenStoreOverEveryPoint() {
        ArrayNode points = Protocol.JSON.createArrayNode();
        // 150 KB per store on a 300 MB base, one point off the line by 1 MB
        points.addObject().put("stores", 0).put("rssKb", 300_000);
        points.addObject().put("stores", 1000).put("rssKb", 450_000 + 1024);
        points.addObject().put("stores", 2000).put("rssKb", 600_000);
        points.addObject().put("stores", 2500).put("rssKb", 675_000);
        assertThat(RunStats.slope(points, "rssKb")).isCloseTo(150, within(0.5));
        assertThat(RunStats.slope(points, "fds")).isZero();
    }

    @Test
    void aSinglePointHasNoSlope() {
        ArrayNode points = Protocol.JSON.createArrayNode();
        points.addObject().put("stores", 0).put("rssKb", 300_000);
        assertThat(RunStats.slope(points, "rssKb")).isNaN();
    }

    @Test
    void aPointEveryThousandStoresOrATenthOfASmallerCap() {
        assertThat(CapacityPhase.every(20_000)).isEqualTo(1000);
        assertThat(CapacityPhase.every(5000)).isEqualTo(500);
        assertThat(CapacityPhase.every(200)).isEqualTo(20);
        assertThat(CapacityPhase.every(5)).isEqualTo(1);
    }

    /** A capacity loop's answer as its trial process gives it: how it stopped, and where a store failed. */
    private static CapacityAnswer answer(String stop, int opened, String message) {
        ObjectNode a = Protocol.JSON.createObjectNode().put("stop", stop).put("opened", opened);
        if (message != null) {
            a.put("during", "create").put("store", opened).put("message", message);
        }
        a.putObject("limits").put("memAvailableKb", 1_500L * 1024);
        return CapacityAnswer.of(a);
    }

    @Test
    void aStoreThatFailsBecauseTheDiskIsFullIsAFailureNamingTheRootNotACapacity() {
        String sqliteFull = "SQLiteException: [SQLITE_FULL] Insertion failed because database is full (database or"
                + " disk is full)";
        // the engine says so: whatever space the root shows now (a filler may have been deleted since)
        Optional<IOException> full = CapacityPhase.noCapacity(answer("error", 608, sqliteFull), ROOT, 3 * GIB,
                OPTIONS);
        assertThat(full).get().isInstanceOf(DiskFull.RootFull.class).extracting(Throwable::getMessage).asString()
                .startsWith("the bench root /bench/root is full (3,072.0 MiB free): with 608 small stores open,"
                        + " store 608 (create) failed because the disk is full: " + sqliteFull)
                .contains("no capacity figure is recorded").contains("-Dbench.root");
    }

    @Test
    void aFailureThatSaysNothingOfTheDiskIsAFullDiskWhereTheRootIsBelowTheMarginLeft() {
        String lmdb = "ConstantDerivedException: Platform constant error code: EIO Input/output error (5)";
        assertThat(CapacityPhase.noCapacity(answer("error", 15, lmdb), ROOT, 200_000, OPTIONS)).get()
                .isInstanceOf(DiskFull.RootFull.class).extracting(Throwable::getMessage).asString()
                .contains("is full (0.2 MiB free)").contains("store 15 (create) failed with less than the 1 GiB the"
                        + " phase keeps free left on the root: " + lmdb);
        assertThat(CapacityPhase.noCapacity(answer("error", 1022, lmdb), ROOT, 5 * GIB, OPTIONS))
                .as("with the disk's space left, the engine's limit").isEmpty();
        assertThat(CapacityPhase.noCapacity(answer("error", 1022, "MapFullException: Environment mapsize reached"
                + " (-30792)"), ROOT, 5 * GIB, OPTIONS)).as("a full map is the store's limit").isEmpty();
    }

    @Test
    void aLoopStoppedByTheDiskMarginIsAFailureNamingTheRootNotACapacity() {
        // another writer took the root below 1 GiB free between two of the loop's checks: no ENOSPC, still the disk
        assertThat(CapacityPhase.noCapacity(answer("disk", 700, null), ROOT, 900L << 20, OPTIONS)).get()
                .isInstanceOf(DiskFull.RootFull.class).extracting(Throwable::getMessage).asString()
                .startsWith("the bench root /bench/root is below the 1 GiB of free space the phase keeps (900.0 MiB"
                        + " free) with 700 small stores open: the disk, not the process, stopped it")
                .endsWith("Free space under the root, choose another -Dbench.root or hold fewer stores"
                        + " (-Dbench.capacityMax)");
    }

    @Test
    void aLoopThatHeldNoStoreIsAFailureWithItsReason() {
        assertThat(CapacityPhase.noCapacity(answer("memory", 0, null), ROOT, 5 * GIB, OPTIONS)).get()
                .extracting(Throwable::getMessage).asString()
                .startsWith("the process held no store open: the machine's available memory (1,500 MiB with the"
                        + " holding process started) was below bench.capacityMarginMb=2048 before the first store")
                .contains("Give a smaller -Dbench.capacityMarginMb").endsWith("no capacity figure is recorded");
        assertThat(CapacityPhase.noCapacity(answer("disk", 0, null), ROOT, 600L << 20, OPTIONS)).get()
                .isInstanceOf(DiskFull.RootFull.class).extracting(Throwable::getMessage).asString()
                .isEqualTo("the bench root /bench/root is below the 1 GiB of free space the phase keeps (600.0 MiB"
                        + " free) with 0 small stores open: the disk, not the process, stopped it, so no capacity"
                        + " figure is recorded. Free space under the root, or choose another -Dbench.root");
        assertThat(CapacityPhase.noCapacity(answer("error", 0, "SQLiteException: [SQLITE_CANTOPEN] unable to open"),
                ROOT, 5 * GIB, OPTIONS)).get().extracting(Throwable::getMessage).asString()
                .contains("store 0 (create) failed: SQLiteException: [SQLITE_CANTOPEN] unable to open");
        assertThat(CapacityPhase.noCapacity(answer("memory", 1, null), ROOT, 5 * GIB, OPTIONS)).as("one store held")
                .isEmpty();
        assertThat(CapacityPhase.noCapacity(answer("cap", 20_000, null), ROOT, 5 * GIB, OPTIONS)).isEmpty();
    }

    @Test
    void aMemoryMarginTheMachineCannotKeepIsRefusedNamingItsMemoryAndTheValidValues() {
        long total = 24_105L * 1024;
        long available = 22_900L * 1024;
        assertThat(CapacityPhase.belowAvailableMemory(2048, total, available)).isEqualTo(2048);
        assertThat(CapacityPhase.belowAvailableMemory(22_899, total, available)).isEqualTo(22_899);
        assertThatThrownBy(() -> CapacityPhase.belowAvailableMemory(22_900, total, available))
                .hasMessage("this machine has 24,105 MiB of memory, 22,900 MiB of it available now; the capacity phase"
                        + " stops before the available memory falls below the margin, so it would hold no store. Give"
                        + " a whole number of MiB from 1 to 22,899 (the default is 2048)");
        assertThatThrownBy(() -> CapacityPhase.MARGIN_MB.read("100000000"))
                .hasMessageStartingWith("bench.capacityMarginMb='100000000' is not valid: this machine has ")
                .hasMessageContaining("Give a whole number of MiB from 1 to ");
        assertThat(CapacityPhase.MARGIN_MB.read("1")).isEqualTo(1);
    }
}
