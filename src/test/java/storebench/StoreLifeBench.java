package storebench;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.Parameter;
import storebench.junit.PhaseOrder;
import storebench.junit.StoreBench;
import storebench.phase.ColdPhase;
import storebench.phase.ConcurrencyPhase;
import storebench.phase.Measured;
import storebench.phase.Phases;
import storebench.phase.TrafficPhase;
import storebench.run.Trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static storebench.phase.CapacityPhase.CAPACITY_FDS;
import static storebench.phase.CapacityPhase.CAPACITY_RESIDENT_KB;
import static storebench.phase.CapacityPhase.CAPACITY_STORES;
import static storebench.phase.CreatePhase.CREATE_MS;
import static storebench.phase.CreatePhase.STORES_PER_S;
import static storebench.phase.DiskPhase.DISK_ALLOC_KB;
import static storebench.phase.DiskPhase.DISK_KB;
import static storebench.phase.MemoryPhase.HEAP_KB;
import static storebench.phase.MemoryPhase.MEM_ANON_KB;
import static storebench.phase.MemoryPhase.MEM_RESIDENT_KB;
import static storebench.phase.MemoryPhase.MEM_TOTAL_KB;
import static storebench.phase.OpenRunsPhase.COUNT_MS;
import static storebench.phase.OpenRunsPhase.OPEN_MS;
import static storebench.phase.OpenRunsPhase.OQC_MS;
import static storebench.phase.OpenRunsPhase.OQC_P99_MS;
import static storebench.phase.ReadPhase.ORC_MS;
import static storebench.phase.ReadPhase.ORC_P99_MS;
import static storebench.phase.ReadPhase.READ_MS;

/**
 * The life of a store, one phase per test, for every engine and setting the options choose (bench.engines,
 * bench.settings). Run one engine from an IDE with the VM option -Dbench.engines=sqlite; a rule of thresholds.yaml
 * its figures break fails the phase that measured them. Each test is named by its phase's id and runs in the phases'
 * order (PhaseOrder: Phases.ALL says it); every phase of Phases.ALL has its test here (PhaseOrderTest).
 */
@StoreBench
@TestMethodOrder(PhaseOrder.class)
class StoreLifeBench {
    @Parameter
    Trial trial;

    @Test
    void create() throws Exception {
        Measured m = trial.measure(Phases.CREATE);
        if (trial.createdStores() == 0) {
            abort("create not measured: all " + trial.reusedStores() + " stores were reused (bench.reuse)");
        }
        assertThat(m.value(CREATE_MS)).as("create_ms").isPositive();
        assertThat(m.value(STORES_PER_S)).as("stores_per_s").isPositive();
    }

    @Test
    void disk() throws Exception {
        Measured m = trial.measure(Phases.DISK);
        assertThat(m.value(DISK_KB)).as("disk_kb").isPositive();
        assertThat(m.value(DISK_ALLOC_KB)).as("disk_alloc_kb").isPositive();
    }

    @Test
    void openRuns() throws Exception {
        Measured m = trial.measure(Phases.OPEN_RUNS);
        assertThat(m.value(OPEN_MS)).as("open_ms").isPositive();
        assertThat(m.value(COUNT_MS)).as("count_ms").isPositive();
        assertThat(m.value(OQC_P99_MS)).as("oqc_p99_ms").isGreaterThanOrEqualTo(m.value(OQC_MS));
    }

    @Test
    void memory() throws Exception {
        Measured m = trial.measure(Phases.MEMORY);
        assertThat(m.figures()).as("memory per open store").containsKeys(MEM_RESIDENT_KB, MEM_ANON_KB, HEAP_KB)
                .allSatisfy((stat, v) -> assertThat(v).as(stat.id()).isFinite());
        // a store held open holds at least its engine's handle: nothing in total is a broken reading. Not resident
        // alone: an engine whose store lives in the JVM's pre-touched heap (Xodus) grows no resident memory, and its
        // resident figure is noise about 0 (-4.3 KB in a kept run, with 78 KB of heap)
        assertThat(m.value(MEM_TOTAL_KB)).as("mem_total_kb").isPositive();
    }

    @Test
    void read() throws Exception {
        Measured m = trial.measure(Phases.READ);
        assertThat(m.value(READ_MS)).as("read_ms").isPositive();
        assertThat(m.value(ORC_MS)).as("orc_ms").isGreaterThanOrEqualTo(m.value(READ_MS));
        assertThat(m.value(ORC_P99_MS)).as("orc_p99_ms").isGreaterThanOrEqualTo(m.value(ORC_MS));
    }

    @Test
    void concurrency() throws Exception {
        Measured m = trial.measure(Phases.CONCURRENCY);
        for (int t : trial.params().option(ConcurrencyPhase.WORKERS)) {
            assertThat(m.value(ConcurrencyPhase.perSecond(t))).as("conc_oqc_per_s_t%d", t).isPositive();
            assertThat(m.value(ConcurrencyPhase.p99(t))).as("conc_oqc_p99_ms_t%d", t)
                    .isGreaterThanOrEqualTo(m.value(ConcurrencyPhase.median(t)));
        }
    }

    @Test
    void cold() throws Exception {
        Measured m = trial.measure(Phases.COLD);
        // every engine must read some of a store it has not touched since its pages were dropped
        assertThat(m.value(ColdPhase.COLD_READ_KB)).as("cold_read_kb").isPositive();
        assertThat(m.value(ColdPhase.COLD_OQC_P99_MS)).as("cold_oqc_p99_ms")
                .isGreaterThanOrEqualTo(m.value(ColdPhase.COLD_OQC_MS));
    }

    @Test
    void traffic() throws Exception {
        Measured m = trial.measure(Phases.TRAFFIC);
        // every store's count was checked after each run (a mismatch fails the trial before this)
        assertThat(m.value(TrafficPhase.REACHED_PER_S)).as("traffic_reached_per_s").isPositive();
        assertThat(m.value(TrafficPhase.ASKED_PER_S)).as("traffic_asked_per_s").isPositive();
        assertThat(m.value(TrafficPhase.HIT_RATE)).as("traffic_hit_rate").isBetween(0.0, 1.0);
        assertThat(m.value(TrafficPhase.UTILIZATION)).as("traffic_utilization").isPositive();
        if (m.has(TrafficPhase.ALL.latency().p999())) {
            // run by run: where the runs served too few for a p99.9 each, the figure is their pooled histogram's, and
            // runs asked for different rates (each a share of its own closed step) weigh differently in the pool, so
            // the pool's p99.9 can lie below the median of the runs' p99s
            List<Double> p999 = m.runs(TrafficPhase.ALL.latency().p999());
            List<Double> p99 = m.runs(TrafficPhase.ALL_P99_MS);
            assertThat(p999).as("traffic_all_p999_ms runs").hasSameSizeAs(p99);
            for (int r = 0; r < p99.size(); r++) {
                assertThat(p999.get(r)).as("traffic_all_p999_ms, run %d", r + 1).isGreaterThanOrEqualTo(p99.get(r));
            }
        }
        assertThat(m.value(TrafficPhase.ALL_P99_MS)).as("traffic_all_p99_ms")
                .isGreaterThanOrEqualTo(m.value(TrafficPhase.ALL.latency().p50()));
        // a request's latency from its due time is never shorter than its service time, so neither is a percentile
        assertThat(m.value(TrafficPhase.ALL_P99_MS)).as("traffic_all_p99_ms against its service time")
                .isGreaterThanOrEqualTo(m.value(TrafficPhase.ALL.service().p99()));
    }

    @Test
    void capacity() throws Exception {
        Measured m = trial.measure(Phases.CAPACITY);
        // a process holds at least one store open; the limit it reached is in results.jsonl and the report
        assertThat(m.value(CAPACITY_STORES)).as("capacity_stores").isPositive();
        assertThat(m.value(CAPACITY_FDS)).as("capacity_fds").isFinite();
        assertThat(m.value(CAPACITY_RESIDENT_KB)).as("capacity_resident_kb").isFinite();
    }
}
