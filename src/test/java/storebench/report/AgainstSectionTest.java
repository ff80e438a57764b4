package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.AgainstLine;
import storebench.results.AgainstRunLine;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's section of an A/B comparison (bench.against), from a run made up for the purpose: SQLite, 4 pairs. */
class AgainstSectionTest {
    private final List<JsonNode> lines = new ArrayList<>();

    AgainstSectionTest() {
        ObjectNode run = ResultsFile.line("run").put("stores", 1000).put("notesPerStore", 1000).put("runs", 3)
                .put("hold", 1000).put("workload", "large").put("against", "3.50.3.0");
        run.putArray("engines").add("sqlite");
        run.putArray("settings").add("default");
        lines.add(run);
        double[] a = {0.1015, 0.1029, 0.1034, 0.1029};
        double[] b = {0.1007, 0.0995, 0.1007, 0.1009};
        for (int k = 1; k <= 4; k++) {
            lines.add(new AgainstRunLine("A", k, "sqlite-jdbc 3.54.1.0 under default", Map.of("oqc_ms", a[k - 1],
                    "open_ms", 0.05)).into(stamp(AgainstRunLine.KIND)));
            lines.add(new AgainstRunLine("B", k, "sqlite-jdbc 3.50.3.0 under default", Map.of("oqc_ms", b[k - 1],
                    "open_ms", 0.05 * (1 + k / 1000.0))).into(stamp(AgainstRunLine.KIND)));
        }
        lines.add(new AgainstLine(new AgainstLine.Asked(AgainstLine.VERSION, "3.50.3.0", 0),
                new AgainstLine.Ran("sqlite-jdbc 3.54.1.0 under default", "sqlite-jdbc 3.50.3.0 under default", true,
                        50, null),
                Map.of("oqc_ms", 0.03), 4, AgainstLine.DECIDED)
                .into(stamp(AgainstLine.KIND)));
        lines.add(stamp("stat").put("stat", "oqc_ms").put("value", 0.1029));
        lines.add(stamp("stat").put("stat", "open_ms").put("value", 0.05));
    }

    private static ObjectNode stamp(String kind) {
        return ResultsFile.line(kind).put("engine", "sqlite").put("setting", "default").put("workload", "large");
    }

    @Test
    void eachStatisticsRowHasBOverAWithItsIntervalAndTheVerdict() {
        String md = new MarkdownReport(ReportBuilder.of(new RunResults(storebench.phase.Described.lines(lines), null), Phases.ALL)).render();
        assertThat(md).contains("## 3.50.3.0 against the project's version, SQLite under default")
                .contains("Side A ran sqlite-jdbc 3.54.1.0 under default, side B sqlite-jdbc 3.50.3.0 under default,"
                        + " in 4 pairs")
                .contains("over the same pool of stores");
        String section = md.substring(md.indexOf("## 3.50.3.0 against"));
        String row = section.lines().filter(l -> l.startsWith("| Open, query, close")).findFirst().orElseThrow();
        // the two SQLite pools, a steady 2% apart: four pairs give no 95% interval, and decide nothing
        assertThat(row).endsWith("| 0.103 ms | 0.101 ms | 0.98 [0.97, 0.99] | 3.0% | inconclusive |");
        String open = section.lines().filter(l -> l.startsWith("| Open (median)")).findFirst().orElseThrow();
        assertThat(open).contains("1.00 [").endsWith("| – | no rule |");
        assertThat(md).contains("oqc_ms         ").contains("*");
    }

    @Test
    void aVersionThatCouldNotReadAsStoresIsSaidToHaveVisitedItsOwnPoolAndWhy() {
        String why = "its library could not read 1000 of side A's 1000 stores, store-0 first: it did not open them,"
                + " or counted other than 1000 notes";
        lines.replaceAll(l -> l.path("kind").asText().equals(AgainstLine.KIND) ? new AgainstLine(
                AgainstLine.of(l).what(), new AgainstLine.Ran("h2 2.5.252 under default", "h2 2.1.214 under default",
                false, 50, why), Map.of("oqc_ms", 0.03), 4, AgainstLine.DECIDED).into(stamp(AgainstLine.KIND)) : l);
        String md = new MarkdownReport(ReportBuilder.of(new RunResults(storebench.phase.Described.lines(lines), null), Phases.ALL)).render();
        assertThat(md).contains("each side over its own pool (" + why + "; two pools made alike differed")
                .doesNotContain("over the same pool of stores");
    }
}
