package storebench.tools;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.phase.Phases;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCheckTest {

    private static Path runSmall() throws Exception {
        return Path.of(ReportCheckTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
    }

    private static String expectedReport() throws Exception {
        return Files.readString(runSmall().resolve("expected-report.md"), StandardCharsets.UTF_8);
    }

    @Test
    void completeRunWithASkippedEngineMissesNothing() throws Exception {
        assertThat(ReportCheck.missing(RunResults.load(runSmall()), expectedReport())).isEmpty();
    }

    @Test
    void namesEveryStatisticAnEngineThatRanDoesNotHave() throws Exception {
        List<JsonNode> lines = ResultsFile.read(runSmall().resolve(ResultsFile.NAME)).stream()
                .filter(l -> !("stat".equals(l.path("kind").asText()) && "sqlite".equals(l.path("engine").asText())
                        && "mmap-threshold".equals(l.path("setting").asText())
                        && List.of("heap_kb", "load1", "mem_total_kb").contains(l.path("stat").asText())))
                .collect(Collectors.toList());

        JsonNode environment = RunResults.load(runSmall()).environment();

        assertThat(ReportCheck.missing(new RunResults(lines, environment), expectedReport()))
                .containsExactlyInAnyOrder("sqlite/mmap-threshold: no load1", "sqlite/mmap-threshold: no heap_kb",
                        "sqlite/mmap-threshold: no mem_total_kb");
    }

    @Test
    void aPhaseTheRunDidNotAskForMissesNothingButOneThatFailedNamesItsFigures() throws Exception {
        List<JsonNode> withoutCold = ResultsFile.read(runSmall().resolve(ResultsFile.NAME)).stream()
                .filter(l -> !("stat".equals(l.path("kind").asText())
                        && Phases.COLD.stats().stream().anyMatch(s -> s.id().equals(l.path("stat").asText()))))
                .collect(Collectors.toList());
        JsonNode environment = RunResults.load(runSmall()).environment();
        assertThat(ReportCheck.missing(new RunResults(withoutCold, environment), expectedReport()))
                .as("a run filtered to other phases, or made before the cold phase existed").isEmpty();

        List<JsonNode> failed = new java.util.ArrayList<>(withoutCold);
        failed.add(ResultsFile.JSON.readTree("{\"kind\":\"status\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"status\":\"failed\",\"phase\":\"cold\",\"reason\":\"cold failed: boom\"}"));
        assertThat(ReportCheck.missing(new RunResults(failed, environment), expectedReport()))
                .contains("sqlite/default: no cold_oqc_ms", "objectbox-cached/default: no cold_oqc_ms");
    }

    @Test
    void aStatisticTheRunsBuildDidNotRecordIsNotMissingButOneItSaysItRecordsIs() throws Exception {
        // a kept run made before capacity_maps was recorded: no column has it, and its run line does not list it
        List<JsonNode> older = ResultsFile.read(runSmall().resolve(ResultsFile.NAME)).stream()
                .filter(l -> !"capacity_maps".equals(l.path("stat").asText())).collect(Collectors.toList());
        com.fasterxml.jackson.databind.node.ArrayNode listed = ((com.fasterxml.jackson.databind.node.ObjectNode)
                older.get(0)).withArray(RunResults.RECORDED);
        for (int i = listed.size() - 1; i >= 0; i--) {
            if (listed.get(i).asText().equals("capacity_maps")) {
                listed.remove(i);
            }
        }
        JsonNode environment = RunResults.load(runSmall()).environment();
        String report = expectedReport().lines().filter(l -> !l.startsWith("| same, memory maps per open store"))
                .collect(Collectors.joining("\n"));
        RunResults olderRun = new RunResults(older, environment);
        assertThat(olderRun.notMeasured("sqlite", "default", "capacity_maps")).hasValue("not recorded: "
                + RunResults.NOT_RECORDED);
        assertThat(ReportCheck.missing(olderRun, report)).as("a kept run older than the statistic").isEmpty();

        // the same lines from a build whose run line says it records capacity_maps: every column lacks it
        List<JsonNode> lost = new java.util.ArrayList<>(older);
        com.fasterxml.jackson.databind.node.ObjectNode run = (com.fasterxml.jackson.databind.node.ObjectNode)
                lost.get(0).deepCopy();
        run.withArray(RunResults.RECORDED).add("capacity_maps");
        lost.set(0, run);
        assertThat(ReportCheck.missing(new RunResults(lost, environment), report))
                .contains("sqlite/default: no capacity_maps", "objectbox/mmap-threshold: no capacity_maps")
                .anyMatch(m -> m.startsWith("report.md has no row") && m.endsWith("(capacity_maps)"));
    }

    @Test
    void namesARowTheReportLacks() throws Exception {
        String report = expectedReport().replace("| same, p99 |", "| p99 |");
        RunResults results = RunResults.load(runSmall());
        // every phase's p99 row (each labelled "same, p99" under its median) that this run has, in the rows' order
        List<String> p99s = Phases.stats().stream().filter(s -> s.label(10, 1000).equals("same, p99")
                && results.stats().contains(s)).map(s -> "report.md has no row 'same, p99' (" + s.id() + ")").toList();
        assertThat(p99s).hasSizeGreaterThan(1);
        assertThat(ReportCheck.missing(results, report)).containsExactlyElementsOf(p99s);
    }

    @Test
    void aLineThatIsNotJsonIsOneSentenceAndExitTwo(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("report.md"), expectedReport());
        Files.writeString(dir.resolve(ResultsFile.NAME), "{\"kind\":\"run\"}\nnot json\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = ReportCheck.run(new String[]{dir.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ReportCheck: cannot check " + dir + ": "
                + dir.resolve(ResultsFile.NAME) + ":2: not a JSON line").hasLineCount(1).doesNotContain("\tat ");
    }

    @Test
    void aFolderWithoutAReportIsExitTwoAndAnIncompleteOneExitOne(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errs = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream none = new PrintStream(new ByteArrayOutputStream());
        assertThat(ReportCheck.run(new String[]{dir.toString()}, none, errs)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ReportCheck: no " + dir.resolve("report.md"));

        Files.writeString(dir.resolve("report.md"), expectedReport().replace("| same, p99 |", "| p99 |"));
        Files.copy(runSmall().resolve(ResultsFile.NAME), dir.resolve(ResultsFile.NAME));
        assertThat(ReportCheck.run(new String[]{dir.toString()}, none, errs)).isEqualTo(1);
    }
}
