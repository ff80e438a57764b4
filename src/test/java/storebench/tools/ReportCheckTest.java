package storebench.tools;

import storebench.results.ResultsFile;
import storebench.results.RunResults;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

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
                        && List.of("heap_kb", "load1").contains(l.path("stat").asText())))
                .collect(Collectors.toList());

        JsonNode environment = RunResults.load(runSmall()).environment();

        // without its heap, a JVM engine's memory total cannot be derived either
        assertThat(ReportCheck.missing(new RunResults(lines, environment), expectedReport()))
                .containsExactlyInAnyOrder("sqlite/mmap-threshold: no load1", "sqlite/mmap-threshold: no heap_kb",
                        "sqlite/mmap-threshold: no mem_total_kb");
    }

    @Test
    void namesARowTheReportLacks() throws Exception {
        String report = expectedReport().replace("| same, p99 |", "| p99 |");
        assertThat(ReportCheck.missing(RunResults.load(runSmall()), report))
                .containsExactly("report.md has no row 'same, p99' (oqc_p99_ms)", "report.md has no row 'same, p99' (orc_p99_ms)",
                        "report.md has no row 'same, p99' (cold_oqc_p99_ms)");
    }
}
