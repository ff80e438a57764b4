package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.Phases;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An about line describes its statistic, so that a report or gate reads a run without the code that measured it (a
 * run written before the lines did is given the catalogue of that version by Migrate: MigrateTest).
 */
class StatAboutTest {
    private static ObjectNode statLine(Stat stat, double value) {
        return ResultsFile.line("stat").put("engine", "sqlite").put("setting", "default").put("stat", stat.id())
                .put("value", value);
    }

    private static ObjectNode about(Stat stat) {
        return new AboutLine(stat.id(), stat.about(1000, 1000, Phases.phaseOf(stat).id(), Phases.order(stat))).line();
    }

    @Test
    void everyStatisticReadBackFromItsAboutPrintsAndJudgesAsItself() {
        for (Stat s : Phases.stats()) {
            Stat back = Stat.read(s.id(), s.about(1000, 500, Phases.phaseOf(s).id(), Phases.order(s)));

            assertThat(back.label(1, 1)).as(s.id()).isEqualTo(s.label(1000, 500));
            assertThat(back.chartTitle(1, 1)).as(s.id()).isEqualTo(s.chartTitle(1000, 500));
            assertThat(back.format(1234.5678)).as(s.id()).isEqualTo(s.format(1234.5678));
            assertThat(back.hasSpread()).as(s.id()).isEqualTo(s.hasSpread());
            assertThat(back.higherIsBetter()).as(s.id()).isEqualTo(s.higherIsBetter());
            assertThat(back.tolerance()).as(s.id()).isEqualTo(s.tolerance());
            assertThat(back.referenceRow()).as(s.id()).isEqualTo(s.referenceRow());
            assertThat(back.chartGroup()).as(s.id()).isEqualTo(s.chartGroup());
            assertThat(back.countUnit()).as(s.id()).isEqualTo(s.countUnit());
            assertThat(back.optional()).as(s.id()).isEqualTo(s.optional());
            for (var runtime : storebench.model.TrialRuntime.values()) {
                assertThat(back.measuredIn(runtime)).as(s.id() + " in " + runtime).isEqualTo(s.measuredIn(runtime));
            }
        }
    }

    @Test
    void rowsComeInThePhasesOrderAfterTheReferencesRows() {
        List<Stat> stats = Phases.stats();
        List<Stat> reference = stats.stream().filter(Stat::inReference).toList();
        List<Stat> beside = stats.stream().filter(s -> s.besideReference() > 0).toList();
        int head = reference.size() + beside.size();

        assertThat(stats.subList(0, head)).containsAll(reference).containsAll(beside);
        assertThat(reference).extracting(Stat::referenceRow).isSorted();
        for (Stat s : beside) {
            assertThat(stats.get(stats.indexOf(s) - 1).referenceRow()).as(s.id()).isEqualTo(s.besideReference());
        }
        List<Integer> phaseOfEachRow = new ArrayList<>();
        for (Stat s : stats.subList(head, stats.size())) {
            phaseOfEachRow.add(Phases.ALL.indexOf(Phases.phaseOf(s)));
        }
        assertThat(phaseOfEachRow).isSorted();
    }

    @Test
    void aRunsStatisticsAreThoseItsLinesDescribeInTheirOrder() {
        Stat oqc = Phases.find("oqc_ms").orElseThrow();
        Stat create = Phases.find("create_ms").orElseThrow();
        RunResults results = new RunResults(List.of(about(oqc), statLine(oqc, 0.3), about(create),
                statLine(create, 5.0), statLine(oqc, 0.31)), null);

        assertThat(results.stats()).extracting(Stat::id).containsExactly("create_ms", "oqc_ms");
        assertThat(results.stat("oqc_ms").orElseThrow().format(0.3)).isEqualTo("0.300 ms");
        assertThat(results.stat("heap_kb")).isEmpty();
    }

    @Test
    void aBrokenAboutNamesTheStatisticAndTheField() {
        ObjectNode l = about(Phases.find("oqc_ms").orElseThrow());
        ((ObjectNode) l.get("about")).put("unit", "furlongs");
        RunResults results = new RunResults(List.<JsonNode>of(l, statLine(Phases.find("oqc_ms").orElseThrow(), 0.3)), null);

        assertThatThrownBy(results::stats).hasMessageContaining("oqc_ms").hasMessageContaining("unit 'furlongs'")
                .hasMessageContaining("ms, kb, count");
    }
}
