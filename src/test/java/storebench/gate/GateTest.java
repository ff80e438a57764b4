package storebench.gate;

import storebench.phase.Phases;
import storebench.results.Stat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.gate.Verdict.Kind;
import storebench.gate.Verdict.Status;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

class GateTest {
    /** The statistics a rule may name: those this build measures. */
    private static final List<Stat> KNOWN = Phases.stats();

    private static final List<String> BOTH = List.of("default", "mmap-threshold");

    @Test
    void ceilingPassesWithItsMarginAndFailsBeyondItsLimit() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n    max:\n"
                + "      oqc_ms: 0.5\n      mem_resident_kb: 400\n", "t.yaml", KNOWN);
        RunResults run = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.24, 0.25, 0.26)
                .stat("sqlite", "default", "mem_resident_kb", 435).results();

        List<Verdict> v = Gate.evaluate(t, run, Optional.empty());

        assertThat(v).hasSize(2);
        Verdict oqc = v.get(0);
        assertThat(oqc.status()).isEqualTo(Status.PASS);
        assertThat(oqc.kind()).isEqualTo(Kind.CEILING);
        assertThat(oqc.measured()).isEqualTo(0.25);
        assertThat(oqc.limit()).isEqualTo(0.5);
        assertThat(oqc.margin()).isCloseTo(0.25, within(1e-9));
        assertThat(oqc.marginPercent()).isCloseTo(50, within(1e-9));
        assertThat(oqc.line()).isEqualTo(5);
        Verdict mem = v.get(1);
        assertThat(mem.status()).isEqualTo(Status.FAIL);
        assertThat(mem.margin()).isEqualTo(-35.0);
        assertThat(mem.line()).isEqualTo(6);
        assertThat(mem.subject().workload()).isEqualTo("large");
    }

    @Test
    void aCeilingWithMinStoresIsNotEvaluatedInASmallerRunAndJudgedFromItsScaleOn() {
        // H2's fixed heap spread over 100 stores open: 1,667.8 KB per store, against 1,048-1,080 at 1,000
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: h2\n    setting: default\n    min_stores: 1000\n"
                + "    max:\n      heap_kb: 1250\n  - engine: h2\n    setting: default\n    max:\n      oqc_ms: 10\n",
                "t.yaml", KNOWN);
        RunResults small = Runs.of("large", 100, List.of("h2"), List.of("default")).hold(100)
                .stat("h2", "default", "heap_kb", 1667.8).stat("h2", "default", "oqc_ms", 3.4, 4.1, 4.8).results();

        List<Verdict> v = Gate.evaluate(t, small, Optional.empty());

        assertThat(v).extracting(Verdict::stat, Verdict::status).containsExactly(
                tuple("heap_kb", Status.NOT_EVALUATED), tuple("oqc_ms", Status.PASS));
        assertThat(v.get(0).message()).isEqualTo("NOT_EVALUATED ceiling: engine h2, setting default, workload large,"
                + " statistic heap_kb: not evaluated: this ceiling holds from 1,000 stores on (min_stores: the scale it"
                + " was measured at); this run has N = 100, M = 100 (t.yaml:6)");
        assertThat(Gate.forFigures(t, small, "h2", "default", List.of("heap_kb")))
                .as("the phase test is not failed by it").noneMatch(x -> x.status() == Status.FAIL);

        RunResults fewHeld = Runs.of("large", 1000, List.of("h2"), List.of("default")).hold(100)
                .stat("h2", "default", "heap_kb", 1667.8).results();
        assertThat(Gate.evaluate(t, fewHeld, Optional.empty()).get(0).detail()).as("M is the memory figure's scale")
                .endsWith("this run has N = 1,000, M = 100");

        RunResults atScale = Runs.of("large", 1000, List.of("h2"), List.of("default"))
                .stat("h2", "default", "heap_kb", 1300).results();
        assertThat(Gate.evaluate(t, atScale, Optional.empty()).get(0).status()).isEqualTo(Status.FAIL);
    }

    @Test
    void aRatioWithMinStoresIsNotEvaluatedInASmallerRun() {
        Thresholds t = Thresholds.parse("ratios:\n  - engine: objectbox-cached\n    stat: mem_anon_kb\n"
                + "    at_most: 0.25\n    times: sqlite\n    setting: default\n    min_stores: 200\n", "t.yaml", KNOWN);
        RunResults run = Runs.of("large", 20, List.of("objectbox-cached", "sqlite"), List.of("default"))
                .stat("objectbox-cached", "default", "mem_anon_kb", 300).stat("sqlite", "default", "mem_anon_kb", 400)
                .results();

        Verdict v = Gate.evaluate(t, run, Optional.empty()).get(0);

        assertThat(v.status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(v.detail()).startsWith("this ratio holds from 200 stores on");
    }

    @Test
    void floorFailsWhenTheFigureIsBelowIt() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n    min:\n"
                + "      stores_per_s: 30\n", "t.yaml", KNOWN);
        RunResults run = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "stores_per_s", 24).results();

        Verdict v = Gate.evaluate(t, run, Optional.empty()).get(0);

        assertThat(v.status()).isEqualTo(Status.FAIL);
        assertThat(v.margin()).isEqualTo(-6.0);
    }

    @Test
    void ratioComparesTwoEnginesUnderTheSameSetting() {
        Thresholds t = Thresholds.parse("ratios:\n  - engine: objectbox-cached\n    stat: oqc_ms\n    at_most: 2\n"
                + "    times: sqlite\n", "t.yaml", KNOWN);
        RunResults run = Runs.of(List.of("objectbox-cached", "sqlite"), BOTH)
                .stat("objectbox-cached", "default", "oqc_ms", 0.45, 0.47, 0.5)
                .stat("sqlite", "default", "oqc_ms", 0.24, 0.25, 0.26)
                .stat("objectbox-cached", "mmap-threshold", "oqc_ms", 0.5, 0.52, 0.55)
                .stat("sqlite", "mmap-threshold", "oqc_ms", 0.2, 0.21, 0.22).results();

        List<Verdict> v = Gate.evaluate(t, run, Optional.empty());

        assertThat(v).extracting(Verdict::setting, Verdict::status).containsExactly(
                tuple("default", Status.PASS),
                tuple("mmap-threshold", Status.FAIL));
        assertThat(v.get(0).limit()).isCloseTo(0.5, within(1e-9));
        assertThat(v.get(0).measured()).isEqualTo(0.47);
        assertThat(v.get(1).limit()).isCloseTo(0.42, within(1e-9));
        assertThat(v.get(1).detail()).contains("sqlite 0.210 ms").contains("ratio 2.476");
        assertThat(v.get(1).line()).isEqualTo(4);
    }

    @Test
    void rulesForEnginesOrSettingsNotRunAreNotEvaluatedNeverPassed() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: [sqlite, turso]\n    max: {oqc_ms: 5}\n"
                + "ratios:\n  - engine: libsql\n    stat: oqc_ms\n    at_most: 2\n    times: sqlite\n", "t.yaml", KNOWN);
        RunResults run = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.24, 0.25, 0.26).results();

        List<Verdict> v = Gate.evaluate(t, run, Optional.empty());

        assertThat(v).filteredOn(x -> x.status() == Status.PASS).singleElement()
                .satisfies(x -> assertThat(x.engine() + "/" + x.setting()).isEqualTo("sqlite/default"));
        assertThat(v).filteredOn(x -> x.status() != Status.PASS).hasSize(5)
                .allSatisfy(x -> assertThat(x.status()).isEqualTo(Status.NOT_EVALUATED))
                .allSatisfy(x -> assertThat(x.measured()).isNull());
        assertThat(v).filteredOn(x -> x.engine().equals("turso")).extracting(Verdict::detail)
                .allSatisfy(d -> assertThat(d).contains("engine turso was not run"));
        assertThat(v).filteredOn(x -> x.engine().equals("sqlite") && x.setting().equals("mmap-threshold"))
                .singleElement().satisfies(x -> assertThat(x.detail()).contains("setting mmap-threshold was not run"));
    }

    /** A run of the given phases (its run line says which, and the statistics of those it left out). */
    private static RunResults runOfPhases(String phasesAsked, List<String> measured, String... more) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode run = storebench.results.ResultsFile.line("run")
                .put("workload", "large").put("stores", 20).put("hold", 20).put("phasesAsked", phasesAsked);
        run.putArray("engines").add("sqlite");
        run.putArray("settings").add("default");
        measured.forEach(run.withArray("phases")::add);
        Phases.ALL.stream().filter(p -> !measured.contains(p.id())).forEach(p -> p.stats().forEach(st ->
                run.with(RunResults.NOT_ASKED).withArray(p.id()).add(st.id())));
        List<com.fasterxml.jackson.databind.JsonNode> lines = new java.util.ArrayList<>(List.of(run));
        for (String l : more) {
            lines.add(storebench.results.ResultsFile.JSON.readTree(l));
        }
        return new RunResults(lines, null);
    }

    @Test
    void aRuleOnAPhaseNotAskedForIsNotEvaluatedSayingSoNotBlamingAnotherPhasesFailure() throws IOException {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n"
                + "    max: {oqc_ms: 5}\n", "t.yaml", KNOWN);
        RunResults run = runOfPhases("capacity", List.of("capacity"), "{\"kind\":\"status\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"status\":\"failed\",\"phase\":\"capacity\",\"reason\":\"capacity"
                + " failed: the disk filled\"}");

        assertThat(Gate.evaluate(t, run, Optional.empty())).singleElement().satisfies(v -> {
            assertThat(v.status()).isEqualTo(Status.NOT_EVALUATED);
            assertThat(v.detail()).isEqualTo("no oqc_ms figure for sqlite under default: its phase openruns was not"
                    + " asked for (bench.phases=capacity)");
        });
    }

    @Test
    void aRunOfPhasesNoRuleCoversHasNothingToJudgeNamingThePhases() throws IOException {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n"
                + "    max: {oqc_ms: 5}\n", "t.yaml", KNOWN);
        RunResults capacity = runOfPhases("capacity", List.of("capacity"), "{\"kind\":\"stat\",\"engine\":"
                + "\"sqlite\",\"setting\":\"default\",\"workload\":\"large\",\"stat\":\"capacity_stores\","
                + "\"value\":40}");
        List<Verdict> verdicts = Gate.evaluate(t, capacity, Optional.empty());
        assertThat(verdicts).noneMatch(v -> v.status() != Status.NOT_EVALUATED);

        assertThat(Gate.nothingToJudge(verdicts, "t.yaml", capacity)).contains("nothing to judge for these phases:"
                + " capacity (t.yaml has no rule on their statistics for sqlite under default)");

        // a rule on a phase the run measured, not evaluated (its figure missing): that is no "nothing to judge"
        RunResults openRuns = runOfPhases("openRuns", List.of("openruns"));
        assertThat(Gate.nothingToJudge(Gate.evaluate(t, openRuns, Optional.empty()), "t.yaml", openRuns)).isEmpty();
    }

    @Test
    void aFileWhoseOnlyRuleIsForAnotherSettingIsNoNothingToJudgeButAGateThatCheckedNothing() throws IOException {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: tuned\n"
                + "    max: {oqc_ms: 5}\n", "t.yaml", KNOWN);
        RunResults openRuns = runOfPhases("openRuns", List.of("openruns"), "{\"kind\":\"stat\",\"engine\":"
                + "\"sqlite\",\"setting\":\"default\",\"workload\":\"large\",\"stat\":\"oqc_ms\",\"value\":1}");
        List<Verdict> verdicts = Gate.evaluate(t, openRuns, Optional.empty());
        assertThat(verdicts).noneMatch(v -> v.status() != Status.NOT_EVALUATED);

        // GateBench fails a run where no rule was evaluated and this is empty
        assertThat(Gate.nothingToJudge(verdicts, "t.yaml", openRuns)).isEmpty();
    }

    @Test
    void missingFigureOfAFailedTrialIsNotEvaluatedWithItsReason() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n"
                + "    max: {oqc_ms: 5}\n", "t.yaml", KNOWN);
        RunResults run = Runs.of(List.of("sqlite"), List.of("default"))
                .status("sqlite", "default", "failed", "open run 1", "wrong count 9 != 1000").results();

        Verdict v = Gate.evaluate(t, run, Optional.empty()).get(0);

        assertThat(v.status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(v.detail()).contains("no oqc_ms figure").contains("failed in open run 1: wrong count 9 != 1000");
    }

    @Test
    void ruleForAnotherWorkloadIsNotEvaluated() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n    workload: large\n"
                + "    max: {oqc_ms: 5}\n", "t.yaml", KNOWN);
        RunResults run = Runs.of("small", 20, List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.24, 0.25, 0.26).results();

        Verdict v = Gate.evaluate(t, run, Optional.empty()).get(0);

        assertThat(v.status()).isEqualTo(Status.NOT_EVALUATED);
        assertThat(v.detail()).contains("workload is small");
    }

    @Test
    void baselineComparisonOfARealRunWithItselfNeverFails() throws Exception {
        RunResults run = Runs.realRun();

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), run, Optional.of(run));

        // its 3 runs' own spread: some open-run statistics (p99, open) cannot tell 20% apart, and say so
        assertThat(v).isNotEmpty().allSatisfy(x -> assertThat(x.status()).as(x.message()).isIn(Status.PASS,
                Status.INCONCLUSIVE));
        assertThat(v).filteredOn(x -> !Phases.find(x.stat()).orElseThrow().hasSpread()).isNotEmpty()
                .allSatisfy(x -> assertThat(x.status()).isEqualTo(Status.PASS));
        assertThat(v).filteredOn(x -> x.status() == Status.INCONCLUSIVE).isNotEmpty()
                .allSatisfy(x -> assertThat(x.detail()).contains("worse by 0.0%").contains("inconclusive"));
        assertThat(v).filteredOn(x -> x.stat().equals("oqc_p99_ms")).extracting(Verdict::status)
                .contains(Status.INCONCLUSIVE);
        assertThat(v).extracting(Verdict::kind).containsOnly(Kind.BASELINE);
        assertThat(v).extracting(Verdict::stat).doesNotContain("load1").contains("oqc_ms", "create_ms", "disk_kb");
        assertThat(v).extracting(Verdict::engine).containsOnly("objectbox", "objectbox-cached", "sqlite");
    }

    /** A counter (what a visit asks of the machine) doubled against the baseline: recorded, never judged. */
    @Test
    void baselineDoesNotCompareTheCounters() {
        storebench.results.Stat minflt = storebench.phase.OpenRunsPhase.COUNTERS.stat("minflt");
        RunResults base = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.5, 0.5, 0.5)
                .stat("sqlite", "default", minflt.id(), 10, 10, 10).described(minflt).results();
        RunResults now = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.5, 0.5, 0.5)
                .stat("sqlite", "default", minflt.id(), 20, 20, 20).described(minflt).results();
        assertThat(now.stat(minflt.id())).hasValueSatisfying(s -> assertThat(s.counter()).isTrue());

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), now, Optional.of(base));

        assertThat(v).extracting(Verdict::stat).contains("oqc_ms").doesNotContain(minflt.id());
    }

    @Test
    void baselineWithHalvedTimesFailsNamingTheStatistics() throws Exception {
        RunResults run = Runs.realRun();
        RunResults halved = Runs.realRunWithTimes(ms -> ms / 2);

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), run, Optional.of(halved));

        List<Verdict> failed = v.stream().filter(x -> x.status() == Status.FAIL).collect(Collectors.toList());
        assertThat(failed).extracting(Verdict::stat)
                .contains("create_ms", "stores_per_s", "open_ms", "count_ms", "oqc_ms", "close_ms");
        assertThat(failed).extracting(Verdict::stat).doesNotContain("mem_resident_kb", "disk_kb");
        assertThat(failed).filteredOn(x -> x.stat().equals("oqc_ms")).hasSize(6) // 3 engines x 2 settings
                .allSatisfy(x -> assertThat(x.detail()).contains("worse by 100.0%"));
        assertThat(failed.get(0).message()).contains("baseline").contains(failed.get(0).stat());
    }

    @Test
    void tenPercentWorseWithFifteenPercentSpreadIsInconclusiveAtFivePercent() {
        // the median is 10% above the baseline's, but the runs spread by 15%: they cannot tell 5% apart
        Verdict v = compareOqc(new double[] {0.50, 0.475, 0.55}, new double[] {0.53, 0.55, 0.58}, 5);

        assertThat(v.detail()).contains("worse by 10.0%").contains("95% interval of the ratio of medians 0.964 to 1.221")
                .contains("inconclusive");
        assertThat(v.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(v.limit()).isCloseTo(0.5 * 1.05, within(1e-9));
    }

    @Test
    void anIntervalNarrowerThanTheToleranceThatHoldsItsBoundIsInconclusiveSayingSoNotWider() {
        // about 3% worse, runs within 1%: the runs tell 3% apart, but the change sits on the bound
        Verdict v = compareOqc(new double[] {1.0, 0.995, 1.005}, new double[] {1.03, 1.025, 1.035}, 3);

        assertThat(v.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(v.detail()).contains("(the interval holds 1.030, the tolerance's bound: inconclusive")
                .doesNotContain("wider than the tolerance");
    }

    @Test
    void aNormalRepeatIsInconclusiveAtOnePercentAndPassesAtThirty() {
        // two runs of the same engine with the spread the open runs show here (1-4%)
        double[] first = {0.612, 0.598, 0.621};
        double[] repeat = {0.604, 0.619, 0.627};

        assertThat(compareOqc(first, repeat, 1).status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(compareOqc(first, repeat, 30).status()).isEqualTo(Status.PASS);
        assertThat(compareOqc(first, repeat, 30).detail()).contains("the runs tell apart changes of");
    }

    @Test
    void thirtyPercentWorseWithFivePercentSpreadFails() {
        Verdict v = compareOqc(new double[] {0.5, 0.49, 0.515}, new double[] {0.65, 0.64, 0.6725}, 20);

        assertThat(v.detail()).contains("worse by 30.0%");
        assertThat(v.status()).isEqualTo(Status.FAIL);
        assertThat(v.limit()).as("tolerance 20% beats the noise").isCloseTo(0.6, within(1e-9));
        assertThat(v.margin()).isCloseTo(-0.05, within(1e-9));
    }

    @Test
    void worseBeyondTheNoiseButWithinTheTolerancePasses() {
        Verdict v = compareOqc(new double[] {0.5, 0.49, 0.5}, new double[] {0.55, 0.55, 0.55}, 15);

        assertThat(v.status()).isEqualTo(Status.PASS);
    }

    @Test
    void betterThanTheBaselinePasses() {
        Verdict v = compareOqc(new double[] {0.5, 0.5, 0.5}, new double[] {0.3, 0.3, 0.3}, 0);

        assertThat(v.status()).isEqualTo(Status.PASS);
        assertThat(v.detail()).contains("better by 40.0%");
    }

    @Test
    void storesPerSecondIsWorseWhenLowerAndComparedAsTimePerStore() {
        Thresholds t = baselineRules(20, 20);
        RunResults base = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "stores_per_s", 26).results();
        RunResults slower = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "stores_per_s", 20).results();
        RunResults faster = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "stores_per_s", 40).results();

        Verdict v = Gate.evaluate(t, slower, Optional.of(base)).get(0);
        assertThat(v.status()).isEqualTo(Status.FAIL);
        assertThat(v.detail()).contains("worse by 30.0%");
        assertThat(v.limit()).isCloseTo(26 / 1.2, within(1e-9));
        assertThat(Gate.evaluate(t, faster, Optional.of(base)).get(0).status()).isEqualTo(Status.PASS);
    }

    @Test
    void statisticsWithoutSpreadUseTheirOwnTolerance() {
        Thresholds t = Thresholds.parse("baseline:\n  tolerance_percent:\n    with_spread: 50\n    without_spread: 5\n"
                + "    create_ms: 100\n", "t.yaml", KNOWN);
        RunResults base = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "mem_anon_kb", 400).stat("sqlite", "default", "create_ms", 20).results();
        RunResults now = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "mem_anon_kb", 440).stat("sqlite", "default", "create_ms", 38).results();

        List<Verdict> v = Gate.evaluate(t, now, Optional.of(base));

        assertThat(v).filteredOn(x -> x.stat().equals("mem_anon_kb")).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo(Status.FAIL);
            assertThat(x.line()).isEqualTo(4);
        });
        assertThat(v).filteredOn(x -> x.stat().equals("create_ms")).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo(Status.PASS);
            assertThat(x.line()).isEqualTo(5);
        });
    }

    @Test
    void withoutABaselineTheComparisonIsOneRuleNotEvaluated() {
        RunResults run = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2).results();

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), run, Optional.empty());

        assertThat(v).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo(Status.NOT_EVALUATED);
            assertThat(x.detail()).contains("-Dbench.baseline=");
        });
    }

    @Test
    void baselineOfAnotherSizeIsNotCompared() {
        RunResults run = Runs.of("large", 200, List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2).results();
        RunResults base = Runs.of("large", 1000, List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.1, 0.1, 0.1).results();

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), run, Optional.of(base));

        assertThat(v).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo(Status.NOT_EVALUATED);
            assertThat(x.detail()).contains("N = 200 stores vs 1000");
        });
    }

    @Test
    void baselineWithOtherRunsOrAnUnfinishedBaselineIsNotCompared() {
        RunResults run = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2)
                .results();
        Runs base = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2);

        assertThat(Gate.notComparable(run.shape(), base.unfinished())).get().asString()
                .startsWith(Gate.NOT_COMPARABLE).contains("not a complete run").contains("did not finish");
        assertThat(Gate.notComparable(run.shape(), base.results())).isEmpty();
        RunResults.Shape fiveRuns = new RunResults.Shape("large", 200, 5, 200);
        assertThat(Gate.notComparable(fiveRuns, base.results())).get().asString()
                .contains("R = 5 open runs vs 3 in the baseline");
    }

    @Test
    void aProfiledFigureIsNotJudgedByAnyRuleAndTheVerdictSaysWhy() {
        Thresholds t = Thresholds.parse("ceilings:\n  - engine: sqlite\n    setting: default\n    max:\n"
                + "      oqc_ms: 1\nratios:\n  - engine: sqlite\n    setting: default\n    stat: oqc_ms\n"
                + "    at_most: 1\n    times: objectbox\n", "t.yaml", KNOWN);
        // 2.519 ms under strace against 0.268 ms without: what the profiler costs, not the engine
        RunResults run = Runs.of(List.of("sqlite", "objectbox"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 2.4, 2.519, 2.6).underProfilers("strace")
                .stat("objectbox", "default", "oqc_ms", 0.2, 0.2, 0.2).results();

        List<Verdict> v = Gate.evaluate(t, run, Optional.empty());

        assertThat(v).extracting(Verdict::kind, Verdict::status).containsExactly(
                tuple(Kind.CEILING, Status.NOT_EVALUATED), tuple(Kind.RATIO, Status.NOT_EVALUATED));
        assertThat(v.get(0).message()).contains("not evaluated: sqlite's oqc_ms was measured under strace"
                + " (bench.profilers), which slows what it watches: a profiled figure is not judged");
        assertThat(Gate.forFigures(t, run, "sqlite", "default", List.of("oqc_ms")))
                .as("the phase test is not failed by it").noneMatch(x -> x.status() == Status.FAIL);

        RunResults base = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2,
                0.2).results();
        assertThat(Gate.evaluate(baselineRules(20, 10), Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 2.4, 2.519, 2.6).underProfilers("strace").results(),
                Optional.of(base))).singleElement().satisfies(x -> {
                    assertThat(x.status()).isEqualTo(Status.NOT_EVALUATED);
                    assertThat(x.detail()).contains("measured under strace");
                });
    }

    @Test
    void aBaselineMeasuredUnderProfilersIsRefusedNamingThem(@TempDir Path dir) throws Exception {
        RunResults run = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2,
                0.2).results();
        Runs profiled = Runs.of(List.of("sqlite"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 2.4, 2.519, 2.6).underProfilers("strace")
                .stat("sqlite", "default", "disk_kb", 344);

        assertThat(Gate.notComparable(run.shape(), profiled.results())).get().asString()
                .startsWith(Gate.NOT_COMPARABLE).contains("measured under profilers (strace, bench.profilers)");
        // a whole run made so, given as -Dbench.baseline: refused before anything is measured
        Path file = profiled.write(dir.resolve("results.jsonl"));
        assertThat(catchThrowable(() -> Gate.checkComparable(file, run.shape(), false))).isInstanceOf(IOException.class)
                .hasMessageContaining("-Dbench.baseline=" + file + ": " + Gate.NOT_COMPARABLE)
                .hasMessageContaining("strace");
    }

    @Test
    void engineOnlyInTheBaselineIsNotEvaluated() {
        RunResults run = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2).results();
        RunResults base = Runs.of(List.of("sqlite", "objectbox"), List.of("default"))
                .stat("sqlite", "default", "oqc_ms", 0.2, 0.2, 0.2)
                .stat("objectbox", "default", "oqc_ms", 0.5, 0.5, 0.5).results();

        List<Verdict> v = Gate.evaluate(baselineRules(20, 10), run, Optional.of(base));

        assertThat(v).extracting(Verdict::engine, Verdict::status).containsExactly(
                tuple("objectbox", Status.NOT_EVALUATED),
                tuple("sqlite", Status.PASS));
    }

    @Test
    void committedThresholdsPassARealRunOfThisMachineKind() throws Exception {
        Thresholds committed = Thresholds.load(Path.of("thresholds.yaml"), KNOWN);

        List<Verdict> v = Gate.evaluate(committed, Runs.realRun(), Optional.of(Runs.realRun()));

        assertThat(v).filteredOn(x -> x.status() == Status.FAIL).extracting(Verdict::message).isEmpty();
        assertThat(v).filteredOn(x -> x.status() == Status.PASS).extracting(Verdict::kind)
                .contains(Kind.CEILING, Kind.RATIO, Kind.BASELINE);
        assertThat(v).filteredOn(x -> x.engine().equals("turso")).isNotEmpty()
                .allSatisfy(x -> assertThat(x.status()).isEqualTo(Status.NOT_EVALUATED));
    }

    @Test
    void checkBeforeMeasuringRejectsABaselineWithoutToleranceOrFile(@TempDir Path dir)
            throws Exception {
        Path noBaseline = dir.resolve("t.yaml");
        Files.writeString(noBaseline, "ceilings:\n  - engine: sqlite\n    max: {oqc_ms: 1}\n");
        Path base = Runs.REAL_RUN.resolve("results.jsonl");

        assertThat(Gate.checkBeforeMeasuring(noBaseline, Optional.empty(), KNOWN).ceilings()).hasSize(1);
        assertThat(catchThrowable(() -> Gate.checkBeforeMeasuring(noBaseline,
                Optional.of(base), KNOWN))).isInstanceOf(ThresholdsException.class).hasMessageContaining("no baseline: section");
        assertThat(Gate.checkBeforeMeasuring(Path.of("thresholds.yaml"), Optional.of(base), KNOWN)
                .baseline()).isPresent();
        assertThat(Gate.checkBeforeMeasuring(Path.of("thresholds.yaml"), Optional.of(Runs.REAL_RUN), KNOWN)
                .baseline()).as("a run's folder does too").isPresent();
        assertThat(catchThrowable(() -> Gate.checkBeforeMeasuring(
                Path.of("thresholds.yaml"), Optional.of(dir.resolve("nope.jsonl")), KNOWN)))
                .isInstanceOf(IOException.class).hasMessageContaining("no baseline at " + dir.resolve("nope.jsonl"));
    }

    private static Thresholds baselineRules(int withSpread, int withoutSpread) {
        return Thresholds.parse("baseline:\n  tolerance_percent:\n    with_spread: " + withSpread
                + "\n    without_spread: " + withoutSpread + "\n  ignore: [load1]\n", "t.yaml", KNOWN);
    }

    private static Verdict compareOqc(double[] baseline, double[] now, int tolerancePercent) {
        RunResults base = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", baseline).results();
        RunResults current = Runs.of(List.of("sqlite"), List.of("default")).stat("sqlite", "default", "oqc_ms", now).results();
        List<Verdict> v = Gate.evaluate(baselineRules(tolerancePercent, 10), current, Optional.of(base));
        assertThat(v).hasSize(1);
        return v.get(0);
    }
}
