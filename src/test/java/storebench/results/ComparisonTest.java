package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonTest {

    private static com.fasterxml.jackson.databind.node.ObjectNode stamp(String kind, String side) {
        com.fasterxml.jackson.databind.node.ObjectNode l = ResultsFile.line(kind).put("engine", "sqlite")
                .put("setting", "default");
        return side == null ? l : l.put(RunResults.SIDE, side);
    }

    /** A run of two pairs and its end, written by the records as the suite writes them. */
    static List<JsonNode> lines() {
        List<JsonNode> lines = new ArrayList<>();
        lines.add(new AgainstRunLine("A", 1, "sqlite-jdbc 3.54.1.0 under default", Map.of("oqc_ms", 0.100))
                .into(stamp(AgainstRunLine.KIND, null)));
        lines.add(new AgainstRunLine("B", 1, "sqlite-jdbc 3.50.3.0 under default", Map.of("oqc_ms", 0.104))
                .into(stamp(AgainstRunLine.KIND, null)));
        lines.add(new AgainstRunLine("B", 2, "sqlite-jdbc 3.50.3.0 under default", Map.of("oqc_ms", 0.105))
                .into(stamp(AgainstRunLine.KIND, null)));
        lines.add(new AgainstRunLine("A", 2, "sqlite-jdbc 3.54.1.0 under default", Map.of("oqc_ms", 0.101))
                .into(stamp(AgainstRunLine.KIND, null)));
        lines.add(new AgainstLine(new AgainstLine.Asked(AgainstLine.VERSION, "3.50.3.0", 0),
                new AgainstLine.Ran("sqlite-jdbc 3.54.1.0 under default", "sqlite-jdbc 3.50.3.0 under default", true,
                        50, null),
                Map.of("oqc_ms", 0.03), 2, AgainstLine.DECIDED)
                .into(stamp(AgainstLine.KIND, null)));
        // side B's own phase line: the comparison's, never the run's tables'
        lines.add(stamp("phase", "B").put("op", "openrun").put("run", 1));
        return lines;
    }

    @Test
    void aComparisonIsReadBackFromTheLinesItsRecordsWrote() {
        RunResults run = new RunResults(lines(), null);
        assertThat(run.comparisons()).hasSize(1);
        Comparison c = run.comparisons().get(0);
        assertThat(c.column()).isEqualTo(new Column("sqlite", "default"));
        assertThat(c.end().stopped()).isEqualTo(AgainstLine.DECIDED);
        assertThat(c.end().title()).isEqualTo("sqlite-jdbc 3.50.3.0 under default against sqlite-jdbc 3.54.1.0"
                + " under default");
        assertThat(c.paired("oqc_ms").get("A")).containsExactly(0.100, 0.101);
        assertThat(c.paired("oqc_ms").get("B")).containsExactly(0.104, 0.105);
        assertThat(c.ratio("oqc_ms")).hasValueSatisfying(r -> assertThat(r.ratio()).isBetween(1.03, 1.05));
    }

    @Test
    void sideBsOtherLinesStayOutOfTheRunsTables() {
        RunResults run = new RunResults(lines(), null);
        assertThat(run.lines("phase")).isEmpty();
        assertThat(run.lines(AgainstRunLine.KIND)).hasSize(4);
    }

    @Test
    void aComparisonWithoutItsEndSaysItDidNotEnd() {
        List<JsonNode> lines = new ArrayList<>(lines());
        lines.removeIf(l -> l.path("kind").asText().equals(AgainstLine.KIND));
        Comparison c = new RunResults(lines, null).comparisons().get(0);
        assertThat(c.end().stopped()).isEqualTo(Comparison.UNFINISHED);
        assertThat(c.end().ran().samePool()).isTrue();
        assertThat(c.end().pairs()).isEqualTo(2);
    }
}
