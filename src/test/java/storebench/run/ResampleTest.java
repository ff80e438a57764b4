package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import storebench.results.Column;

import storebench.engine.SqliteEngine;
import storebench.gate.Verdict;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gate's resampling (bench.resample) with a real engine: against a baseline whose open runs disagree by a factor
 * of nine, every open-run verdict is inconclusive, so the gate adds open runs, one per round, up to K, and records
 * them.
 */
@StartsProcesses
class ResampleTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    private BenchOptions options(String out, Map<String, String> more) {
        Map<String, String> p = new HashMap<>(Map.of("bench.stores", "6", "bench.hold", "2", "bench.runs", "2",
                "bench.warmupOpens", "12"));
        p.putAll(more);
        return SmallRuns.options(tmp.resolve(out), tmp.resolve("root-" + out), p);
    }

    @Test
    void inconclusiveVerdictsGetMoreOpenRunsUpToK() throws Exception {
        try (Bench bench = Bench.start(options("base", Map.of()), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
            assertThat(bench.resampleInconclusive().added()).as("no baseline, no resampling").isEmpty();
        }
        // the baseline's run figures: a third and three times each median, so no change can be told apart
        Path baseline = tmp.resolve("baseline.jsonl");
        StringBuilder text = new StringBuilder();
        for (JsonNode l : ResultsFile.read(tmp.resolve("base").resolve(ResultsFile.NAME))) {
            ObjectNode line = l.deepCopy();
            if (line.path("runs").size() >= 2) {
                double v = line.path("value").asDouble();
                ArrayNode runs = line.putArray("runs");
                runs.add(v / 3).add(v).add(v * 3);
            }
            text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(baseline, text);
        Path thresholds = tmp.resolve("t.yaml");
        Files.writeString(thresholds, "baseline:\n  tolerance_percent:\n    with_spread: 1\n    without_spread: 1000\n"
                + "  ignore: [load1]\n");

        Map<Column, Integer> added;
        try (Bench bench = Bench.start(options("now", Map.of("bench.baseline", baseline.toString(),
                "bench.thresholds", thresholds.toString(), "bench.resample", "2")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
            assertThat(bench.verdicts().with(Verdict.Status.INCONCLUSIVE)).isNotEmpty();
            Bench.Resampling resampled = bench.resampleInconclusive();
            assertThat(resampled.failed()).isEmpty();
            added = resampled.added();
            assertThat(bench.verdicts().with(Verdict.Status.INCONCLUSIVE)).as("still undecided after K").isNotEmpty();
        }
        assertThat(added).containsExactly(Map.entry(new Column("sqlite", "default"), 2));
        RunResults now = RunResults.load(tmp.resolve("now"));
        assertThat(now.measurement("sqlite", "default", "oqc_ms")).hasValueSatisfying(m ->
                assertThat(m.runs()).hasSize(4));
        assertThat(now.lines("resample")).extracting(l -> l.path("runs").asInt()).containsExactly(3, 4);
        assertThat(now.lines("phase")).extracting(l -> l.path("run").asInt(0)).contains(1, 2, 3, 4);
        assertThat(Files.readString(tmp.resolve("now").resolve(MarkdownReport.NAME)))
                .contains("The gate added open runs where its baseline verdicts were inconclusive (-Dbench.resample):"
                        + " sqlite/default 2 more (4 runs in all)");
    }

    @Test
    void aBadResampleValueNamesTheOption() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> options("x", Map.of("bench.resample", "some")))
                .hasMessageContaining("bench.resample='some' is not valid: give a whole number from 1 to 2,147,483,647");
        assertThat(options("x", Map.of()).resample).isZero();
        assertThat(options("x", Map.of("bench.resample", "5")).resample).isEqualTo(5);
        assertThat(options("x", Map.of("bench.resample", "0")).resample).isZero();
    }
}
