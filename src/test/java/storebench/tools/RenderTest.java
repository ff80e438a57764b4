package storebench.tools;

import storebench.report.render.Exports;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Render's exit codes and messages: bad input is exit 2 with one line naming the file, like HtmlReport and Compare; an
 * incomplete run is rendered, marked, and left out of the exports.
 */
class RenderTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** The run-small fixture's results and environment, as a run's folder in tmp. */
    private void copyRunSmall() throws Exception {
        Path fixture = Path.of(RenderTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        Files.copy(fixture.resolve(RunResults.ENVIRONMENT), tmp.resolve(RunResults.ENVIRONMENT));
        Files.copy(fixture.resolve(ResultsFile.NAME), tmp.resolve(ResultsFile.NAME));
    }

    private int render(String... args) {
        return Render.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void givenAnEditedThresholdsFileItJudgesTheRunAgainAndVerdictsJsonHasTheFailure() throws Exception {
        copyRunSmall();
        Path thresholds = tmp.resolve("thresholds.yaml");
        Files.writeString(thresholds, "ceilings:\n  - engine: sqlite\n    workload: small\n    max:\n      oqc_ms: 100\n");
        assertThat(render(tmp.toString(), thresholds.toString())).isZero();
        assertThat(storebench.gate.Verdicts.read(tmp).failures()).isEmpty();
        out.reset();

        // the rule tightened below the run's figure: judged again, it fails
        Files.writeString(thresholds, Files.readString(thresholds).replace("oqc_ms: 100", "oqc_ms: 0.001"));

        assertThat(render(tmp.toString(), thresholds.toString())).isEqualTo(Tool.GATE_FAILED);
        storebench.gate.Verdicts verdicts = storebench.gate.Verdicts.read(tmp);
        assertThat(verdicts.failures()).as("the rule under each of the run's two settings").hasSize(2)
                .allSatisfy(v -> assertThat(v.message()).contains("sqlite oqc_ms <= 0.001 ms"));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("judged by " + thresholds).contains("gate FAILED: 2 of");
        assertThat(Files.readString(tmp.resolve("report.md"))).as("the report shows the new verdict").contains("FAIL");
    }

    @Test
    void withoutAThresholdsFileTheVerdictsStayAsTheRunWroteThem() throws Exception {
        copyRunSmall();

        assertThat(render(tmp.toString())).isZero();

        assertThat(tmp.resolve(storebench.gate.Verdicts.NAME)).doesNotExist();
    }

    @Test
    void aLineThatIsNotJsonIsExitTwoWithTheFileAndLine() throws Exception {
        Files.writeString(tmp.resolve(ResultsFile.NAME), "{\"kind\":\"run\"}\nnot json\n");

        assertThat(render(tmp.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).trim()).startsWith("Render: cannot render " + tmp + ": ")
                .contains(tmp.resolve(ResultsFile.NAME) + ":2: not a JSON line").doesNotContain("\n");
    }

    @Test
    void anIncompleteRunIsRenderedMarkedAndLeftOutOfTheExports() throws Exception {
        copyRunSmall();
        assertThat(render(tmp.toString())).isZero();
        assertThat(tmp.resolve(Exports.BMF)).as("a complete run's exports").exists();
        // the same run as if it had been killed before its end line
        Files.writeString(tmp.resolve(ResultsFile.NAME), Files.readString(tmp.resolve(ResultsFile.NAME)).lines()
                .filter(l -> !l.contains("\"kind\":\"end\"")).collect(Collectors.joining("\n", "", "\n")));
        out.reset();

        assertThat(render(tmp.toString())).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8)).contains("not exported: the run is incomplete (it did not"
                + " finish (its results.jsonl has no end line: it was killed, or is still running)): its figures are"
                + " left out of the exports (bmf.json, github-action-benchmark's files, jmh-result.json)")
                .doesNotContain("export: " + tmp.resolve(Exports.BMF));
        for (String export : Exports.FILES) {
            assertThat(tmp.resolve(export)).doesNotExist();
        }
        String report = Files.readString(tmp.resolve(MarkdownReport.NAME));
        assertThat(report).contains("**Incomplete run**: it did not finish");
        RunResults results = RunResults.load(tmp);
        assertThat(ReportCheck.missingFromExports(results, tmp)).as("no exports is right for it").isEmpty();
        assertThat(ReportCheck.missing(results, report)).first().asString()
                .startsWith("the run is incomplete: it did not finish");

        Files.writeString(tmp.resolve(Exports.BMF), "{}");
        assertThat(ReportCheck.missingFromExports(results, tmp)).containsExactly("bmf.json: written for an incomplete"
                + " run (it did not finish (its results.jsonl has no end line: it was killed, or is still running)),"
                + " which the exports leave out");
    }

    private Path runSmall(boolean withEnvironment) throws Exception {
        Path fixture = Path.of(RenderTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        if (withEnvironment) {
            Files.copy(fixture.resolve(RunResults.ENVIRONMENT), tmp.resolve(RunResults.ENVIRONMENT));
        }
        Files.copy(fixture.resolve(ResultsFile.NAME), tmp.resolve(ResultsFile.NAME));
        return tmp;
    }

    @Test
    void damagedHdrHistogramLogsAreNamedAsDamagedNotAsAbsent() throws Exception {
        Path dir = runSmall(true);
        for (String engine : List.of("objectbox", "objectbox-cached", "objectbox-nosync", "sqlite")) {
            Path log = Files.createDirectories(dir.resolve("hdr").resolve(engine).resolve("default"))
                    .resolve("openrun-oqc.hlog");
            Files.writeString(log, engine.equals("sqlite") ? "#[StartTime: 1 (seconds since epoch)]\nTag=r1,0.0,1.0,"
                    + "9.9,HISTFAAAAgarbage\n" : "garbage\n");
        }

        assertThat(render(dir.toString())).isZero();

        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("Open, query, close by percentile, defaults: not drawn, its HdrHistogram logs are"
                + " damaged: " + dir.resolve("hdr/objectbox/default/openrun-oqc.hlog") + " is damaged: ")
                .doesNotContain("Open, query, close by percentile, defaults: no HdrHistogram logs under hdr/");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Render: damaged: "
                + dir.resolve("hdr/sqlite/default/openrun-oqc.hlog") + " is damaged: ").contains("not drawn in report.html");
    }

    @Test
    void aMissingEnvironmentJsonIsSaidNotRenderedAsAnUnknownMachineWithNoCores() throws Exception {
        Path dir = runSmall(false);

        assertThat(render(dir.toString())).isZero();

        String report = Files.readString(dir.resolve(MarkdownReport.NAME));
        assertThat(report).contains("**No environment.json**: the run's folder lacks the file every run writes beside"
                + " its results").doesNotContain("unknown CPU").doesNotContain("0 cores");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Render: damaged: "
                + dir.resolve(RunResults.ENVIRONMENT) + " is missing");
    }

    @Test
    void aFolderOfRunsRendersEveryRunUnderItAndNamesTheOneThatFails() throws Exception {
        Path fixture = Path.of(RenderTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        for (String run : List.of("1000/a", "10k/b")) {
            Path dir = Files.createDirectories(tmp.resolve(run));
            Files.copy(fixture.resolve(RunResults.ENVIRONMENT), dir.resolve(RunResults.ENVIRONMENT));
            Files.copy(fixture.resolve(ResultsFile.NAME), dir.resolve(ResultsFile.NAME));
        }
        Files.writeString(Files.createDirectories(tmp.resolve("10k/broken")).resolve(ResultsFile.NAME), "not json\n");

        assertThat(render(tmp.toString())).isEqualTo(2);

        assertThat(tmp.resolve("1000/a").resolve(MarkdownReport.NAME)).exists();
        assertThat(tmp.resolve("10k/b").resolve(MarkdownReport.NAME)).exists();
        assertThat(err.toString(StandardCharsets.UTF_8).trim()).startsWith("Render: cannot render "
                + tmp.resolve("10k/broken") + ": ").doesNotContain("\n");
    }

    @Test
    void aFolderWithoutResultsOrNoFolderIsExitTwo() {
        assertThat(render(tmp.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no results file at " + tmp.resolve(ResultsFile.NAME));
        assertThat(render(tmp.resolve("missing").toString())).isEqualTo(2);
        assertThat(render()).isEqualTo(2);
    }
}
