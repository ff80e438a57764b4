package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phases;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** bench.precision with a real engine: runs are added one at a time until the target or bench.maxRuns. */
@StartsProcesses
class PrecisionRunTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    @Test
    void theOpenRunsGetRunsUntilTheirIntervalIsWithinTheTargetOrTheMostAndSaySo() throws Exception {
        Path out = tmp.resolve("out");
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root"), Map.of("bench.runs", "2",
                "bench.precision", "50%", "bench.maxRuns", "7"));
        try (Bench bench = Bench.start(o, QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
        }

        RunResults results = RunResults.load(out);
        List<JsonNode> precision = results.lines("precision", "sqlite", "default");
        assertThat(precision).singleElement().satisfies(l -> {
            assertThat(l.path("phase").asText()).isEqualTo("openruns");
            assertThat(l.path("stat").asText()).isEqualTo(OpenRunsPhase.OQC_MS.id());
            assertThat(l.path("target").asDouble()).isEqualTo(0.5);
            int runs = l.path("runs").asInt();
            assertThat(runs).as("6 runs at least (a 95% interval), 7 at most").isBetween(6, 7);
            if (l.path("reached").asBoolean()) {
                assertThat(l.path("farther").asDouble()).isLessThanOrEqualTo(0.5);
                assertThat(l.path("confidence").asDouble()).isGreaterThanOrEqualTo(0.95);
            } else {
                assertThat(runs).as("not reached: it made the most").isEqualTo(7);
            }
        });
        int runs = precision.get(0).path("runs").asInt();
        JsonNode oqc = results.lines("stat", "sqlite", "default").stream()
                .filter(l -> l.path("stat").asText().equals("oqc_ms")).reduce((a, b) -> b).orElseThrow();
        assertThat(oqc.path("runs").size()).as("the figure is the median of all runs made").isEqualTo(runs);
        assertThat(results.lines("phase", "sqlite", "default").stream()
                .filter(l -> PhaseLine.op(l).equals("openrun"))).as("a fresh process per run").hasSize(runs);
        assertThat(java.nio.file.Files.readString(out.resolve("report.md")))
                .contains("Runs sized by their figures' precision (-Dbench.precision=50%)")
                .contains("sqlite/default openruns " + runs);
    }
}
