package storebench.run;

import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engines;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The disk a run needs, estimated before creating: RocksDB's stores grow by an info log with every open, so the
 * estimate must count at least the opens a run makes, and not so many more that a run that fits is refused.
 */
@StartsProcesses
class DiskEstimateTest {
    @TempDir
    Path tmp;

    /** Opens of each store that a real run of every phase that opens the pool made, from its phase lines. */
    private static double opensMade(Path out, BenchOptions o) throws Exception {
        // the steps of the phases that say they open no store of the pool (create makes them, capacity its own)
        Set<String> notOpens = Phases.ALL.stream().filter(p -> p.opensPerStore(o.stores, o.runs, 1, o) == 0)
                .flatMap(p -> p.steps().stream()).map(Phase.Step::op).collect(Collectors.toSet());
        int stores = o.stores;
        return RunResults.load(out).lines("phase", "sqlite", "default").stream()
                .filter(l -> !notOpens.contains(PhaseLine.op(l)))
                .mapToDouble(l -> l.path("visited").asDouble()).sum() / stores;
    }

    @Test
    void theEstimateCountsEveryOpenARealRunMakesAndNotTwiceAsMany() throws Exception {
        for (String share : List.of("false", "true")) {
            Path out = tmp.resolve("out-" + share);
            BenchOptions o = SmallRuns.options(out, tmp.resolve("root-" + share), Map.of("bench.stores", "5",
                    "bench.runs", "2", "bench.warmupOpens", "10", "bench.warmup", "fixed", "bench.threads", "1,2",
                    "bench.concurrencyVisits", "10", "bench.share", share));
            try (Bench bench = Bench.start(o, new PrintStream(OutputStream.nullOutputStream()), Bench.AfterRun.NOTHING)) {
                Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
                for (Phase p : Phases.ALL) {
                    if (p.usesPool()) {
                        trial.measure(p);
                    }
                }
            }
            double made = opensMade(out, o);
            int estimated = DiskEstimate.opensPerStore(o);
            assertThat(estimated).as("bench.share=%s: opens per store made %s", share, made)
                    .isGreaterThanOrEqualTo((int) Math.ceil(made));
            if (share.equals("false")) {
                // a fresh process per run and phase: the most a run opens, which the estimate is for
                assertThat((double) estimated).as("opens per store made %s", made).isLessThan(2 * made);
            }
        }
    }

    @Test
    void theEstimateCountsTheTrafficPhasesCopiesBesideThePool() {
        var sqlite = Engines.of("sqlite");
        BenchOptions traffic = SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), Map.of("bench.stores", "20",
                "bench.phases", "reference,traffic"));
        BenchOptions reference = SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), Map.of("bench.stores", "20",
                "bench.phases", "reference"));
        assertThat(DiskEstimate.ownStores(traffic)).as("a run's N copies of a created store").isEqualTo(20);
        assertThat(DiskEstimate.ownStores(reference)).isZero();

        long store = sqlite.diskEstimateBytes(Workload.LARGE);
        assertThat(DiskEstimate.peakBytes(List.of(sqlite), 1, Workload.LARGE, 20, false, 0, 20))
                .as("the pool and its copies, on the root at once").isEqualTo(20 * store + 20 * store);
        assertThat(DiskEstimate.peakBytes(List.of(sqlite), 2, Workload.LARGE, 20, true, 0, 20))
                .as("every kept pool, and one trial's copies at a time").isEqualTo(2 * 20 * store + 20 * store);
    }

    @Test
    void rocksDbsEstimateGrowsWithItsOpensOthersDoNot() {
        var rocksdb = Engines.of("rocksdb");
        var sqlite = Engines.of("sqlite");
        assertThat(rocksdb.diskEstimateBytes(Workload.LARGE, 44)).isGreaterThan(rocksdb.diskEstimateBytes(Workload.LARGE, 4))
                .isGreaterThan(rocksdb.diskEstimateBytes(Workload.LARGE));
        assertThat(sqlite.diskEstimateBytes(Workload.LARGE, 44)).isEqualTo(sqlite.diskEstimateBytes(Workload.LARGE));
        assertThat(DiskEstimate.peakBytes(List.of(sqlite, rocksdb), 2, Workload.LARGE, 1000, false, 44, 0))
                .as("without bench.keep, one trial's stores at a time: the larger engine's")
                .isEqualTo(1000 * rocksdb.diskEstimateBytes(Workload.LARGE, 44));
        assertThat(DiskEstimate.peakBytes(List.of(sqlite, rocksdb), 2, Workload.LARGE, 1000, true, 44, 0))
                .as("with bench.keep, every trial's stores")
                .isEqualTo(2 * 1000 * (rocksdb.diskEstimateBytes(Workload.LARGE, 44) + sqlite.diskEstimateBytes(Workload.LARGE, 44)));
    }
}
