package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.CapacityPhase;
import storebench.phase.MemoryPhase;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The memory total per open store: measured by new runs, derived for runs whose lines allow it. */
class OpenStoreMemoryTest {
    private final List<JsonNode> lines = new ArrayList<>();
    private final ObjectNode environment = ResultsFile.JSON.createObjectNode();

    private void runtime(String engine, String runtime) {
        environment.with("engines").with(engine).put("runtime", runtime);
    }

    private void stat(String engine, String stat, double value) {
        lines.add(ResultsFile.line("stat").put("engine", engine).put("setting", "default").put("stat", stat)
                .put("value", value));
    }

    private double value(RunResults r, String engine, String stat) {
        return r.measurement(engine, "default", stat).orElseThrow().value();
    }

    @Test
    void aJvmsTotalAddsTheHeapAndTheNodeWorkersIsItsResidentAlone() {
        runtime("heap-only", "Java 17.0.15 (OpenJDK 64-Bit Server VM)");
        runtime("sqlite-node", "Node.js v20.20.2");
        stat("heap-only", "mem_resident_kb", 0.4);
        stat("heap-only", "heap_kb", 1024.0);
        stat("sqlite-node", "mem_resident_kb", 432.0);
        stat("sqlite-node", "heap_kb", 0.1); // V8's heap is resident already: never counted twice

        RunResults r = new RunResults(lines, environment);

        assertThat(value(r, "heap-only", OpenStoreMemory.TOTAL)).isCloseTo(1024.4, within(1e-9));
        assertThat(value(r, "sqlite-node", OpenStoreMemory.TOTAL)).isEqualTo(432.0);
        assertThat(r.stats()).extracting(Stat::id).containsSubsequence("mem_resident_kb", OpenStoreMemory.TOTAL);
    }

    @Test
    void aTotalDerivedFromFiguresTakenUnderAProfilerIsProfiledToo() {
        runtime("sqlite", "Java 17");
        stat("sqlite", "mem_resident_kb", 425);
        ((ObjectNode) lines.get(lines.size() - 1)).withArray("profilers").add("strace");
        stat("sqlite", "heap_kb", 1.2);

        RunResults r = new RunResults(lines, environment);

        assertThat(r.measurement("sqlite", "default", OpenStoreMemory.TOTAL).orElseThrow().profilers())
                .containsExactly("strace");
    }

    @Test
    void nothingIsDerivedWhereTheRunDoesNotSayTheRuntimeOrAlreadyHasTheTotal() {
        stat("unknown", "mem_resident_kb", 10);
        stat("unknown", "heap_kb", 10);
        runtime("sqlite", "Java 17");
        stat("sqlite", "mem_resident_kb", 425);
        stat("sqlite", "heap_kb", 1.2);
        stat("sqlite", OpenStoreMemory.TOTAL, 500); // measured: kept as it is

        RunResults r = new RunResults(lines, environment);

        assertThat(r.measurement("unknown", "default", OpenStoreMemory.TOTAL)).isEmpty();
        assertThat(r.measurements()).filteredOn(m -> m.stat().equals(OpenStoreMemory.TOTAL)).singleElement()
                .satisfies(m -> assertThat(m.value()).isEqualTo(500));
    }

    @Test
    void theCapacityTotalAddsTheHeapsSlopeOverThePoints() {
        runtime("h2", "Java 17");
        stat("h2", "capacity_resident_kb", 100);
        for (int stores : new int[] {0, 1000, 2000}) {
            lines.add(ResultsFile.line("capacity-point").put("engine", "h2").put("setting", "default")
                    .put("stores", stores).put("heapUsedBytes", 4_000_000L + stores * 1024L * 900));
        }

        RunResults r = new RunResults(lines, environment);

        assertThat(value(r, "h2", OpenStoreMemory.CAPACITY_TOTAL)).isCloseTo(1000, within(1e-6));
    }

    @Test
    void theDerivedDescriptionsAreThePhasesOwn() {
        JsonNode d = OpenStoreMemory.descriptions();
        for (Stat s : List.of(MemoryPhase.MEM_TOTAL_KB, CapacityPhase.CAPACITY_TOTAL_KB)) {
            ObjectNode declared = s.about(1000, 1000, "g", 1);
            ObjectNode kept = Stat.read(s.id(), d.path(s.id())).about(1000, 1000, "g", 1);
            assertThat(kept).as(s.id()).isEqualTo(declared);
        }
    }
}
