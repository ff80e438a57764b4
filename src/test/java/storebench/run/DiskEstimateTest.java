package storebench.run;

import org.junit.jupiter.api.Test;
import storebench.engine.Engines;
import storebench.model.Workload;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The disk a run needs, estimated before creating: RocksDB's stores grow by an info log with every open. */
class DiskEstimateTest {
    @Test
    void aStoreIsOpenedByEveryFreshProcessWarmUpAndRun() {
        BenchOptions o = SmallRuns.options(Path.of("/tmp/out"), Path.of("/tmp/root"), Map.of("bench.stores", "1000",
                "bench.runs", "3", "bench.warmupOpens", "5000"));
        // open runs, read runs and cold runs: 3 fresh processes each, 5 warm-up passes and the run; memory: 5 passes and the
        // hold; check and layout; concurrency: for T = 1, 2, 4 and 3 runs, 5 warm-up passes and one pass of at
        // least 1,000 visits; capacity: none (it makes its own stores)
        assertThat(DiskEstimate.opensPerStore(o)).isEqualTo(3 * 3 * 6 + 6 + 2 + 3 * 3 * 6);
        BenchOptions fewer = SmallRuns.options(Path.of("/tmp/out"), Path.of("/tmp/root"), Map.of("bench.stores", "200",
                "bench.runs", "3", "bench.warmupOpens", "1000", "bench.threads", "2", "bench.concurrencyVisits", "1000"));
        // N=200: 5 warm-up passes, and a concurrency run of 1,000 visits is 5 passes
        assertThat(DiskEstimate.opensPerStore(fewer)).isEqualTo(3 * 3 * 6 + 6 + 2 + 3 * (5 + 5));
    }

    @Test
    void rocksDbsEstimateGrowsWithItsOpensOthersDoNot() {
        var rocksdb = Engines.of("rocksdb");
        var sqlite = Engines.of("sqlite");
        assertThat(rocksdb.diskEstimateBytes(Workload.LARGE, 44) - rocksdb.diskEstimateBytes(Workload.LARGE))
                .isEqualTo(44L * 40 * 1024 * 5 / 4);
        assertThat(sqlite.diskEstimateBytes(Workload.LARGE, 44)).isEqualTo(sqlite.diskEstimateBytes(Workload.LARGE));
        assertThat(DiskEstimate.peakBytes(List.of(sqlite, rocksdb), 2, Workload.LARGE, 1000, false, 44))
                .isEqualTo(1000 * rocksdb.diskEstimateBytes(Workload.LARGE, 44));
    }
}
