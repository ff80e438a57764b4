package storebench.gate;

import storebench.report.VerdictSection;
import storebench.report.render.MarkdownReport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.gate.Verdict.Kind;
import storebench.gate.Verdict.Status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictsTest {
    /** How oqc_ms prints, as a run describes it. */
    private static final Verdict.Figure MS = new Verdict.Figure("ms", 3);
    private static final Verdict FAILED = new Verdict(Kind.CEILING, Status.FAIL,
            new Verdict.Subject("sqlite", "default", "large", "oqc_ms"), new Verdict.Figures(0.612, 0.5, -0.112),
            new Verdict.Source("thresholds.yaml", 42, "sqlite oqc_ms <= 0.500 ms (max)", "measured over 200 stores"),
            MS);
    private static final Verdict PASSED = new Verdict(Kind.RATIO, Status.PASS,
            new Verdict.Subject("objectbox-cached", "mmap-threshold", "large", "oqc_ms"),
            new Verdict.Figures(0.47, 1.0, 0.53), new Verdict.Source("thresholds.yaml", 57,
            "objectbox-cached oqc_ms <= 4 x sqlite oqc_ms", "sqlite 0.250 ms; ratio 1.88"), MS);
    private static final Verdict OPEN = new Verdict(Kind.CEILING, Status.NOT_EVALUATED,
            new Verdict.Subject("turso", "default", "large", "oqc_ms"), Verdict.Figures.NONE,
            new Verdict.Source("thresholds.yaml", 60, "turso oqc_ms <= 20.000 ms (max)",
                    "engine turso was not run (bench.engines=sqlite)"), MS);

    @TempDir
    Path dir;

    /** A run's verdicts keep the rules on what it measured, and count those of engines and settings it left out. */
    @Test
    void theRulesOfWhatARunLeftOutAreCountedNotKept() throws Exception {
        storebench.results.RunResults run = storebench.results.RunResults.load(Runs.REAL_RUN);
        Thresholds thresholds = Thresholds.load(Path.of("thresholds.yaml"), storebench.phase.Phases.stats());
        List<String> engines = run.runLine().asked().engines();

        Verdicts verdicts = Verdicts.of(thresholds, null, run, java.util.Optional.empty());

        assertThat(verdicts.all()).isNotEmpty().allSatisfy(v -> assertThat(v.engine()).isIn(
                storebench.gate.Verdict.ANY, engines.get(0), engines.get(1), engines.get(2)));
        assertThat(verdicts.notEvaluated()).as("turso's, libsql's, ... rules: counted")
                .isGreaterThan(verdicts.with(Status.NOT_EVALUATED).size());
    }

    /** Every verdict comes back as written, a rule not evaluated with its reason; the counts too. */
    @Test
    void verdictsJsonRoundTrip() throws Exception {
        Verdicts written = new Verdicts("/work/thresholds.yaml", "/runs/base/results.jsonl",
                List.of(FAILED, PASSED, OPEN));

        Path file = written.write(dir);
        Verdicts read = Verdicts.read(dir);

        assertThat(file).isEqualTo(dir.resolve("verdicts.json"));
        assertThat(read.all()).containsExactly(FAILED, PASSED, OPEN); // their figures' unit and decimals too
        assertThat(read.thresholds()).isEqualTo("/work/thresholds.yaml");
        assertThat(read.baseline()).contains("/runs/base/results.jsonl");
        assertThat(read.summary()).isEqualTo("1 passed, 1 failed, 0 inconclusive, 1 not evaluated");
        assertThat(read.headline()).isEqualTo("FAILED: 1 of 2 rules broken; 1 other not evaluated");
        assertThat(Files.readString(file)).contains("\"marginPercent\"").contains("\"notEvaluated\" : 1")
                .contains("NOT_EVALUATED");
        assertThat(Verdicts.readIfPresent(dir.resolve("elsewhere"))).isEmpty();
    }

    @Test
    void messageNamesEngineSettingWorkloadStatisticValuesMarginAndLine() {
        assertThat(FAILED.message()).contains("FAIL", "engine sqlite", "setting default", "workload large",
                "statistic oqc_ms", "measured 0.612 ms", "limit 0.500 ms", "margin -0.112 ms (-22.4%)",
                "(thresholds.yaml:42)");
        assertThat(OPEN.message()).contains("not evaluated: engine turso was not run").contains("thresholds.yaml:60");
    }

    @Test
    void sectionListsEveryRuleFailuresFirstAndPassingOnesWithTheirMargins() {
        String md = section(PASSED, OPEN, FAILED);

        assertThat(md).startsWith("## Regression gate\n");
        assertThat(md).contains("**Failed**: 1 failed, 1 passed, 0 inconclusive, 1 not evaluated");
        assertThat(md.indexOf("**FAIL**")).isLessThan(md.indexOf("| pass |"));
        assertThat(md).contains("| pass | objectbox-cached oqc_ms <= 4 x sqlite oqc_ms | objectbox-cached | mmap-threshold"
                + " | oqc_ms | 0.470 ms | 1.000 ms | 0.530 ms (+53%) | 57 |");
        assertThat(md).contains("-0.112 ms (-22%)");
        assertThat(md).doesNotContain("engine turso was not run").as("counted, not listed");
    }

    @Test
    void sectionSaysSoWhenNoRuleWasEvaluated() {
        assertThat(section(OPEN)).contains("**Nothing checked**").contains("No rule was evaluated");
        assertThat(section()).contains("**No rules**");
    }

    @Test
    void sectionOfARunFolderNamesTheThresholdsFileAndBaseline() throws Exception {
        new Verdicts("/work/main/thresholds.yaml", null, List.of(PASSED, OPEN)).write(dir);

        assertThat(Verdicts.readIfPresent(dir).map(VerdictSection::section)).hasValueSatisfying(s -> assertThat(
                MarkdownReport.render(s.all())).contains("Rules from `thresholds.yaml`; baseline: none")
                .contains("**Passed**").contains("0 inconclusive, 1 not evaluated"));
        assertThat(Verdicts.readIfPresent(dir.resolve("nothing-here"))).isEmpty();
    }

    /** The section as report.md has it, with the rules of a thresholds.yaml and no baseline. */
    private static String section(Verdict... verdicts) {
        return MarkdownReport.render(VerdictSection.section(new Verdicts("thresholds.yaml", null, List.of(verdicts)))
                .all());
    }
}
