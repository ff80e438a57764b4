package storebench.report;

import storebench.report.render.Exports;

import storebench.tools.ReportCheck;
import storebench.phase.Phases;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The exports of a run's folder, read back as the tools read them: Bencher's BMF (an object of benchmarks, each an
 * object of measures, each with a number "value" and optional "lower_value"/"upper_value": bencher.dev/bmf.json) and
 * github-action-benchmark's custom inputs (an array of {name, unit, value, range?, extra?}, src/extract.ts's
 * BenchmarkResult) and JMH's JSON result format (openjdk/jmh JSONResultFormat: an array of entries, each with the
 * run's parameters and a primaryMetric, NaN as the string "NaN"; JMH Visualizer charts each class, the name before its
 * last dot, and lists each entry's secondaryMetrics' keys).
 */
class ExportsTest {
    @TempDir
    Path tmp;

    /** The fields of a JMH entry and of its primaryMetric, in the order JMH writes them. */
    private static final List<String> JMH_FIELDS = List.of("jmhVersion", "benchmark", "mode", "threads", "forks", "jvm",
            "jvmArgs", "jdkVersion", "vmName", "vmVersion", "warmupIterations", "warmupTime", "warmupBatchSize",
            "measurementIterations", "measurementTime", "measurementBatchSize", "params", "primaryMetric",
            "secondaryMetrics");
    private static final List<String> JMH_METRIC_FIELDS = List.of("score", "scoreError", "scoreConfidence",
            "scorePercentiles", "scoreUnit", "rawData");
    private static final List<String> JMH_PERCENTILES = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9",
            "99.99", "99.999", "99.9999", "100.0");
    private static final String SQLITE_OQC = "\"engine\":\"sqlite\",\"setting\":\"default\",\"workload\":\"small\","
            + "\"stores\":1200,\"stat\":\"oqc_ms\",";

    private static Path fixture() throws Exception {
        return Path.of(ExportsTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
    }

    private RunResults written() throws Exception {
        return writtenWith(UnaryOperator.identity());
    }

    /** The small run's exports, its results.jsonl's lines changed first. */
    private RunResults writtenWith(UnaryOperator<String> line) throws Exception {
        Files.copy(fixture().resolve(RunResults.ENVIRONMENT), tmp.resolve(RunResults.ENVIRONMENT),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(tmp.resolve(ResultsFile.NAME), Files.readString(fixture().resolve(ResultsFile.NAME)).lines()
                .map(line).collect(Collectors.joining("\n", "", "\n")));
        RunResults results = RunResults.load(tmp);
        Exports.write(tmp, results);
        return results;
    }

    private JsonNode jmh() throws Exception {
        return ResultsFile.JSON.readTree(tmp.resolve(Exports.JMH).toFile());
    }

    private static List<JsonNode> entries(JsonNode jmh, String benchmark, String setting) {
        List<JsonNode> found = new ArrayList<>();
        jmh.forEach(e -> {
            if (e.path("benchmark").asText().equals(benchmark) && e.path("params").path("setting").asText()
                    .equals(setting)) {
                found.add(e);
            }
        });
        return found;
    }

    private static JsonNode entry(JsonNode jmh, String benchmark, String setting) {
        List<JsonNode> found = entries(jmh, benchmark, setting);
        assertThat(found).as(benchmark + " " + setting).hasSize(1);
        return found.get(0);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<Double> rawData(JsonNode metric) {
        List<Double> runs = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            assertThat(fork.isArray()).isTrue();
            assertThat(fork).as("one iteration per fork").hasSize(1);
            assertThat(fork.get(0).isNumber()).isTrue();
            runs.add(fork.get(0).asDouble());
        }
        return runs;
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
            JsonNode exported = bmf.path("storebench/small/" + m.setting() + "/" + m.engine()).path(m.stat());
            if (m.stat().equals("load1")) {
                assertThat(exported.isMissingNode()).as("the machine's load is no benchmark figure").isTrue();
                continue;
            }
            keys.add(m.engine() + "/" + m.setting() + "/" + m.stat());
            assertThat(exported.isMissingNode()).as(m.engine() + " " + m.setting() + " " + m.stat()).isFalse();
            if (!m.runs().isEmpty()) {
                assertThat(exported.path("lower_value").asDouble()).isEqualTo(m.runs().stream().mapToDouble(d -> d).min()
                        .orElseThrow());
            }
        }
        assertThat(measures).isEqualTo(keys.size()).isGreaterThan(50);
    }

    @Test
    void noExportHasAnEntryWithoutAUnitNorTheMachinesLoad() throws Exception {
        RunResults results = written();
        assertThat(results.measurements()).anyMatch(m -> m.stat().equals("load1"));
        for (String file : List.of(Exports.SMALLER, Exports.BIGGER)) {
            for (JsonNode e : ResultsFile.JSON.readTree(tmp.resolve(file).toFile())) {
                assertThat(e.path("unit").asText()).as(e.path("name").asText()).isNotEmpty();
                assertThat(e.path("name").asText()).doesNotEndWith("/load1");
            }
        }
        for (JsonNode e : ResultsFile.JSON.readTree(tmp.resolve(Exports.JMH).toFile())) {
            assertThat(e.path("primaryMetric").path("scoreUnit").asText()).as(e.path("benchmark").asText())
                    .isNotEmpty();
            assertThat(e.path("benchmark").asText()).doesNotContain(".load1.");
        }
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
        assertThat(entries(jmh(), "storebench.small.oqc_ms.sqlite", "default")).as("profiled").isEmpty();
        assertThat(entries(jmh(), "storebench.small.open_ms.sqlite", "default")).as("measured").hasSize(1);
        assertThat(entries(jmh(), "storebench.small.oqc_ms.sqlite", "mmap-threshold")).as("measured").hasSize(1);
        assertThat(ReportCheck.missingFromExports(results, tmp)).as("none missing: left out is right").isEmpty();

        Exports.write(tmp, RunResults.load(fixture)); // the same run measured: an export a check must refuse
        assertThat(ReportCheck.missingFromExports(results, tmp)).contains("bmf.json: storebench/small/default/sqlite"
                + " oqc_ms was measured under strace, which the exports leave out", "jmh-result.json:"
                + " storebench.small.oqc_ms.sqlite {setting=default} was measured under strace, which the exports leave"
                + " out");
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
        assertThat(names).hasSize(results.measurements().stream().filter(m -> !m.stat().equals("load1"))
                .map(m -> m.engine() + m.setting() + m.stat()).collect(java.util.stream.Collectors.toSet()).size());
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

    @Test
    void jmhResultHasAnEntryPerEngineSettingAndStatisticInTheShapeJmhWrites() throws Exception {
        RunResults results = written();
        JsonNode jmh = jmh();

        assertThat(jmh.isArray()).isTrue();
        Set<String> figures = results.measurements().stream().filter(m -> !m.stat().equals("load1"))
                .map(m -> m.engine() + "/" + m.setting() + "/" + m.stat()).collect(Collectors.toSet());
        assertThat(jmh).hasSize(figures.size());
        Set<String> keys = new HashSet<>();
        Map<String, Set<String>> unitsPerClass = new HashMap<>();
        for (JsonNode e : jmh) {
            String benchmark = e.path("benchmark").asText();
            assertThat(fieldNames(e)).as(benchmark).isEqualTo(JMH_FIELDS);
            assertThat(fieldNames(e.path("primaryMetric"))).as(benchmark).isEqualTo(JMH_METRIC_FIELDS);
            assertThat(fieldNames(e.path("primaryMetric").path("scorePercentiles"))).isEqualTo(JMH_PERCENTILES);
            assertThat(benchmark).matches("storebench\\.small\\.[a-z0-9_]+\\.[a-z-]+");
            assertThat(e.path("mode").asText()).isIn("avgt", "thrpt");
            assertThat(e.path("primaryMetric").path("score").isNumber()).as(benchmark).isTrue();
            assertThat(e.path("secondaryMetrics").isObject()).isTrue();
            assertThat(e.path("secondaryMetrics")).isEmpty();
            assertThat(keys.add(benchmark + " " + e.path("params"))).as("unique " + benchmark).isTrue();
            unitsPerClass.computeIfAbsent(benchmark.substring(0, benchmark.lastIndexOf('.')), c -> new HashSet<>())
                    .add(e.path("primaryMetric").path("scoreUnit").asText());
        }
        // JMH Visualizer draws a class in its first entry's unit: a class is one statistic
        unitsPerClass.forEach((c, units) -> assertThat(units).as(c).hasSize(1));
        assertThat(unitsPerClass).containsKeys("storebench.small.oqc_ms", "storebench.small.stores_per_s");

        JsonNode oqc = entry(jmh, "storebench.small.oqc_ms.sqlite", "default");
        assertThat(oqc.path("jmhVersion").asText()).isEqualTo("storebench");
        assertThat(oqc.path("mode").asText()).isEqualTo("avgt");
        assertThat(oqc.path("threads").asInt()).isEqualTo(1);
        assertThat(oqc.path("forks").asInt()).as("one fork per run").isEqualTo(3);
        assertThat(oqc.path("jvmArgs").isArray()).isTrue();
        assertThat(oqc.path("warmupIterations").asInt()).isZero();
        assertThat(oqc.path("measurementIterations").asInt()).isEqualTo(1);
        assertThat(oqc.path("measurementTime").asText()).isEqualTo("single-shot");
        assertThat(oqc.path("measurementBatchSize").asInt()).isEqualTo(1);
        assertThat(fieldNames(oqc.path("params"))).containsExactly("setting");
        JsonNode metric = oqc.path("primaryMetric");
        assertThat(metric.path("score").asDouble()).isEqualTo(0.2751);
        assertThat(metric.path("scoreUnit").asText()).isEqualTo("ms/op");
        assertThat(rawData(metric)).as("the runs in their order").containsExactly(0.2751, 0.2745, 0.276);
        // three runs: the lowest and highest bound the median (75%)
        assertThat(metric.path("scoreConfidence").get(0).asDouble()).isEqualTo(0.2745);
        assertThat(metric.path("scoreConfidence").get(1).asDouble()).isEqualTo(0.276);
        assertThat(metric.path("scoreError").asDouble()).isCloseTo(0.0009, within(1e-12));
        assertThat(metric.path("scorePercentiles").path("0.0").asDouble()).isEqualTo(0.2745);
        assertThat(metric.path("scorePercentiles").path("50.0").asDouble()).isEqualTo(0.2751);
        assertThat(metric.path("scorePercentiles").path("100.0").asDouble()).isEqualTo(0.276);

        JsonNode perS = entry(jmh, "storebench.small.stores_per_s.sqlite", "default");
        assertThat(perS.path("mode").asText()).as("higher is better").isEqualTo("thrpt");
        assertThat(perS.path("forks").asInt()).isEqualTo(1);
        JsonNode once = perS.path("primaryMetric");
        assertThat(once.path("score").asDouble()).isEqualTo(340.2);
        assertThat(once.path("scoreUnit").asText()).isEqualTo("stores/s");
        assertThat(rawData(once)).as("its one figure").containsExactly(340.2);
        assertThat(once.path("scoreError").isTextual()).as("JMH writes NaN as a string").isTrue();
        assertThat(once.path("scoreError").asText()).isEqualTo("NaN");
        assertThat(once.path("scoreConfidence")).extracting(JsonNode::asText).containsExactly("NaN", "NaN");
        once.path("scorePercentiles").forEach(p -> assertThat(p.asDouble()).isEqualTo(340.2));

        JsonNode disk = entry(jmh, "storebench.small.disk_kb.sqlite", "default");
        assertThat(disk.path("mode").asText()).isEqualTo("avgt");
        assertThat(disk.path("primaryMetric").path("scoreUnit").asText()).isEqualTo("KB");
        assertThat(entry(jmh, "storebench.small.oqc_ms.sqlite", "mmap-threshold").path("primaryMetric")
                .path("score").isNumber()).isTrue();
    }

    @Test
    void jmhScoresTheMedianWithTheIntervalOrderStatisticsGiveItAndNoErrorBelowThreeRuns() throws Exception {
        writtenWith(l -> l.contains(SQLITE_OQC)
                ? l.replaceFirst("\"value\":[^,]+,\"runs\":\\[[^]]*]", "\"value\":5.5,\"runs\":[3,1,2,4,5,6,7,8,10,9]")
                : l.contains("\"engine\":\"objectbox\",\"setting\":\"default\"") && l.contains("\"stat\":\"oqc_ms\"")
                ? l.replaceFirst("\"value\":[^,]+,\"runs\":\\[[^]]*]", "\"value\":1.5,\"runs\":[1,2]") : l);
        JsonNode jmh = jmh();

        JsonNode ten = entry(jmh, "storebench.small.oqc_ms.sqlite", "default");
        assertThat(ten.path("forks").asInt()).isEqualTo(10);
        JsonNode metric = ten.path("primaryMetric");
        assertThat(rawData(metric)).containsExactly(3.0, 1.0, 2.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 9.0);
        // ten runs: the 2nd lowest and 2nd highest bound the median with 97.9% (the 3rd: 89%, under 95%)
        assertThat(metric.path("scoreConfidence")).extracting(JsonNode::asDouble).containsExactly(2.0, 9.0);
        assertThat(metric.path("scoreError").asDouble()).isEqualTo(3.5);
        JsonNode p = metric.path("scorePercentiles");
        assertThat(p.path("0.0").asDouble()).isEqualTo(1.0);
        assertThat(p.path("50.0").asDouble()).as("the median").isEqualTo(5.5);
        assertThat(p.path("90.0").asDouble()).as("rank 9.9: between the 9th and 10th").isCloseTo(9.9, within(1e-9));
        assertThat(p.path("99.0").asDouble()).as("rank past 10: the highest").isEqualTo(10.0);
        assertThat(p.path("100.0").asDouble()).isEqualTo(10.0);

        JsonNode two = entry(jmh, "storebench.small.oqc_ms.objectbox", "default").path("primaryMetric");
        assertThat(rawData(two)).containsExactly(1.0, 2.0);
        assertThat(two.path("scoreError").asText()).as("as JMH for two iterations").isEqualTo("NaN");
        assertThat(two.path("scoreConfidence")).extracting(JsonNode::asText).containsExactly("NaN", "NaN");
        assertThat(two.path("scorePercentiles").path("50.0").asDouble()).isEqualTo(1.5);
    }

    @Test
    void anIncompleteRunGetsNoJmhResultAndOneLeftByAnEarlierRenderIsRemoved() throws Exception {
        written();
        assertThat(tmp.resolve(Exports.JMH)).as("a complete run's").exists();

        // the same run as if it had been killed before its end line
        RunResults killed = writtenWith(l -> l.contains("\"kind\":\"end\"") ? "" : l);

        assertThat(killed.incomplete()).isPresent();
        assertThat(Exports.write(tmp, killed)).isEmpty();
        assertThat(tmp.resolve(Exports.JMH)).doesNotExist();
        assertThat(ReportCheck.missingFromExports(killed, tmp)).as("none is right for it").isEmpty();
        Files.writeString(tmp.resolve(Exports.JMH), "[]");
        assertThat(ReportCheck.missingFromExports(killed, tmp)).containsExactly("jmh-result.json: written for an"
                + " incomplete run (" + killed.incomplete().get() + "), which the exports leave out");
    }

    @Test
    void reportCheckNamesAJmhEntryMissingTwiceUndrawableOrScoringAnotherFigure() throws Exception {
        RunResults results = written();
        ArrayNode jmh = (ArrayNode) jmh();
        ((ObjectNode) entry(jmh, "storebench.small.disk_kb.sqlite", "default").path("primaryMetric"))
                .put("score", 13.0);
        ((ObjectNode) entry(jmh, "storebench.small.open_ms.sqlite", "default").path("primaryMetric"))
                .remove("scoreUnit");
        JsonNode oqc = entry(jmh, "storebench.small.oqc_ms.sqlite", "default");
        for (int i = 0; i < jmh.size(); i++) {
            if (jmh.get(i) == oqc) {
                jmh.remove(i);
            }
        }
        jmh.add(entry(jmh, "storebench.small.create_ms.sqlite", "default").deepCopy());
        ResultsFile.JSON.writeValue(tmp.resolve(Exports.JMH).toFile(), jmh);

        assertThat(ReportCheck.missingFromExports(results, tmp)).containsExactlyInAnyOrder(
                "jmh-result.json: two entries for storebench.small.create_ms.sqlite {setting=default}",
                "jmh-result.json: an entry without a benchmark, mode, numeric score, unit, runs of numbers or secondary"
                        + " metrics: storebench.small.open_ms.sqlite {setting=default}",
                "jmh-result.json: no storebench.small.oqc_ms.sqlite {setting=default}",
                "jmh-result.json: storebench.small.disk_kb.sqlite {setting=default} scores 13.0, the run's figure is"
                        + " 12.0");
    }
}
