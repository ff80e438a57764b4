package storebench.report.compare;

import storebench.report.compare.CompareRuns;

import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;
import storebench.results.RunResults;
import storebench.results.Stat;

import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What moved between two fixed runs (src/test/resources/report/compare/before and after, written by hand so every
 * ratio is known): sqlite's open-query-close 1.000 → 1.200 ms moves beyond its spread (5%), its count query
 * 0.200 → 0.150 ms too, the other way; open 0.500 → 0.510 ms stays within its 10%; create +5% stays within 10%,
 * stores/s +25% and resident memory +10% do not. The pages Compare writes from it: storebench.tools.CompareTest.
 */
class CompareRunsTest {
    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(CompareRunsTest.class.getResource("/report/compare/" + name + "/results.jsonl").toURI()).getParent();
    }

    private static CompareRuns runs() throws Exception {
        return new CompareRuns(RunResults.load(fixture("before")), RunResults.load(fixture("after")));
    }

    private static CompareRuns.Row row(CompareRuns runs, String engine, Stat stat) {
        return runs.row("default", engine, stat).orElseThrow();
    }

    @Test
    void marksWhatMovedBeyondTheLargerSpreadOfBothRuns() throws Exception {
        CompareRuns runs = runs();
        CompareRuns.Row oqc = row(runs, "sqlite", OpenRunsPhase.OQC_MS);
        assertThat(oqc.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9)));
        assertThat(oqc.threshold()).hasValueSatisfying(t -> assertThat(t).isCloseTo(0.05,
                org.assertj.core.data.Offset.offset(1e-9)));
        assertThat(oqc.move()).isEqualTo(CompareRuns.Move.WORSE);
        assertThat(row(runs, "sqlite", OpenRunsPhase.COUNT_MS).move()).isEqualTo(CompareRuns.Move.BETTER);
        assertThat(row(runs, "sqlite", OpenRunsPhase.OPEN_MS).move()).isEqualTo(CompareRuns.Move.SAME);
        // p99: +25%, but its runs spread 50%
        assertThat(row(runs, "sqlite", OpenRunsPhase.OQC_P99_MS).move()).isEqualTo(CompareRuns.Move.SAME);
        assertThat(row(runs, "sqlite", OpenRunsPhase.CLOSE_MS).move()).isEqualTo(CompareRuns.Move.SAME);
    }

    @Test
    void judgesStatisticsWithoutSpreadByTheirTolerance() throws Exception {
        CompareRuns runs = runs();
        assertThat(row(runs, "sqlite", CreatePhase.CREATE_MS).move()).isEqualTo(CompareRuns.Move.SAME);
        assertThat(row(runs, "sqlite", CreatePhase.STORES_PER_S).move()).isEqualTo(CompareRuns.Move.BETTER);
        assertThat(row(runs, "sqlite", MemoryPhase.MEM_RESIDENT_KB).move()).isEqualTo(CompareRuns.Move.WORSE);
        assertThat(row(runs, "sqlite", MemoryPhase.MEM_ANON_KB).move()).isEqualTo(CompareRuns.Move.SAME);
        assertThat(row(runs, "sqlite", DiskPhase.DISK_KB).move()).isEqualTo(CompareRuns.Move.SAME);
        assertThat(row(runs, "sqlite", OpenRunsPhase.LOAD1).move()).isEqualTo(CompareRuns.Move.UNJUDGED);
        assertThat(row(runs, "sqlite", MemoryPhase.HEAP_KB).ratio()).isEmpty();
        assertThat(row(runs, "objectbox", OpenRunsPhase.OQC_MS).move()).isEqualTo(CompareRuns.Move.UNJUDGED);
        assertThat(runs.moved()).extracting(r -> r.stat())
                .containsExactly(OpenRunsPhase.OQC_MS, MemoryPhase.MEM_RESIDENT_KB, CreatePhase.STORES_PER_S, OpenRunsPhase.COUNT_MS);
    }
}
