package storebench.tools;

import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;
import storebench.run.CostTable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The cost table the plan estimates from is what storebench.tools.Costs makes of the kept runs, never typed by hand. */
class CostsTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @Test
    void theCommittedTableIsWhatTheToolMakesFromDocsRuns() throws Exception {
        String made = Costs.table(PROJECT.resolve(Costs.KEPT_RUNS), skipped -> { });
        assertThat(Files.readString(PROJECT.resolve(Costs.TABLE), StandardCharsets.UTF_8))
                .as("%s is not what storebench.tools.Costs makes from %s: run mvn -q compile exec:java"
                        + " -Dexec.mainClass=storebench.tools.Costs", Costs.TABLE, Costs.KEPT_RUNS)
                .isEqualTo(made);
    }

    @Test
    void theTableHoldsEveryKeptRunButTheMergedOneAndItsSecondsAddUpToTheirWallTime() throws Exception {
        CostTable table = CostTable.fromJson(ResultsFile.JSON.readTree(Costs.table(PROJECT.resolve(Costs.KEPT_RUNS), skipped -> { })));
        assertThat(table.runs()).extracting(CostTable.KeptRun::name).contains("1000/all-default", "10k/reference-default", "10k/reference-default-2026-12-04")
                .doesNotContain("10k/all");
        // a run whose trials all count (none failed): its steps and what it spent around them are its wall time
        CostTable.KeptRun reference = table.run("10k/large-5a18dfc");
        double steps = table.points().stream().filter(p -> p.run().equals(reference.name()))
                .flatMap(p -> p.steps().stream()).mapToDouble(s -> s.seconds().elapsedS()).sum();
        assertThat(steps + reference.seconds().aroundS()).isCloseTo(reference.seconds().wallS(),
                org.assertj.core.data.Offset.offset(1.0));
    }
}
