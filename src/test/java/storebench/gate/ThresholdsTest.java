package storebench.gate;

import storebench.phase.CreatePhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phases;

import storebench.engine.Engines;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.gate.Thresholds.Bound;
import storebench.results.Stat;
import storebench.model.Setting;
import storebench.model.Workload;

import java.io.IOException;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

class ThresholdsTest {
    /** The statistics a rule may name: those this build measures. */
    private static final List<Stat> KNOWN = Phases.stats();

    @TempDir
    Path dir;

    @Test
    void theFilesHeaderListsEverySettingThatAStarMeans() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("thresholds.yaml"));
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("#   settings")).findFirst().orElseThrow());
        String header = lines.get(at) + lines.get(at + 1);
        for (Setting setting : Setting.values()) {
            assertThat(header).contains(setting.id());
        }
        String[] count = {"", "one", "two", "three", "four", "five", "six"};
        assertThat(header).contains("\"*\" in quotes: all " + count[Setting.values().length] + ")");
    }

    @Test
    void readsCeilingsRatiosAndBaselineEachWithItsLine() {
        Thresholds t = Thresholds.load(Path.of("src/test/resources/gate/valid.yaml"), KNOWN);

        assertThat(t.ceilings()).extracting(Thresholds.Ceiling::engine, Thresholds.Ceiling::stat,
                        Thresholds.Ceiling::bound, Thresholds.Ceiling::limit, Thresholds.Ceiling::line)
                .containsExactly(
                        tuple("sqlite", "oqc_ms", Bound.AT_MOST, 1.0, 7),
                        tuple("sqlite", "mem_resident_kb", Bound.AT_MOST, 600.0, 8),
                        tuple("sqlite", "stores_per_s", Bound.AT_LEAST, 5.0, 10),
                        tuple("objectbox", "disk_kb", Bound.AT_MOST, 600.0, 13),
                        tuple("objectbox-cached", "disk_kb", Bound.AT_MOST, 600.0, 13));
        assertThat(t.ceilings().get(0).scope().settings()).containsExactly("default");
        assertThat(t.ceilings().get(3).scope().settings()).as("setting omitted: a default run's")
                .isEqualTo(Setting.defaultIds()).doesNotContain(Setting.DURABLE.id());
        assertThat(t.ceilings().get(3).scope().workloads()).as("workload omitted: all").isEqualTo(Workload.ids());

        assertThat(t.ratios()).singleElement().satisfies(r -> {
            assertThat(r.engine()).isEqualTo("objectbox-cached");
            assertThat(r.other()).isEqualTo("sqlite");
            assertThat(r.factor()).isEqualTo(4.0);
            assertThat(r.bound()).isEqualTo(Bound.AT_MOST);
            assertThat(r.line()).isEqualTo(18);
            assertThat(r.scope().workloads()).as("\"*\": all").isEqualTo(Workload.ids());
        });

        Thresholds.Baseline b = t.baseline().orElseThrow();
        assertThat(b.toleranceFor(OpenRunsPhase.OQC_MS)).isEqualTo(new Thresholds.Tolerance(20, 24));
        assertThat(b.toleranceFor(MemoryPhase.MEM_ANON_KB)).isEqualTo(new Thresholds.Tolerance(10, 25));
        assertThat(b.toleranceFor(CreatePhase.CREATE_MS)).as("its own, with a % sign").isEqualTo(new Thresholds.Tolerance(50, 26));
        assertThat(b.ignore()).containsExactly("load1");
    }

    @Test
    void committedThresholdsFileIsValidAndHasRulesOfEveryKind() {
        Thresholds t = Thresholds.load(Path.of("thresholds.yaml"), KNOWN);

        assertThat(t.ceilings()).isNotEmpty();
        assertThat(t.ratios()).isNotEmpty();
        assertThat(t.baseline()).isPresent();
        assertThat(t.against()).as("an A/B comparison judges open-query-close at 3%").hasValueSatisfying(a ->
                assertThat(a.perStat().get("oqc_ms").percent()).isEqualTo(3));
        assertThat(t.ceilings()).extracting(Thresholds.Ceiling::engine).contains("objectbox", "objectbox-cached",
                "sqlite", "turso", "libsql", "sqlite-node");
    }

    @Test
    void rejectsMalformedYamlWithFileAndLine() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max: {oqc_ms: 1.0\n  - engine: objectbox\n");

        ThresholdsException e = reject(file);

        assertThat(e.getMessage()).contains(file + ":").contains("not valid YAML")
                .contains("ceilings, ratios, baseline");
        assertThat(e.problems()).singleElement().satisfies(p -> assertThat(p.line()).isBetween(3, 4));
    }

    @Test
    void rejectsABareStarAndSaysToQuoteIt() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    setting: *\n    max:\n      oqc_ms: 1.0\n");

        assertThat(reject(file).getMessage()).contains(file + ":3: not valid YAML").contains("write \"*\" in quotes");
    }

    @Test
    void rejectsUnknownEngineIdAndListsValidOnes() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlit\n    max:\n      oqc_ms: 1.0\n");

        assertThat(reject(file).getMessage()).contains(file + ":2: unknown engine id 'sqlit'")
                .contains(String.join(", ", Engines.ids()));
    }

    @Test
    void rejectsUnknownEngineIdInRatioTimes() throws IOException {
        Path file = write("ratios:\n  - engine: objectbox\n    stat: oqc_ms\n    at_most: 2\n    times: postgres\n");

        assertThat(reject(file).getMessage()).contains(file + ":5: unknown engine id 'postgres'")
                .contains(String.join(", ", Engines.ids()));
    }

    @Test
    void rejectsUnknownStatisticAndListsValidOnes() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max:\n      oqc_ms: 1.0\n      oqc_p95_ms: 2\n");

        assertThat(reject(file).getMessage()).contains(file + ":5: unknown statistic 'oqc_p95_ms'")
                .contains(String.join(", ", Phases.stats().stream().filter(s -> !s.counter())
                        .map(storebench.results.Stat::id).toList()));
    }

    /** A counter of what a visit asks of the machine is recorded, never judged: no rule may name it. */
    @Test
    void rejectsARuleOnACounter() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max:\n      oqc_minflt: 10\n");

        assertThat(reject(file).getMessage()).contains(file + ":4: unknown statistic 'oqc_minflt'")
                .doesNotContain("oqc_sys_ms");
    }

    @Test
    void rejectsUnknownSettingAndListsValidOnes() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    setting: [default, mmap]\n    max:\n      oqc_ms: 1.0\n");

        assertThat(reject(file).getMessage()).contains(file + ":3: unknown setting 'mmap'")
                .contains(String.join(", ", Setting.ids()));
    }

    @Test
    void rejectsUnknownWorkloadAndListsValidOnes() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    workload: huge\n    max:\n      oqc_ms: 1.0\n");

        assertThat(reject(file).getMessage()).contains(file + ":3: unknown workload 'huge'")
                .contains(String.join(", ", Workload.ids()));
    }

    @Test
    void rejectsNegativeLimit() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max:\n      oqc_ms: -1\n");

        assertThat(reject(file).getMessage()).contains(file + ":4: max.oqc_ms = -1 is negative")
                .contains("a number of milliseconds >= 0");
    }

    @Test
    void rejectsNonNumericLimit() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max:\n      mem_resident_kb: lots\n");

        assertThat(reject(file).getMessage()).contains(file + ":4: max.mem_resident_kb = 'lots' is not a number")
                .contains("a number of KB");
    }

    @Test
    void rejectsNegativeAndNonNumericToleranceAndRatio() throws IOException {
        Path file = write("ratios:\n  - engine: objectbox\n    stat: oqc_ms\n    at_most: -2\n    times: sqlite\n"
                + "baseline:\n  tolerance_percent:\n    with_spread: ten\n    without_spread: 10\n");

        ThresholdsException e = reject(file);

        assertThat(e.getMessage()).contains(file + ":4: at_most = -2 is negative; give a factor > 0")
                .contains(file + ":8: tolerance_percent.with_spread = 'ten' is not a number; give a percentage >= 0");
    }

    @Test
    void readsMinStoresOfACeilingAndARatio() throws IOException {
        Thresholds t = Thresholds.load(write("ceilings:\n  - engine: h2\n    min_stores: 1_000\n    max:\n"
                + "      heap_kb: 1250\n  - engine: h2\n    max:\n      oqc_ms: 10\nratios:\n  - engine: objectbox\n"
                + "    stat: oqc_ms\n    at_most: 2\n    times: sqlite\n    min_stores: 200\n"), KNOWN);

        assertThat(t.ceilings()).extracting(Thresholds.Ceiling::stat, c -> c.scope().minStores())
                .containsExactly(tuple("heap_kb", 1000), tuple("oqc_ms", 0));
        assertThat(t.ratios()).singleElement().extracting(r -> r.scope().minStores()).isEqualTo(200);
    }

    @Test
    void rejectsAMinStoresThatIsNotAWholeNumberOfStoresWithFileAndLine() throws IOException {
        Path file = write("ceilings:\n  - engine: h2\n    min_stores: many\n    max:\n      heap_kb: 1250\n"
                + "ratios:\n  - engine: objectbox\n    stat: oqc_ms\n    at_most: 2\n    times: sqlite\n"
                + "    min_stores: 0\n");

        ThresholdsException e = reject(file);

        assertThat(e.getMessage()).contains(file + ":3: min_stores = 'many' is not valid; give a whole number of"
                + " stores >= 1").contains(file + ":11: min_stores = '0' is not valid; give a whole number of stores"
                + " >= 1 (the rule is judged only in runs whose N and M, bench.stores and bench.hold, are at least"
                + " this), e.g. min_stores: 1000");
    }

    @Test
    void rejectsUnknownKeysAndListsValidOnes() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    settings: default\n    max:\n      oqc_ms: 1\n"
                + "limits: {}\n");

        ThresholdsException e = reject(file);

        assertThat(e.getMessage()).contains(file + ":3: unknown key 'settings'")
                .contains("valid keys: engine, setting, workload, max, min, min_stores")
                .contains(file + ":6: unknown key 'limits' in the file; valid keys: ceilings, ratios, baseline");
    }

    @Test
    void rejectsARatioWithoutFactorOrOtherEngineOrWithTheSameEngineTwice() throws IOException {
        Path noFactor = write("ratios:\n  - engine: objectbox\n    stat: oqc_ms\n    times: sqlite\n");
        Path noOther = write("ratios:\n  - engine: objectbox\n    stat: oqc_ms\n    at_most: 2\n");
        Path same = write("ratios:\n  - engine: sqlite\n    stat: oqc_ms\n    at_most: 2\n    times: sqlite\n");

        assertThat(reject(noFactor).getMessage()).contains(noFactor + ":2: ").contains("exactly one of at_most: or at_least:");
        assertThat(reject(noOther).getMessage()).contains(noOther + ":2: ratios entry at line 2 has no times:")
                .contains(String.join(", ", Engines.ids()));
        assertThat(reject(same).getMessage()).contains(same + ":2: ").contains("name the same engine 'sqlite'");
    }

    @Test
    void reportsEveryProblemAtOnce() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlit\n    max:\n      oqc_ms: -1\n      nope_ms: 1\n");

        assertThat(reject(file).problems()).extracting(ThresholdsException.Problem::line).containsExactly(2, 4, 5);
    }

    @Test
    void rejectsAMissingFileNamingTheOption() {
        Path file = dir.resolve("missing.yaml");

        assertThat(reject(file).getMessage()).contains(file.toString()).contains("-Dbench.thresholds=FILE");
    }

    @Test
    void aFileOfCommentsOnlyHasNoRules() throws IOException {
        assertThat(Thresholds.load(write("# nothing yet\n"), KNOWN).isEmpty()).isTrue();
    }

    @Test
    void requiresBothBaselineTolerances() throws IOException {
        Path file = write("baseline:\n  tolerance_percent:\n    with_spread: 20\n");

        assertThat(reject(file).getMessage()).contains(file + ":2: baseline.tolerance_percent: has no without_spread:")
                .contains("create_ms");
    }

    private ThresholdsException reject(Path file) {
        ThresholdsException e = catchThrowableOfType(ThresholdsException.class, () -> Thresholds.load(file, KNOWN));
        assertThat(e).as("rejected: " + file).isNotNull();
        assertThat(e.file()).isEqualTo(file.toString());
        return e;
    }

    private int files;

    private Path write(String text) throws IOException {
        Path file = dir.resolve("thresholds-" + (++files) + ".yaml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void listedStatisticsOfARatioGiveOneRuleEach() throws IOException {
        Thresholds t = Thresholds.load(write(
                "ratios:\n  - engine: objectbox\n    stat: [oqc_ms, open_ms]\n    at_most: 1.5\n    times: objectbox-cached\n"), KNOWN);

        assertThat(t.ratios()).extracting(Thresholds.Ratio::stat).containsExactly("oqc_ms", "open_ms");
        assertThat(t.ratios()).extracting(Thresholds.Ratio::line).containsOnly(4);
        assertThatThrownBy(() -> Thresholds.load(write("ratios: 3\n"), KNOWN)).isInstanceOf(ThresholdsException.class)
                .hasMessageContaining(":1: ratios: must be a list");
    }

    @Test
    void theMessagesFirstLineCarriesTheFirstProblemWithItsLine() throws IOException {
        Path file = write("ceilings:\n  - engine: sqlite\n    max: {oqc: 1}\n  - engine: nope\n    max: {oqc_ms: 1}\n");
        ThresholdsException e = reject(file);

        // a build tool's summary shows the first line only
        String first = e.getMessage().lines().findFirst().orElseThrow();
        assertThat(first).startsWith("thresholds file " + file + ":3: unknown statistic 'oqc' in max:; valid statistics: ");
        assertThat(e.getMessage()).contains("The file is not valid (2 problems").contains(file + ":4: unknown engine id 'nope'");
    }

    @Test
    void readsAgainstTolerancesAndRefusesAStatisticWithoutRuns() {
        Thresholds t = Thresholds.parse("against:\n  tolerance_percent:\n    oqc_ms: 3\n    open_ms: 5\n", "t.yaml",
                KNOWN);
        assertThat(t.against()).hasValueSatisfying(a -> {
            assertThat(a.perStat().get("oqc_ms")).isEqualTo(new Thresholds.Tolerance(3, 3));
            assertThat(a.perStat().get("open_ms").fraction()).isEqualTo(0.05);
        });
        assertThatThrownBy(() -> Thresholds.parse("against:\n  tolerance_percent:\n    create_ms: 3\n", "t.yaml",
                KNOWN)).hasMessageContaining("t.yaml").hasMessageContaining("create_ms").hasMessageContaining("oqc_ms");
        assertThatThrownBy(() -> Thresholds.parse("against:\n  oqc_ms: 3\n", "t.yaml", KNOWN))
                .hasMessageContaining("tolerance_percent");
    }
}
