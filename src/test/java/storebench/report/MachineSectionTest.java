package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.Phases;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.EnvironmentFile;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** "The machine": this run's prices beside the kept run's its plan came from, with the ratio; none for an older run. */
class MachineSectionTest {
    private final List<JsonNode> lines = new ArrayList<>();
    private final ObjectNode run = ResultsFile.line("run").put("stores", 20).put("notesPerStore", 1000).put("runs", 2)
            .put("hold", 20).put("workload", "large");

    MachineSectionTest() {
        run.putArray("engines").add("sqlite");
        run.putArray("settings").add("default");
        lines.add(run);
    }

    private static List<List<String>> rows(Section s) {
        Block.Table t = s.blocks().stream().filter(Block.Table.class::isInstance).map(Block.Table.class::cast)
                .findFirst().orElseThrow();
        return t.rows().stream().map(r -> r.stream().map(Text::plain).toList()).toList();
    }

    @Test
    void setsThisRunsPricesBesideTheKeptRunsWithTheRatio() {
        ObjectNode c = run.putObject("plan").putObject("calibration").put("keptRun", "1000/reference-9aa6e28");
        c.putObject("probe").put("faultNs", 1240).put("mapUs", 51).put("syncMs", 0.6).put("yardMs", 0.006);
        c.putObject("kept").put("faultNs", 9700).put("mapUs", 267).put("yardMs", 0.012);
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        env.set("machine", c.get("probe"));

        Section s = MachineSection.of(ReportRun.of(new RunResults(lines, env)), l -> l).orElseThrow();

        assertThat(s.heading().text()).isEqualTo("The machine");
        assertThat(rows(s)).containsExactly(
                List.of("A minor page fault", "1.240 µs", "9.700 µs", "x0.13"),
                List.of("Mapping, touching and unmapping a 100-page file", "51.000 µs", "267.000 µs", "x0.19"),
                List.of("A 4 KiB write and its fdatasync, bench root", "0.600 ms", "not recorded", "\u2013"),
                List.of("The yardstick (4 KiB file read, 256 KiB memory touched)", "0.006 ms", "0.012 ms", "x0.50"));
        assertThat(ReportBuilder.of(new RunResults(lines, env), Phases.ALL).details()).extracting(x -> x.heading()
                .text()).contains("The machine");
    }

    @Test
    void aRunWithoutItsProbeHasNoSuchSection() {
        assertThat(MachineSection.of(ReportRun.of(new RunResults(lines, ResultsFile.JSON.createObjectNode())),
                l -> l)).isEmpty();
    }

    @Test
    void aMergedRunWhosePartsChargedDifferentlyShowsEachPartsPrices() {
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        var sources = env.putArray("sources");
        ObjectNode one = sources.addObject().put("machine", "a (AMD EPYC, 2 cores, 24 GiB)");
        one.putObject("environment").putObject("machine").put("faultNs", 1240).put("yardMs", 0.006);
        ObjectNode two = sources.addObject().put("machine", "b (AMD EPYC, 2 cores, 24 GiB)");
        two.putObject("environment").putObject("machine").put("faultNs", 9700).put("yardMs", 0.012);

        List<Block> blocks = MachineSection.mergedMachines(EnvironmentFile.of(env)).orElseThrow();
        Block.Table t = (Block.Table) blocks.get(1);
        assertThat(t.rows().get(0).stream().map(Text::plain).toList()).containsExactly(
                "a (AMD EPYC, 2 cores, 24 GiB)", "1.240 µs", "\u2013", "\u2013", "0.006 ms");
        assertThat(t.rows().get(1).get(1).plain()).isEqualTo("9.700 µs");
        // the same prices on both: nothing to show
        ((ObjectNode) two.path("environment").path("machine")).put("faultNs", 1240).put("yardMs", 0.006);
        assertThat(MachineSection.mergedMachines(EnvironmentFile.of(env))).isEmpty();
    }

    @Test
    void aComparisonGetsEachRunsPricesInOneLine() {
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        assertThat(MachineSection.prices(EnvironmentFile.of(env))).isEqualTo("not probed");
        // a run before the probe: the fault and mapping its environment.json measured
        ObjectNode mapping = env.putObject("mapping");
        mapping.putObject("minorFault").put("medianNs", 10430.0);
        mapping.putObject("file").put("medianUs", 328.714);
        assertThat(MachineSection.prices(EnvironmentFile.of(env))).isEqualTo("fault 10.430 µs, map 328.714 µs");
        env.putObject("machine").put("faultNs", 1240).put("syncMs", 0.6);
        assertThat(MachineSection.prices(EnvironmentFile.of(env))).isEqualTo("fault 1.240 µs, sync 0.600 ms");
    }
}
