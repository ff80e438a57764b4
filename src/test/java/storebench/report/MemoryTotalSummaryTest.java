package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opening ranks memory per open store by its total: an engine whose stores live in the JVM's pre-touched heap
 * (1 MiB each, no native memory) shows almost no resident growth, and must not lead for it.
 */
class MemoryTotalSummaryTest {
    @Test
    void anEngineHoldingItsStoresInTheJavaHeapIsNotTheLeader() {
        List<JsonNode> lines = new ArrayList<>();
        ObjectNode run = ResultsFile.line("run").put("stores", 1000).put("notesPerStore", 1000).put("runs", 3)
                .put("hold", 1000).put("workload", "large");
        run.putArray("engines").add("sqlite").add("heap-only");
        run.putArray("settings").add("default");
        lines.add(run);
        ObjectNode environment = ResultsFile.JSON.createObjectNode();
        for (String e : List.of("sqlite", "heap-only")) {
            environment.with("engines").with(e).put("runtime", "Java 17.0.15");
        }
        // resident, anonymous, heap, and the total the memory phase records (resident plus heap in a JVM)
        double[][] figures = {{425, 425, 1.2, 426.2}, {0.4, 0.4, 1024, 1024.4}};
        List<String> engines = List.of("sqlite", "heap-only");
        for (int k = 0; k < 2; k++) {
            String[] ids = {"mem_resident_kb", "mem_anon_kb", "heap_kb", "mem_total_kb"};
            for (int f = 0; f < 4; f++) {
                lines.add(ResultsFile.line("stat").put("engine", engines.get(k)).put("setting", "default")
                        .put("stat", ids[f]).put("value", figures[k][f]));
            }
        }
        RunResults results = new RunResults(storebench.phase.Described.lines(lines), environment);

        Summary summary = new Summary(ReportRun.of(results), ReportBuilder.IN_REFERENCE);
        String memory = summary.rankings().lines().stream()
                .filter(s -> s.startsWith("Memory per open store")).findFirst().orElseThrow();

        assertThat(results.measurement("heap-only", "default", "mem_total_kb").orElseThrow().value())
                .isGreaterThanOrEqualTo(1000);
        assertThat(memory).startsWith("Memory per open store, in total").contains("SQLite needs the least, 426 KB")
                .doesNotContain("heap-only needs the least");
        assertThat(summary.opening()).containsExactly("An open store costs least memory with SQLite, 426 KB (resident"
                + " plus, in a JVM, heap growth); the runner-up, heap-only, needs 2.4 times as much (1,024 KB).");
    }
}
