package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The report on load control says how many waits for a quiet machine gave up, and at what load those phases began. */
class LoadWaitsReportTest {
    @TempDir
    Path dir;

    @Test
    void waitsThatGaveUpAreCountedWithTheLoadTheirPhasesStartedAt() throws Exception {
        Path fixture = Path.of(getClass().getResource("/report/run-small/results.jsonl").toURI()).getParent();
        Files.copy(fixture.resolve(RunResults.ENVIRONMENT), dir.resolve(RunResults.ENVIRONMENT));
        StringBuilder text = new StringBuilder();
        int gaveUp = 0;
        for (JsonNode l : ResultsFile.read(fixture.resolve(ResultsFile.NAME))) {
            ObjectNode line = l.deepCopy();
            if (line.path("kind").asText().equals("run")) {
                line.put("maxLoad", "0.01").put("maxLoadWaitS", 2);
            } else if (line.path("kind").asText().equals("phase") && line.path("engine").asText().equals("sqlite")
                    && line.path("setting").asText().equals("default") && line.has("loadGaveUp") && gaveUp < 2) {
                line.put("loadGaveUp", true).put("loadWaitMs", 2000).put("load1", 1.5 + gaveUp);
                gaveUp++;
            }
            text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(dir.resolve(ResultsFile.NAME), text);

        ReportFiles.write(dir, Phases.ALL, said -> { });

        String report = Files.readString(dir.resolve(MarkdownReport.NAME), StandardCharsets.UTF_8);
        String line = report.lines().filter(l -> l.startsWith("- Load control:")).findFirst().orElseThrow();
        assertThat(line).doesNotContain("waited until the 1-minute load average was below")
                .contains("the run waited up to 2 s for the 1-minute load average to fall below 0.01; 2 of the waits"
                        + " gave up (bench.maxLoadWait reached) and their phases started above it, at a load of:"
                        + " sqlite/default create at 1.50, sqlite/default ");
        assertThat(line).contains(" at 2.50;");
    }
}
