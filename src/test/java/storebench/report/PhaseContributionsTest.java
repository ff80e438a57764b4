package storebench.report;

import storebench.report.model.ChartSet;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;

import storebench.phase.Phases;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the phases add to the report through their extension points (Phase.notes, Phase.qualifier, Phase.curves),
 * read from the small run's results with lines added: the report code names no phase.
 */
class PhaseContributionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path runSmall() throws Exception {
        return Path.of(PhaseContributionsTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
    }

    private static List<JsonNode> lines() throws Exception {
        return new ArrayList<>(ResultsFile.read(runSmall().resolve(ResultsFile.NAME)));
    }

    private static ObjectNode environment(int cores) throws Exception {
        ObjectNode env = (ObjectNode) JSON.readTree(runSmall().resolve(RunResults.ENVIRONMENT).toFile());
        return env.put("cores", cores);
    }

    private static JsonNode stat(String engine, String stat, double value) {
        return ResultsFile.line("stat").put("engine", engine).put("setting", "default").put("workload", "small")
                .put("stat", stat).put("value", value);
    }

    private static ChartSet charts(List<JsonNode> lines) throws Exception {
        return ChartSet.of(null, new RunResults(lines, environment(32)), List.of("objectbox", "sqlite"),
                List.of("default", "mmap-threshold"), ReportBuilder.IN_REFERENCE, Phases.ALL);
    }

    @Test
    void capacityDrawsThreeCurvesPerSettingFromItsPoints() throws Exception {
        List<ChartSet.CurvePlot> curves = charts(lines()).curves();

        assertThat(curves).hasSize(6).allMatch(c -> c.phase().equals("capacity"));
        ChartSet.CurvePlot fds = curves.get(1);
        assertThat(fds.setting()).isEqualTo("default");
        assertThat(fds.title()).startsWith("Open file descriptors against stores open, ");
        assertThat(fds.caption()).contains("`capacity-point`");
        assertThat(fds.series().keySet()).containsExactly("objectbox", "sqlite");
        List<double[]> sqlite = fds.series().get("sqlite");
        assertThat(sqlite).hasSize(11);
        assertThat(sqlite.get(0)).containsExactly(0, 59);
        assertThat(sqlite.get(10)).containsExactly(2000, 2058);
        // resident memory in MiB
        assertThat(curves.get(0).series().get("sqlite").get(0)[1]).isCloseTo(2168304 / 1024.0,
                org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aLaterCapacityRunOfTheSameTrialReplacesTheEarliersCurve() throws Exception {
        List<JsonNode> lines = lines();
        for (int stores : new int[]{0, 100}) {
            lines.add(ResultsFile.line("capacity-point").put("engine", "sqlite").put("setting", "default")
                    .put("workload", "small").put("stores", stores).put("rssKb", 1024).put("fds", 7 + stores)
                    .put("maps", 3));
        }

        List<double[]> sqlite = charts(lines).curves().get(1).series().get("sqlite");

        assertThat(sqlite).hasSize(2);
        assertThat(sqlite.get(1)).containsExactly(100, 107);
    }

    @Test
    void concurrencyStatesTheSpeedUpAndBeyondTheCoresContention() throws Exception {
        List<JsonNode> lines = lines();
        lines.add(stat("sqlite", "conc_oqc_per_s_t1", 1000));
        lines.add(stat("sqlite", "conc_oqc_per_s_t2", 1800));
        lines.add(stat("sqlite", "conc_oqc_per_s_t4", 1900));

        String on2 = new MarkdownReport(ReportBuilder.of(new RunResults(lines, environment(2)), Phases.ALL)).render();
        String on32 = new MarkdownReport(ReportBuilder.of(new RunResults(lines, environment(32)), Phases.ALL)).render();

        assertThat(on2).contains("- SQLite, concurrency (open-query-close per second, all workers as threads of one"
                + " process; speed-up over one worker): 1,000/s at T=1, 1,800/s at T=2 (x1.80), 1,900/s at T=4 (x1.90);"
                + " this machine has 2"
                + " cores: beyond 2 workers the figures show contention, not scaling.\n");
        assertThat(on32).contains("1,900/s at T=4 (x1.90).\n").doesNotContain("contention, not scaling");
        assertThat(on2).doesNotContain("-Dbench.concurrency=processes");
        // its rows appear where measured, the t8 rows do not
        assertThat(on2).contains("Concurrency, 4 workers: open-query-close per second, all workers")
                .doesNotContain("8 workers");
        List<ChartSet.CurvePlot> curves = charts(lines).curves();
        assertThat(curves.stream().map(ChartSet.CurvePlot::phase).distinct()).containsExactly("concurrency",
                "capacity");
        ChartSet.CurvePlot throughput = curves.stream().filter(c -> c.phase().equals("concurrency")).findFirst()
                .orElseThrow();
        assertThat(throughput.series().keySet()).containsExactly("sqlite");
        assertThat(throughput.series().get("sqlite")).extracting(p -> p[0] + ":" + p[1])
                .containsExactly("1.0:1000.0", "2.0:1800.0", "4.0:1900.0");
    }

    @Test
    void twoThreadsSlowerThanOneLinkTheNotebooksSectionOnThreadsAgainstProcesses() throws Exception {
        List<JsonNode> lines = lines();
        lines.add(stat("sqlite", "conc_oqc_per_s_t1", 1000));
        lines.add(stat("sqlite", "conc_oqc_per_s_t2", 900));

        String report = new MarkdownReport(ReportBuilder.of(new RunResults(lines, environment(2)), Phases.ALL)).render();

        assertThat(report).contains("900/s at T=2 (x0.90). Two workers as threads of one process made fewer visits a"
                + " second than one").contains("-Dbench.concurrency=processes")
                .contains("docs/engines.md#two-workers-in-one-process-the-mapped-engines-do-not-scale-as-threads");
    }

    @Test
    void theHtmlReportHeadsTheCurvesWithThePhasesThatDrewThem() throws Exception {
        List<JsonNode> lines = lines();
        lines.add(stat("sqlite", "conc_oqc_per_s_t1", 1000));

        String html = new HtmlReport(ReportBuilder.of(new RunResults(lines, environment(2)), Phases.ALL)).render();

        assertThat(html).contains("<h3 id=\"curves\">Concurrency and capacity</h3>")
                .contains("The capacity phase's points (results.jsonl, <code>capacity-point</code>)");
    }

    @Test
    void theCommandThatRepeatsTheRunGivesItsWarmUpAndThePhasesOptions() throws Exception {
        List<JsonNode> lines = lines();
        ((ObjectNode) lines.get(0)).put("warmupOpens", 1000).putObject("phaseOptions").put("bench.capacityMax", "5000")
                .put("bench.threads", "1,2,4");

        String md = new MarkdownReport(ReportBuilder.of(new RunResults(lines, environment(2)), Phases.ALL)).render();

        assertThat(md).contains(" -Dbench.hold=1000 -Dbench.maxLoad=1.0 -Dbench.warmupOpens=1000"
                + " -Dbench.capacityMax=5000 -Dbench.threads=1,2,4\n");
    }
}
