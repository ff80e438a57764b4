package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import storebench.report.ReportBuilder;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.ColdPhase;
import storebench.phase.Phases;
import storebench.phase.ReadPhase;
import storebench.phase.Sample;
import storebench.report.render.MarkdownReport;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Read and cold runs sized by their own precision (bench.samplePrecision), with a real engine and trial process. */
@StartsProcesses
class SampledRunTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final int STORES = 400;

    @TempDir
    Path tmp;

    private RunResults run(String precision) throws Exception {
        Path out = tmp.resolve(precision.replace("%", ""));
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root"), Map.of("bench.stores", String.valueOf(STORES),
                "bench.samplePrecision", precision));
        try (Bench bench = Bench.start(o, QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.READ);
            trial.measure(Phases.COLD);
        }
        return RunResults.load(out);
    }

    private static List<JsonNode> runLines(RunResults results, String phase) {
        return results.lines("phase", "sqlite", "default").stream()
                .filter(l -> PhaseLine.op(l).equals(phase)).collect(Collectors.toList());
    }

    @Test
    void aWideTargetStopsEachRunAtTheFirstRequestWithinItAndItsFiguresComeFromThem() throws Exception {
        // 50%: a run's median is known that well after its first visits on a quiet machine (300); a loaded one may need
        // another request of 100, and the run then stops at the first request whose interval lies within the target
        RunResults results = run("50%");

        Map<String, Integer> visits = new java.util.LinkedHashMap<>();
        for (String phase : List.of("readrun", "coldrun")) {
            List<JsonNode> lines = runLines(results, phase);
            assertThat(lines).as(phase).hasSize(1);
            JsonNode l = lines.get(0);
            int visited = l.path("visited").asInt();
            assertThat(visited).as(phase + " visits: at least three requests of 100, whole requests")
                    .isBetween(Sample.LEAST, STORES).isEqualTo(visited / 100 * 100);
            assertThat(l.path("sample").asInt()).as(phase + " samples merged from its requests").isEqualTo(visited);
            assertThat(l.path("sampleTarget").asDouble()).isEqualTo(0.5);
            if (visited < STORES) {
                assertThat(l.path("sampleHalfWidth").asDouble()).as(phase + " stopped within its target")
                        .isBetween(0.0, 0.5);
            }
            visits.put(phase, visited);
        }
        JsonNode cold = runLines(results, "coldrun").get(0);
        assertThat(cold.path("readBytes").asLong()).as("the device reads of every request, summed").isPositive();
        assertThat(results.measurement("sqlite", "default", ReadPhase.ORC_MS.id())).isPresent();
        assertThat(results.measurement("sqlite", "default", ColdPhase.COLD_READ_KB.id()).orElseThrow().value())
                .as("KB per visited store: the sum of the requests' reads over all their visits").isPositive();
        int read = visits.get("readrun");
        int coldVisits = visits.get("coldrun");
        assertThat(new MarkdownReport(ReportBuilder.of(results, Phases.ALL)).render())
                .as("the report says how the runs were sized").contains("Read and cold visited the first stores of"
                        + " each run's seeded order only until the 95% interval of the run's median lay within 50.0% of"
                        + " it (-Dbench.samplePrecision; at least 300 visits): read " + read + " visits per run"
                        + " (median; " + read + "–" + read + "), cold " + coldVisits + " visits per run (median; "
                        + coldVisits + "–" + coldVisits + ")");
    }

    @Test
    void offVisitsTheWholeSampleInOneRequest() throws Exception {
        RunResults results = run("off");

        for (String phase : List.of("readrun", "coldrun")) {
            JsonNode l = runLines(results, phase).get(0);
            assertThat(l.path("visited").asInt()).as(phase).isEqualTo(STORES);
            assertThat(l.has("sampleTarget")).isFalse();
        }
    }
}
