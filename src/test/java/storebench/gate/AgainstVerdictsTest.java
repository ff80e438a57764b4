package storebench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import storebench.phase.Phases;
import storebench.results.AgainstLine;
import storebench.results.AgainstRunLine;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class AgainstVerdictsTest {
    private static final Thresholds RULES = Thresholds.parse("against:\n  tolerance_percent:\n    oqc_ms: 3\n",
            "t.yaml", Phases.stats());

    /** A comparison of {@code pairs} pairs whose B is {@code factor} times A, give or take {@code wobble} per pair. */
    private static RunResults comparison(double factor, double wobble, int pairs) {
        List<JsonNode> lines = new ArrayList<>();
        for (int k = 1; k <= pairs; k++) {
            double a = 0.100 + 0.001 * (k % 3);
            double b = a * factor * (1 + (k % 2 == 0 ? wobble : -wobble));
            lines.add(new AgainstRunLine("A", k, "a", Map.of("oqc_ms", a)).into(stamp(AgainstRunLine.KIND)));
            lines.add(new AgainstRunLine("B", k, "b", Map.of("oqc_ms", b)).into(stamp(AgainstRunLine.KIND)));
        }
        lines.add(new AgainstLine(new AgainstLine.Asked(AgainstLine.VERSION, "3.50.3.0", 0),
                new AgainstLine.Ran("a", "b", true, 50, null),
                Map.of("oqc_ms", 0.03), pairs,
                AgainstLine.DECIDED).into(stamp(AgainstLine.KIND)));
        return new RunResults(lines, null);
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode stamp(String kind) {
        return ResultsFile.line(kind).put("engine", "sqlite").put("setting", "default").put("workload", "large");
    }

    private static Verdict only(RunResults run) {
        List<Verdict> against = Gate.evaluate(RULES, run, Optional.empty()).stream()
                .filter(v -> v.kind() == Verdict.Kind.AGAINST).toList();
        assertThat(against).hasSize(1);
        return against.get(0);
    }

    @Test
    void theSameVersionAgainstItselfPasses() {
        Verdict v = only(comparison(1.0, 0.005, 6));
        assertThat(v.status()).isEqualTo(Verdict.Status.PASS);
        assertThat(v.detail()).contains("no change").contains("over 6 pairs");
        assertThat(v.stat()).isEqualTo("oqc_ms");
    }

    @Test
    void aFivePercentSlowerSideBFailsNamingTheRatioAndItsInterval() {
        Verdict v = only(comparison(1.05, 0.005, 6));
        assertThat(v.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(v.message()).contains("oqc_ms").contains("B/A 1.05").contains("worse");
    }

    @Test
    void pairsThatDisagreeAreInconclusiveNotPassed() {
        assertThat(only(comparison(1.0, 0.04, 6)).status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
    }

    @Test
    void aPhaseJudgesItsOwnColumnsComparison() {
        List<Verdict> v = Gate.forFigures(RULES, comparison(1.05, 0.005, 6), "sqlite", "default", List.of("oqc_ms"));
        assertThat(v).extracting(Verdict::status).containsExactly(Verdict.Status.FAIL);
        assertThat(Gate.forFigures(RULES, comparison(1.05, 0.005, 6), "lmdb", "default", List.of("oqc_ms"))).isEmpty();
    }
}
