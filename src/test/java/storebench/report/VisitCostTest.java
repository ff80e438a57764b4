package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phases;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "What a visit asks of the machine": the counters in a table of their own under the setting's table (never in it), the
 * decomposition of the visit at the machine's fault price, and, where a ratio differs from the reference's by more
 * than 1.5 times, the counter that differs most; from a run made up for the purpose.
 */
class VisitCostTest {
    private final List<JsonNode> lines = new ArrayList<>();

    VisitCostTest() {
        ObjectNode run = ResultsFile.line("run").put("stores", 1000).put("notesPerStore", 1000).put("runs", 3)
                .put("hold", 1000).put("workload", "large");
        run.putArray("engines").add("objectbox").add("sqlite");
        run.putArray("settings").add("default");
        lines.add(run);
    }

    private void stat(String engine, Stat stat, double value) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", "default").put("stat", stat.id())
                .put("value", value);
        l.putArray("runs").add(value).add(value).add(value);
        l.set("about", stat.about(1000, 1000, "openruns", Phases.stats().indexOf(stat)));
        lines.add(l);
    }

    private RunResults results(double faultNs) {
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        env.putObject("mapping").putObject("minorFault").put("medianNs", faultNs);
        return new RunResults(storebench.phase.Described.lines(lines), env);
    }

    /** ObjectBox 3.0 times SQLite's visit here (the reference: 1.21), with 40 faults a visit against 5. */
    private void objectBoxFaultsMore() {
        stat("sqlite", OpenRunsPhase.OQC_MS, 0.200);
        stat("objectbox", OpenRunsPhase.OQC_MS, 0.600);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("minflt"), 5);
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("minflt"), 40);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("sys_ms"), 0.050);
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("sys_ms"), 0.300);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("user_ms"), 0.120);
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("user_ms"), 0.200);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("vcsw"), 0.5);
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("vcsw"), 0.6);
    }

    private Section defaults(RunResults results) {
        return ReportBuilder.of(results, Phases.ALL).findings().stream()
                .filter(s -> s.heading().text().endsWith("defaults")).findFirst().orElseThrow();
    }

    @Test
    void theCountersAreABlockOfTheirOwnUnderTheSettingsTable() {
        objectBoxFaultsMore();
        Section section = defaults(results(2000));
        List<StatsTable> tables = section.blocks().stream().filter(StatsTable.class::isInstance)
                .map(StatsTable.class::cast).toList();
        assertThat(tables).hasSize(2);
        assertThat(tables.get(0).rows()).extracting(StatsTable.Row::key).contains("oqc_ms")
                .doesNotContain("oqc_minflt", "oqc_sys_ms");
        // only the counters some engine recorded: no row of major faults, device bytes or the other phases'
        assertThat(tables.get(1).rows()).extracting(StatsTable.Row::key)
                .containsExactly("oqc_minflt", "oqc_vcsw", "oqc_user_ms", "oqc_sys_ms");
        int heading = section.blocks().indexOf(section.blocks().stream().filter(Block.Heading.class::isInstance)
                .findFirst().orElseThrow());
        assertThat(((Block.Heading) section.blocks().get(heading)).text()).isEqualTo("What a visit asks of the machine");
        // after the table and its notes (their own list), before the counters' table
        assertThat(section.blocks().get(heading - 1)).isInstanceOf(Block.BulletList.class);
        assertThat(heading).isGreaterThan(section.blocks().indexOf(tables.get(0)))
                .isLessThan(section.blocks().indexOf(tables.get(1)));
        String md = new MarkdownReport(ReportBuilder.of(results(2000), Phases.ALL)).render();
        assertThat(md).contains("| Open, query, close: minor page faults per visit | 40.0 | 5.0 |");
    }

    @Test
    void theVisitIsDecomposedAtTheMachinesFaultPrice() {
        objectBoxFaultsMore();
        List<List<String>> rows = decomposition(defaults(results(2000)));
        // ObjectBox: 0.300 of 0.600 ms system CPU; 40 faults x 2 µs = 0.080 ms; SQLite: 5 x 2 µs = 0.010 of 0.200
        assertThat(rows).containsExactly(
                List.of("ObjectBox, sync every open", "0.600 ms", "0.300 ms (50%)", "0.080 ms (13%)",
                        "0.200 ms (33%)"),
                List.of("SQLite", "0.200 ms", "0.050 ms (25%)", "0.010 ms (5%)", "0.120 ms (60%)"));
        // without the machine's price the faults' column says so
        assertThat(decomposition(defaults(results(0))).get(0).get(3)).isEqualTo("\u2013");
    }

    @Test
    void aCpuShareAboveTheWholeVisitSaysWhyBesideIt() {
        stat("sqlite", OpenRunsPhase.OQC_MS, 0.200);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("sys_ms"), 0.050);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("user_ms"), 0.300); // 150%: ticks of 10 ms over a run's visits
        Section section = defaults(results(2000));
        assertThat(decomposition(section).get(0).get(4)).isEqualTo("0.300 ms (150%)");
        String said = section.blocks().stream().filter(Block.Paragraph.class::isInstance)
                .map(b -> ((Block.Paragraph) b).text().plain()).filter(t -> t.startsWith("Of the open runs' visit"))
                .findFirst().orElseThrow();
        assertThat(said).contains("A share above 100% (SQLite) is no error: a JVM's CPU time comes in clock ticks"
                + " of 10 ms per run");
        objectBoxFaultsMore();
        assertThat(defaults(results(2000)).blocks().stream().filter(Block.Paragraph.class::isInstance)
                .map(b -> ((Block.Paragraph) b).text().plain()).filter(t -> t.startsWith("Of the open runs' visit"))
                .findFirst().orElseThrow()).doesNotContain("A share above 100%");
    }

    @Test
    void whereTheRatioDiffersFromTheReferencesItNamesTheCounterThatDiffersMost() {
        objectBoxFaultsMore();
        List<String> items = differences(defaults(results(2000)));
        // minor faults differ 8x, system CPU 6x, user CPU 1.7x, voluntary switches 1.2x: the faults
        assertThat(items).hasSize(1);
        assertThat(items.get(0)).startsWith("ObjectBox, sync every open over SQLite: 3.0 here, ")
                .contains("minor page faults per visit: 40.0 against 5.0 (x8.00)");
    }

    @Test
    void aCounterAtNothingOnOneSideWeighsByItsLeastStep() {
        objectBoxFaultsMore();
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("write_kb"), 4.0);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("write_kb"), 0.0);
        // 4 KB written against none: (4 + 0.01) / 0.01, beyond the faults' 8x; a side that did not move has no ratio
        assertThat(differences(defaults(results(2000))).get(0))
                .endsWith("written to the device per visit: 4.00 KB against none").doesNotContain("\u221e");
    }

    @Test
    void aCounterUnderItsLeastStepOnOneSideIsNoneNotADivision() {
        objectBoxFaultsMore();
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("write_kb"), 8.76);
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("write_kb"), 0.001); // under 0.01, its printed step
        assertThat(differences(defaults(results(2000))).get(0))
                .contains("written to the device per visit: 8.76 KB against none").doesNotContain("x876");
    }

    @Test
    void aRatioNearTheReferencesNamesNoCounter() {
        stat("sqlite", OpenRunsPhase.OQC_MS, 0.500);
        stat("objectbox", OpenRunsPhase.OQC_MS, 0.600); // 1.2, the reference's 1.21
        stat("sqlite", OpenRunsPhase.COUNTERS.stat("minflt"), 5);
        stat("objectbox", OpenRunsPhase.COUNTERS.stat("minflt"), 40);
        assertThat(differences(defaults(results(2000)))).isEmpty();
    }

    private static List<List<String>> decomposition(Section section) {
        Block.Table t = section.blocks().stream().filter(Block.Table.class::isInstance).map(Block.Table.class::cast)
                .filter(x -> x.header().get(1).plain().equals("open, query, close")).findFirst().orElseThrow();
        return t.rows().stream().map(r -> r.stream().map(Text::plain).toList()).toList();
    }

    private static List<String> differences(Section section) {
        List<Block> blocks = section.blocks();
        for (int k = 0; k < blocks.size() - 1; k++) {
            if (blocks.get(k) instanceof Block.Paragraph p && p.text().plain().startsWith("Where an engine's")) {
                return ((Block.BulletList) blocks.get(k + 1)).items().stream().map(Text::plain).toList();
            }
        }
        return List.of();
    }
}
