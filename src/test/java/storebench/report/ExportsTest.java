package storebench.report;

import storebench.report.render.Exports;

import storebench.tools.ReportCheck;
import storebench.phase.Phases;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exports of a run's folder, read back as the tools read them: Bencher's BMF (an object of benchmarks, each an
 * object of measures, each with a number "value" and optional "lower_value"/"upper_value": bencher.dev/bmf.json) and
 * github-action-benchmark's custom inputs (an array of {name, unit, value, range?, extra?}, src/extract.ts's
 * BenchmarkResult).
 */
class ExportsTest {
    @TempDir
    Path tmp;

    private RunResults written() throws Exception {
        Path fixture = Path.of(ExportsTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        for (String f : List.of(ResultsFile.NAME, RunResults.ENVIRONMENT)) {
            Files.copy(fixture.resolve(f), tmp.resolve(f));
        }
        RunResults results = RunResults.load(tmp);
        Exports.write(tmp, results);
        return results;
    }

    @Test
    void bmfHoldsEveryStatisticOfEveryEngineWithTheRunsAsBounds() throws Exception {
        RunResults results = written();
        JsonNode bmf = ResultsFile.JSON.readTree(tmp.resolve(Exports.BMF).toFile());

        int measures = 0;
        for (Map.Entry<String, JsonNode> bench : (Iterable<Map.Entry<String, JsonNode>>) bmf::fields) {
            assertThat(bench.getKey()).matches("storebench/small/(default|mmap-threshold)/[a-z-]+");
            for (Map.Entry<String, JsonNode> measure : (Iterable<Map.Entry<String, JsonNode>>) bench.getValue()::fields) {
                JsonNode m = measure.getValue();
                assertThat(m.path("value").isNumber()).as(bench.getKey() + " " + measure.getKey()).isTrue();
                assertThat(measure.getKey().length()).isLessThanOrEqualTo(64); // a Bencher measure slug's limit
                if (m.has("lower_value")) {
                    assertThat(m.get("lower_value").asDouble()).isLessThanOrEqualTo(m.get("value").asDouble());
                    assertThat(m.get("upper_value").asDouble()).isGreaterThanOrEqualTo(m.get("value").asDouble());
                }
                measures++;
            }
        }
        Set<String> keys = new HashSet<>();
        for (RunResults.Measurement m : results.measurements()) {
            keys.add(m.engine + "/" + m.setting + "/" + m.stat);
            JsonNode exported = bmf.path("storebench/small/" + m.setting + "/" + m.engine).path(m.stat);
            assertThat(exported.isMissingNode()).as(m.engine + " " + m.setting + " " + m.stat).isFalse();
            if (!m.runs.isEmpty()) {
                assertThat(exported.path("lower_value").asDouble()).isEqualTo(m.runs.stream().mapToDouble(d -> d).min()
                        .orElseThrow());
            }
        }
        assertThat(measures).isEqualTo(keys.size()).isGreaterThan(50);
    }

    @Test
    void reportCheckFindsEveryFigureInTheExportsAndNamesAMissingOne() throws Exception {
        RunResults results = written();
        assertThat(ReportCheck.missingFromExports(results, tmp)).isEmpty();

        JsonNode bmf = ResultsFile.JSON.readTree(tmp.resolve(Exports.BMF).toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) bmf.get("storebench/small/default/sqlite")).remove("oqc_ms");
        ResultsFile.JSON.writeValue(tmp.resolve(Exports.BMF).toFile(), bmf);
        assertThat(ReportCheck.missingFromExports(results, tmp))
                .containsExactly("bmf.json: no storebench/small/default/sqlite oqc_ms");
    }

    @Test
    void aFigureMeasuredUnderAProfilerIsLeftOutOfEveryExportAndSaidSo() throws Exception {
        Path fixture = Path.of(ExportsTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        Files.copy(fixture.resolve(RunResults.ENVIRONMENT), tmp.resolve(RunResults.ENVIRONMENT));
        // sqlite's open-query-close as a run under strace writes it: the line says so
        String marked = "\"stat\":\"oqc_ms\",";
        Files.writeString(tmp.resolve(ResultsFile.NAME), Files.readString(fixture.resolve(ResultsFile.NAME)).lines()
                .map(l -> l.contains("\"engine\":\"sqlite\",\"setting\":\"default\"") && l.contains(marked)
                        ? l.replace(marked, marked + "\"profilers\":[\"strace\"],") : l)
                .collect(java.util.stream.Collectors.joining("\n", "", "\n")));
        RunResults results = RunResults.load(tmp);

        Exports.write(tmp, results);

        JsonNode bmf = ResultsFile.JSON.readTree(tmp.resolve(Exports.BMF).toFile());
        assertThat(bmf.path("storebench/small/default/sqlite").has("oqc_ms")).as("profiled").isFalse();
        assertThat(bmf.path("storebench/small/default/sqlite").has("open_ms")).as("measured").isTrue();
        assertThat(bmf.path("storebench/small/mmap-threshold/sqlite").has("oqc_ms")).as("measured").isTrue();
        assertThat(Files.readString(tmp.resolve(Exports.SMALLER)))
                .doesNotContain("storebench/small/default/sqlite/oqc_ms\"").contains("storebench/small/default/sqlite/open_ms\"");
        assertThat(Exports.profiledLeftOut(results)).contains("1 figures measured under profilers (strace,"
                + " bench.profilers) are left out of the exports: a profiler slows what it watches, so they are no"
                + " measurements for a benchmark history");
        assertThat(ReportCheck.missingFromExports(results, tmp)).as("none missing: left out is right").isEmpty();

        Exports.write(tmp, RunResults.load(fixture)); // the same run measured: an export a check must refuse
        assertThat(ReportCheck.missingFromExports(results, tmp)).contains("bmf.json: storebench/small/default/sqlite"
                + " oqc_ms was measured under strace, which the exports leave out");
    }

    @Test
    void githubActionBenchmarkFilesSplitTheStatisticsByDirection() throws Exception {
        RunResults results = written();
        JsonNode smaller = ResultsFile.JSON.readTree(tmp.resolve(Exports.SMALLER).toFile());
        JsonNode bigger = ResultsFile.JSON.readTree(tmp.resolve(Exports.BIGGER).toFile());

        assertThat(smaller.isArray()).isTrue();
        assertThat(bigger.isArray()).isTrue();
        Set<String> names = new HashSet<>();
        for (JsonNode list : List.of(smaller, bigger)) {
            for (JsonNode e : list) {
                assertThat(e.path("name").isTextual()).isTrue();
                assertThat(e.path("unit").isTextual()).isTrue();
                assertThat(e.path("value").isNumber()).isTrue();
                assertThat(names.add(e.get("name").asText())).as("unique name " + e.get("name")).isTrue();
                if (e.has("range")) {
                    assertThat(e.get("range").asText()).startsWith("± ");
                    assertThat(e.get("extra").asText()).contains(" runs: ");
                }
            }
        }
        assertThat(names).hasSize(results.measurements().stream().map(m -> m.engine + m.setting + m.stat)
                .collect(java.util.stream.Collectors.toSet()).size());
        for (JsonNode e : bigger) {
            String stat = e.get("name").asText().replaceFirst(".*/", "");
            assertThat(Phases.find(stat).map(Stat::higherIsBetter)).contains(true);
        }
        assertThat(bigger).anySatisfy(e -> {
            assertThat(e.get("name").asText()).isEqualTo("storebench/small/default/sqlite/stores_per_s");
            assertThat(e.get("unit").asText()).isEqualTo("stores/s");
        });
        assertThat(smaller).anySatisfy(e -> {
            assertThat(e.get("name").asText()).isEqualTo("storebench/small/default/sqlite/oqc_ms");
            assertThat(e.get("unit").asText()).isEqualTo("ms");
            assertThat(e.has("range")).isTrue();
        });
    }
}
