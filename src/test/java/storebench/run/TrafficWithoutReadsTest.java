package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.phase.TrafficPhase;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;
import storebench.tools.ReportCheck;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A traffic phase of writes only (bench.trafficMix=0) is a valid run: it has no read to find its store open, so its
 * hit rows are empty, the report says why, and ReportCheck finds nothing missing.
 */
@StartsProcesses
class TrafficWithoutReadsTest {
    @TempDir
    Path tmp;

    @Test
    void writesOnlyMakeAReportReportCheckPassesWithTheEmptyHitRowsExplained() throws Exception {
        Path out = tmp.resolve("out");
        try (Bench bench = Bench.start(SmallRuns.options(out, tmp.resolve("root"), Map.of("bench.phases", "traffic",
                "bench.trafficMix", "0")), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.TRAFFIC);
        }

        RunResults results = RunResults.load(out);
        assertThat(results.measurement("sqlite", "default", TrafficPhase.WRITE.latency().p50().id())).isPresent();
        assertThat(results.measurement("sqlite", "default", TrafficPhase.HIT.latency().p50().id())).isEmpty();
        String report = Files.readString(out.resolve(MarkdownReport.NAME), StandardCharsets.UTF_8);
        assertThat(ReportCheck.missing(results, report)).isEmpty();
        assertThat(report).contains("traffic: no read, so no hit figures: every request wrote (bench.trafficMix=0).");
    }
}
