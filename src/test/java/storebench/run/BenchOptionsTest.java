package storebench.run;

import storebench.phase.CapacityPhase;
import storebench.phase.ConcurrencyPhase;
import storebench.engine.Engines;

import storebench.engine.NodeEngines;
import storebench.engine.ObjectBoxEngine;
import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.phase.Phase;
import storebench.phase.Phases;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchOptionsTest {
    private final Map<String, String> props = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private BenchOptions options() {
        return new BenchOptions(props::get, env::get, Optional.empty());
    }

    private BenchOptions with(String property, String value) {
        props.put(property, value);
        return options();
    }

    /** The options set so far, where the launcher selected the tests of these phases alone. */
    private BenchOptions picked(List<Phase> phases) {
        return new BenchOptions(props::get, env::get, Optional.of(phases));
    }

    /** These options alone (nothing the test set before). */
    private static BenchOptions only(String... keyValues) {
        Map<String, String> given = new HashMap<>();
        for (int k = 0; k < keyValues.length; k += 2) {
            given.put(keyValues[k], keyValues[k + 1]);
        }
        return new BenchOptions(given::get, k -> null, Optional.empty());
    }

    @Test
    void defaultsAreTheDesignsDefaults() {
        BenchOptions o = options();

        assertThat(o.stores).isEqualTo(1000);
        assertThat(o.runs).isEqualTo(3);
        assertThat(o.hold).isEqualTo(1000);
        assertThat(o.workload).isEqualTo(Workload.LARGE);
        assertThat(o.settings).containsExactly(Setting.DEFAULT, Setting.MMAP_THRESHOLD);
        assertThat(o.engines).as("the reference's columns, in column order").isEqualTo(Engines.GROUPS.get("reference"))
                .extracting(EngineDescriptor::id).containsExactly("objectbox", "objectbox-cached", "objectbox-nosync",
                        "sqlite", "turso", "libsql", "sqlite-node");
        assertThat(o.enginesAsked).isEqualTo("reference");
        assertThat(o.planOnly).isFalse();
        assertThat(o.phases).as("the phases of the reference's tables").extracting(storebench.phase.Phase::id)
                .containsExactly("create", "disk", "openruns", "memory");
        assertThat(o.phasesAsked).isEqualTo("reference");
        assertThat(o.maxLoad).isEmpty();
        assertThat(o.maxLoadWait).isEqualTo(Duration.ofMinutes(10));
        assertThat(o.keep).isFalse();
        assertThat(o.reuse).isFalse();
        assertThat(o.root).isEqualTo(o.projectDir.resolve("target/bench-data"));
        assertThat(o.thresholds).isEqualTo(o.projectDir.resolve("thresholds.yaml"));
        assertThat(o.outputDir).isEqualTo(o.projectDir.resolve("target/bench"));
        assertThat(o.option(CapacityPhase.MAX)).isEqualTo(20_000);
        assertThat(o.option(CapacityPhase.WORKLOAD)).isEqualTo(Workload.SMALL);
        assertThat(o.option(CapacityPhase.MARGIN_MB)).isEqualTo(2048);
        assertThat(o.option(ConcurrencyPhase.WORKERS)).containsExactly(1, 2, 4);
    }

    @Test
    void aTrafficCacheLargerThanAnEngineHoldsOpenIsRefusedBeforeAnythingNamingTheLimitAndItsCause() {
        for (String engine : new String[]{"lmdb", "objectbox"}) {
            assertThatThrownBy(() -> only("bench.engines", "sqlite," + engine, "bench.phases", "traffic",
                    "bench.trafficOpen", "1100"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("bench.trafficOpen=1,100 is more stores than " + engine + " holds open in"
                            + " one process under default: at most 1,000 (")
                    .hasMessageContaining("PTHREAD_KEYS_MAX")
                    .hasMessageEndingWith("give bench.trafficOpen=1,000 or fewer, or leave " + engine + " out of"
                            + " bench.engines");
        }
        assertThat(only("bench.engines", "lmdb", "bench.phases", "traffic", "bench.trafficOpen", "1000")
                .option(storebench.phase.TrafficPhase.OPEN)).isEqualTo(1000);
        assertThat(only("bench.engines", "sqlite", "bench.phases", "traffic", "bench.trafficOpen", "1100")
                .option(storebench.phase.TrafficPhase.OPEN)).as("no limit known").isEqualTo(1100);
        assertThat(only("bench.engines", "lmdb", "bench.phases", "reference", "bench.trafficOpen", "1100").engines)
                .as("a run without the traffic phase does not use it").hasSize(1);
    }

    @Test
    void aTrafficPerKindTheScheduleCapCannotHoldIsRefusedNamingTheCapAndTheMostItHolds() {
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.phases", "traffic", "bench.trafficPerKind",
                "2147483647")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bench.trafficPerKind=2,147,483,647 asks more than a traffic run serves: each run's schedule"
                        + " is capped at 2,000,000 requests, of which the rarer kind is 5% at bench.trafficMix=0.95;"
                        + " give bench.trafficPerKind=83,333 or fewer");
        assertThat(only("bench.engines", "sqlite", "bench.phases", "traffic", "bench.trafficPerKind", "83333")
                .option(storebench.phase.TrafficPhase.PER_KIND)).isEqualTo(83_333);
        // a mix of one kind: every request counts
        assertThat(only("bench.engines", "sqlite", "bench.phases", "traffic", "bench.trafficMix", "1",
                "bench.trafficPerKind", "1000000").option(storebench.phase.TrafficPhase.PER_KIND)).isEqualTo(1_000_000);
    }

    @Test
    void lmdbUnderTunedTakesNoThreadKeyPerStoreSoATrafficCacheBeyondAThousandIsAccepted() {
        assertThat(only("bench.engines", "lmdb", "bench.settings", "tuned", "bench.phases", "traffic",
                "bench.trafficOpen", "1100").option(storebench.phase.TrafficPhase.OPEN)).isEqualTo(1100);
        // with defaults beside it, the default setting's limit still holds, and the message says which
        assertThatThrownBy(() -> only("bench.engines", "lmdb", "bench.settings", "default,tuned", "bench.phases",
                "traffic", "bench.trafficOpen", "1100")).hasMessageContaining("under default")
                .hasMessageEndingWith("(or measure only the settings without the limit)");
        // ObjectBox has no such option: its limit holds under tuned too
        assertThatThrownBy(() -> only("bench.engines", "objectbox", "bench.settings", "tuned", "bench.phases",
                "traffic", "bench.trafficOpen", "1100")).hasMessageContaining("under tuned");
    }

    @Test
    void threadsAreWorkerCountsWithStatisticsInAscendingOrder() {
        assertThat(with("bench.threads", "4, 1,8,4").option(ConcurrencyPhase.WORKERS)).containsExactly(1, 4, 8);
        for (String bad : new String[]{"3", "two", "1,16", ""}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> with("bench.threads", bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bench.threads");
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> with("bench.threads", "1,3"))
                .hasMessageContaining("'3' is not one of [1, 2, 4, 8]");
    }

    @Test
    void theWarmUpSettlesByDefaultAndIsFixedOnlyWhenAsked() {
        assertThat(options().warmup).isEqualTo(storebench.phase.WarmUp.Rule.STEADY);
        assertThat(with("bench.warmup", " Fixed").warmup).isEqualTo(storebench.phase.WarmUp.Rule.FIXED);
        assertThatThrownBy(() -> with("bench.warmup", "jmh"))
                .hasMessage("bench.warmup='jmh' is not valid: give steady (each warm-up stops once its figures settle,"
                        + " at most bench.warmupOpens visits) or fixed (always whole passes of at least"
                        + " bench.warmupOpens visits)");
    }

    @Test
    void theTrialHeapIsTheDefaultUnlessGivenAndNeverTooSmallForAnEngine() {
        assertThat(options().trialHeapMb).isEqualTo(TrialCommands.HEAP_MB);
        assertThat(with("bench.trialHeapMb", "64").trialHeapMb).isEqualTo(64);
        assertThatThrownBy(() -> with("bench.trialHeapMb", "16")).hasMessageContaining("bench.trialHeapMb=16 is too"
                + " small").hasMessageContaining("give 32 or more MiB");
        assertThatThrownBy(() -> with("bench.trialHeapMb", "lots")).hasMessageContaining("bench.trialHeapMb");
    }

    @Test
    void holdDefaultsToTheStoresWhenFewerThanAThousand() {
        assertThat(with("bench.stores", "200").hold).isEqualTo(200);
    }

    @Test
    void holdDefaultsToAThousandWhenMoreStores() {
        assertThat(with("bench.stores", "10000").hold).isEqualTo(1000);
    }

    @Test
    void enginesComeInColumnOrderWhateverTheListedOrderAndWithoutDuplicates() {
        assertThat(with("bench.engines", " sqlite-node,sqlite , objectbox-cached,sqlite").engines)
                .containsExactly(ObjectBoxEngine.CACHED_MODEL, SqliteEngine.DESCRIPTOR, NodeEngines.SQLITE_NODE);
    }

    @Test
    void rejectsUnknownEngineIdAndListsValidOnesAndTheGroups() {
        assertThatThrownBy(() -> with("bench.engines", "sqlite,leveldb"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.engines")
                .hasMessageContaining("'leveldb'")
                .hasMessageContaining("objectbox, objectbox-cached, objectbox-nosync, sqlite, turso, libsql, sqlite-node")
                .hasMessageContaining("groups: reference (objectbox, objectbox-cached, objectbox-nosync, sqlite, turso,"
                        + " libsql, sqlite-node), beyond (h2, rocksdb, lmdb, xodus, duckdb), all (every engine)");
    }

    @Test
    void groupsWorkWhereverAListDoesMixedWithIdsEachEngineOnceInColumnOrder() {
        assertThat(with("bench.engines", "lmdb, reference").engines).extracting(EngineDescriptor::id).containsExactly(
                "objectbox", "objectbox-cached", "objectbox-nosync", "sqlite", "turso", "libsql", "sqlite-node", "lmdb");
        assertThat(with("bench.engines", "beyond").engines).extracting(EngineDescriptor::id)
                .containsExactly("h2", "rocksdb", "lmdb", "xodus", "duckdb");
        assertThat(with("bench.engines", "sqlite,all,beyond,reference").engines).isEqualTo(Engines.ALL);
        assertThat(options().enginesAsked).as("the list as given, for the run line").isEqualTo("sqlite,all,beyond,reference");
    }

    @Test
    void selectedPhaseTestsAreTheDefaultPhases() {
        assertThat(picked(List.of(Phases.CREATE, Phases.OPEN_RUNS)).phases).containsExactly(Phases.CREATE,
                Phases.OPEN_RUNS);
        assertThat(picked(List.of(Phases.TRAFFIC)).phasesAsked).as("the run line's: every phase, of those selected")
                .isEqualTo("all");
        assertThat(options().phases).as("no selection said: the reference's").isEqualTo(Phases.GROUPS.get("reference"));
    }

    @Test
    void benchPhasesTakesIdsAndGroupsAndNarrowsTheSelectedTests() {
        assertThat(only("bench.phases", "all").phases).isSameAs(storebench.phase.Phases.ALL);
        assertThat(only("bench.phases", "cold, reference,openRuns").phases).extracting(storebench.phase.Phase::id)
                .as("each once, in the order a trial measures them").containsExactly("create", "disk", "openruns",
                        "memory", "cold");
        assertThat(only("bench.phases", "beyond").phases).extracting(storebench.phase.Phase::id)
                .containsExactly("read", "concurrency", "cold", "traffic", "capacity");
        props.put("bench.phases", "reference");
        assertThat(picked(List.of(Phases.MEMORY, Phases.READ)).phases).containsExactly(Phases.MEMORY);
        assertThatThrownBy(() -> only("bench.phases", "reads")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bench.phases: unknown phase id or group 'reads'; valid phase ids: create, disk, openruns,"
                        + " memory, read, concurrency, cold, traffic, capacity; groups: reference (create, disk,"
                        + " openruns, memory), beyond (read, concurrency, cold, traffic, capacity), all (every phase)");
        assertThatThrownBy(() -> picked(List.of(Phases.TRAFFIC))).hasMessageContaining("bench.phases=reference and"
                + " the phase tests selected (traffic) have no phase in common");
        assertThatThrownBy(() -> only("bench.phases", " , ")).hasMessageStartingWith("bench.phases is empty");
    }

    @Test
    void planOnlyIsAnOptionLikeTheOthers() {
        assertThat(with("bench.plan", "true").planOnly).isTrue();
        assertThatThrownBy(() -> with("bench.plan", "maybe")).hasMessageContaining("bench.plan='maybe'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " , "})
    void rejectsEmptyEngineListNamingTheValidIdsAndGroups(String value) {
        assertThatThrownBy(() -> with("bench.engines", value)).hasMessage("bench.engines is empty: give a"
                + " comma-separated list; valid engine ids: objectbox, objectbox-cached, objectbox-nosync, sqlite, turso,"
                + " libsql, sqlite-node, h2, rocksdb, lmdb, xodus, duckdb; groups: reference (objectbox,"
                + " objectbox-cached, objectbox-nosync, sqlite, turso, libsql, sqlite-node), beyond (h2, rocksdb, lmdb,"
                + " xodus, duckdb), all (every engine)");
        props.remove("bench.engines");
        assertThatThrownBy(() -> with("bench.settings", "")).hasMessage("bench.settings is empty: give a"
                + " comma-separated list; valid settings: " + String.join(", ", Setting.ids()) + ", " + Setting.ALL);
    }

    @Test
    void engineGroupsChooseTheReferencesEnginesTheOthersOrAll() {
        assertThat(with("bench.engines", "reference").engines).isEqualTo(Engines.ALL.stream()
                .filter(EngineDescriptor::inReference).toList()).contains(SqliteEngine.DESCRIPTOR);
        assertThat(with("bench.engines", "beyond,sqlite").engines).first().isEqualTo(SqliteEngine.DESCRIPTOR);
        assertThat(with("bench.engines", "beyond,sqlite").engines).hasSize(Engines.ALL.size()
                - (int) Engines.ALL.stream().filter(EngineDescriptor::inReference).count() + 1);
        assertThat(with("bench.engines", "all").engines).isEqualTo(Engines.ALL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0s", "500ms", "25h", "99999999999999999999", "9999999999999999h"})
    void aTrialTimeoutOutsideOneSecondToADayIsRefusedWithTheRange(String value) {
        assertThatThrownBy(() -> with("bench.trialTimeout", value)).hasMessage("bench.trialTimeout='" + value + "' is"
                + " not valid: give a duration from 1s to 24h, such as 90s, 10m or 1h: how long one request to a trial"
                + " process may take before the process is taken to hang (the default is 60m)");
        assertThat(with("bench.trialTimeout", "1s").trialTimeout).isEqualTo(Duration.ofSeconds(1));
        assertThat(with("bench.trialTimeout", "24h").trialTimeout).isEqualTo(Duration.ofHours(24));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bench.stores", "bench.runs", "bench.capacityMax", "bench.jitVisits", "bench.resample"})
    void aWholeNumberPastItsRangeIsRefusedWithBothEnds(String option) {
        String least = option.equals("bench.jitVisits") ? "0" : "1";
        assertThatThrownBy(() -> with(option, "3000000000")).hasMessageStartingWith(option + "='3000000000' is not"
                + " valid: give a whole number from " + least + " to 2,147,483,647");
    }

    @Test
    void aDurationPastWhatTheRunCanWaitIsRefusedWithItsLimit() {
        assertThatThrownBy(() -> with("bench.maxLoadWait", "9999999999999999h")).hasMessage("bench.maxLoadWait="
                + "'9999999999999999h' is not valid: give a duration such as 90s, 10m or 1h (a plain number means"
                + " seconds), at most 2,562,047,788,015h");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "3", "5"})
    void aPrecisionTargetWithFewerThanSixRunsAtMostIsRefused(String maxRuns) {
        props.put("bench.precision", "5%");
        assertThatThrownBy(() -> with("bench.maxRuns", maxRuns)).hasMessageStartingWith("bench.maxRuns=" + maxRuns
                + " is too few for bench.precision=5%: the 95% interval of a median needs 6 runs or more (with "
                + maxRuns + ", the runs bound it with ")
                .hasMessageEndingWith("confidence); give bench.maxRuns from 6 up (the default is 12), or leave"
                        + " bench.precision off");
        assertThat(with("bench.maxRuns", "6").option(storebench.phase.Precision.MAX_RUNS)).isEqualTo(6);
        props.remove("bench.precision");
        assertThat(with("bench.maxRuns", maxRuns).option(storebench.phase.Precision.MAX_RUNS)).as("no target: unused")
                .isEqualTo(Integer.parseInt(maxRuns));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "abc", "", "1.5"})
    void rejectsStoresBelowOneOrNotANumberNamingTheOption(String value) {
        assertThatThrownBy(() -> with("bench.stores", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.stores='" + value + "'")
                .hasMessageContaining("from 1 to 2,147,483,647");
    }

    @Test
    void acceptsUnderscoresInNumbers() {
        assertThat(with("bench.stores", "10_000").stores).isEqualTo(10_000);
    }

    @Test
    void rejectsRunsBelowOne() {
        assertThatThrownBy(() -> with("bench.runs", "0")).hasMessageContaining("bench.runs='0'");
    }

    @Test
    void rejectsHoldLargerThanStoresNamingBothAndTheValidRange() {
        props.put("bench.stores", "50");
        assertThatThrownBy(() -> with("bench.hold", "51"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.hold=51")
                .hasMessageContaining("bench.stores=50")
                .hasMessageContaining("1..50");
    }

    @Test
    void acceptsHoldEqualToStores() {
        props.put("bench.stores", "50");
        assertThat(with("bench.hold", "50").hold).isEqualTo(50);
    }

    @Test
    void rejectsHoldZero() {
        assertThatThrownBy(() -> with("bench.hold", "0")).hasMessageContaining("bench.hold='0'");
    }

    @Test
    void customWorkloadTakesItsNotesAndCharactersFromTheirOptions() {
        BenchOptions o = only("bench.workload", "custom", "bench.notes", "50", "bench.noteChars", "2000");
        assertThat(o.workload).isEqualTo(Workload.custom(50, 2000));
        assertThat(o.workload.id()).isEqualTo("custom-50x2000");
        assertThat(o.workload.notesPerStore()).isEqualTo(50);
    }

    @Test
    void rejectsBadCustomValuesNamingTheOption() {
        assertThatThrownBy(() -> only("bench.workload", "custom", "bench.notes", "0", "bench.noteChars", "10"))
                .hasMessageStartingWith("bench.notes=0 is not valid").hasMessageContaining("from 1 to");
        assertThatThrownBy(() -> only("bench.workload", "custom", "bench.notes", "10", "bench.noteChars", "-1"))
                .hasMessageStartingWith("bench.noteChars=-1 is not valid");
        assertThatThrownBy(() -> only("bench.workload", "custom", "bench.notes", "abc", "bench.noteChars", "10"))
                .hasMessageStartingWith("bench.notes='abc' is not valid: give a whole number");
        assertThatThrownBy(() -> only("bench.workload", "custom", "bench.notes", "10"))
                .hasMessageContaining("bench.workload=custom needs bench.noteChars");
        assertThatThrownBy(() -> only("bench.workload", "small", "bench.notes", "10"))
                .hasMessageStartingWith("bench.notes is given but bench.workload is 'small'");
    }

    @Test
    void rejectsUnknownWorkloadAndListsValidOnes() {
        assertThatThrownBy(() -> with("bench.workload", "huge"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.workload")
                .hasMessageContaining("'huge'")
                .hasMessageContaining("large, small");
    }

    @Test
    void rejectsUnknownSettingAndListsValidOnes() {
        assertThatThrownBy(() -> with("bench.settings", "default,hugepages"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.settings")
                .hasMessageContaining("'hugepages'")
                .hasMessageContaining("default, mmap-threshold");
    }

    @Test
    void tunedIsASettingOfItsOwnInAllButNotInTheDefaultList() {
        assertThat(with("bench.settings", "default,tuned").settings).containsExactly(Setting.DEFAULT, Setting.TUNED);
        assertThat(only("bench.settings", "tuned").settings).containsExactly(Setting.TUNED);
        assertThat(only("bench.settings", "all").settings).containsExactly(Setting.values());
        assertThat(only("bench.settings", "tuned,all").settings).startsWith(Setting.TUNED).contains(Setting.DEFAULT,
                Setting.MMAP_THRESHOLD, Setting.DURABLE).doesNotHaveDuplicates();
        assertThat(only().settings).doesNotContain(Setting.TUNED, Setting.DURABLE);
        assertThat(Setting.TUNED.readOnlyVisits()).isTrue();
        assertThat(Setting.DEFAULT.readOnlyVisits()).isFalse();
        assertThat(Setting.TUNED.environment()).containsEntry(Setting.TUNABLES, null);
    }

    @Test
    void settingsKeepTheListedOrderWithoutDuplicates() {
        assertThat(with("bench.settings", "mmap-threshold, default,mmap-threshold").settings)
                .containsExactly(Setting.MMAP_THRESHOLD, Setting.DEFAULT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "10x", "ms", "1.5m", "m", "ten minutes"})
    void rejectsMalformedDurationsNamingTheOptionAndTheFormat(String value) {
        assertThatThrownBy(() -> with("bench.maxLoadWait", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.maxLoadWait='" + value + "'")
                .hasMessageContaining("90s, 10m or 1h");
    }

    @Test
    void rejectsMalformedTrialTimeout() {
        assertThatThrownBy(() -> with("bench.trialTimeout", "forever")).hasMessageContaining("bench.trialTimeout='forever'");
    }

    @Test
    void parsesDurationsInEveryUnit() {
        assertThat(with("bench.maxLoadWait", "90s").maxLoadWait).isEqualTo(Duration.ofSeconds(90));
        assertThat(with("bench.maxLoadWait", "2M").maxLoadWait).isEqualTo(Duration.ofMinutes(2));
        assertThat(with("bench.maxLoadWait", "1h").maxLoadWait).isEqualTo(Duration.ofHours(1));
        assertThat(with("bench.maxLoadWait", "1500ms").maxLoadWait).isEqualTo(Duration.ofMillis(1500));
        assertThat(with("bench.maxLoadWait", "45").maxLoadWait).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void environmentVariableIsUsedWhenThePropertyIsAbsent() {
        env.put("BENCH_STORES", "250");
        env.put("BENCH_WORKLOAD", "small");
        env.put("BENCH_MAX_LOAD", "1.5");
        env.put("BENCH_ROOT", "/tmp/somewhere-else");
        BenchOptions o = options();

        assertThat(o.stores).isEqualTo(250);
        assertThat(o.hold).isEqualTo(250);
        assertThat(o.workload).isEqualTo(Workload.SMALL);
        assertThat(o.maxLoad).hasValue(1.5);
        assertThat(o.root).isEqualTo(Path.of("/tmp/somewhere-else"));
    }

    @Test
    void propertyWinsOverEnvironmentVariable() {
        env.put("BENCH_STORES", "250");
        env.put("BENCH_WORKLOAD", "large");
        props.put("bench.workload", "small");
        BenchOptions o = with("bench.stores", "30");

        assertThat(o.stores).isEqualTo(30);
        assertThat(o.workload).isEqualTo(Workload.SMALL);
    }

    @Test
    void badEnvironmentValueNamesTheVariable() {
        env.put("BENCH_STORES", "0");
        assertThatThrownBy(this::options).hasMessageContaining("bench.stores (BENCH_STORES)='0'");
    }

    @Test
    void optionsWithoutEnvironmentVariableIgnoreLookalikes() {
        env.put("BENCH_RUNS", "9");
        env.put("BENCH_HOLD", "7");
        BenchOptions o = options();
        assertThat(o.runs).isEqualTo(3);
        assertThat(o.hold).isEqualTo(1000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "abc", "NaN", "Infinity"})
    void rejectsMaxLoadThatIsNotAPositiveNumber(String value) {
        assertThatThrownBy(() -> with("bench.maxLoad", value)).hasMessageContaining("bench.maxLoad='" + value + "'")
                .hasMessageContaining("a load average > 0");
    }

    @Test
    void relativePathsResolveAgainstTheProjectDirAbsoluteOnesStay() {
        props.put("bench.projectDir", "/work/project");
        props.put("bench.thresholds", "/etc/storebench/thresholds.yaml");
        BenchOptions o = with("bench.root", "data/../bench-data");

        assertThat(o.root).isEqualTo(Path.of("/work/project/bench-data"));
        assertThat(o.thresholds).isEqualTo(Path.of("/etc/storebench/thresholds.yaml"));
        assertThat(o.outputDir).isEqualTo(Path.of("/work/project/target/bench"));
    }

    @Test
    void keepAndReuseAcceptTrueFalseAndBareFlag() {
        assertThat(with("bench.keep", "TRUE").keep).isTrue();
        assertThat(with("bench.keep", "").keep).isTrue(); // -Dbench.keep
        assertThat(with("bench.reuse", "false").reuse).isFalse();
        assertThatThrownBy(() -> with("bench.reuse", "yes")).hasMessageContaining("bench.reuse='yes'");
    }
    @Test
    void slowdownIsOffByDefaultAndAcceptsAPositiveFraction() {
        assertThat(options().slowdown).isZero();
        assertThat(with("bench.slowdown", "0.3").slowdown).isEqualTo(0.3);
        assertThat(with("bench.slowdown", "0").slowdown).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"-0.3", "abc", "30%"})
    void rejectsSlowdownThatIsNotAPositiveFraction(String value) {
        assertThatThrownBy(() -> with("bench.slowdown", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.slowdown='" + value + "'")
                .hasMessageContaining("a fraction > 0");
    }

    @Test
    void phaseOptionsAreReadAtStartAndABadValueNamesTheOptionAndWhatIsValid() {
        assertThat(with("bench.capacityMax", "5_000").option(CapacityPhase.MAX)).isEqualTo(5000);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> with("bench.capacityMax", "0"))
                .hasMessage("bench.capacityMax='0' is not valid: give a whole number from 1 to 2,147,483,647");
        props.remove("bench.capacityMax");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> with("bench.capacityWorkload", "huge"))
                .hasMessageStartingWith("bench.capacityWorkload='huge' is not valid: unknown workload 'huge'")
                .hasMessageContaining("small");
        props.remove("bench.capacityWorkload");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> with("bench.concurrencyVisits", "many"))
                .hasMessageContaining("bench.concurrencyVisits='many'");
    }

    @Test
    void anOptionOfNoRegisteredPhaseIsRefused() {
        storebench.phase.PhaseOption<Integer> stray = storebench.phase.PhaseOption.positiveInt("bench.stray", 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> options().option(stray))
                .hasMessageContaining("bench.stray is no registered phase's option");
    }

    @Test
    void againstComparesOneEngineUnderOneSettingByDefault() {
        BenchOptions o = only("bench.engines", "sqlite", "bench.against", "3.50.3.0", "bench.phases", "openRuns");
        assertThat(o.against).hasValue(new Against("version", "3.50.3.0"));
        assertThat(o.settings).containsExactly(Setting.DEFAULT);
        assertThat(o.againstPairs.least()).isEqualTo(6);
        assertThat(only("bench.engines", "sqlite", "bench.against", "setting:tuned", "bench.phases", "openRuns").against)
                .hasValue(new Against("setting", "tuned"));
    }

    @Test
    void againstRefusesWhatItCannotCompare() {
        assertThatThrownBy(() -> only("bench.engines", "sqlite,lmdb", "bench.against", "3.50.3.0",
                "bench.phases", "openRuns")).hasMessageContaining("bench.against").hasMessageContaining("one engine");
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.against", "3.50.3.0", "bench.phases",
                "create")).hasMessageContaining("openRuns");
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.against", "setting:fast",
                "bench.phases", "openRuns")).hasMessageContaining("fast").hasMessageContaining("tuned");
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.against", "setting:tuned",
                "bench.settings", "default,tuned", "bench.phases", "openRuns")).hasMessageContaining("side A");
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.against", "3.50 .3", "bench.phases",
                "openRuns")).hasMessageContaining("neither a version");
        assertThatThrownBy(() -> only("bench.engines", "sqlite", "bench.againstSlowdown", "0.05"))
                .hasMessageContaining("bench.against");
        assertThatThrownBy(() -> only("bench.engines", "objectbox-nosync", "bench.against", "5.0.1",
                "bench.phases", "openRuns")).hasMessageContaining("no library");
    }

    @Test
    void aMisspeltOptionIsRefusedNamingItAndTheClosestOption() {
        BenchOptions o = with("bench.engine", "sqlite");

        assertThatThrownBy(() -> o.refuseUnknown(props.keySet(), env.keySet()))
                .hasMessageContaining("-Dbench.engine is not an option (did you mean bench.engines?)")
                .hasMessageContaining("docs/options.md");
    }

    @Test
    void everyDeclaredOptionThePhasesOwnAndWhatTheBuildSetsIsAccepted() {
        props.put("bench.stores", "20");
        props.put("bench.trafficSeconds", "2"); // a phase's option (PhaseOption), declared in its phase alone
        props.put("bench.classpath", "target/classes");
        props.put("bench.dependencyClasspath", "a.jar");
        props.put("user.dir", "/tmp"); // not the bench's
        env.put("BENCH_STORES", "20");
        env.put("PATH", "/usr/bin");

        options().refuseUnknown(props.keySet(), env.keySet());
    }

    @Test
    void anEnvironmentVariableNoOptionReadsIsRefusedNamingTheOptionItLooksLike() {
        env.put("BENCH_ENGINES", "sqlite");
        env.put("BENCH_STORE", "20");
        BenchOptions o = options();

        assertThatThrownBy(() -> o.refuseUnknown(props.keySet(), env.keySet()))
                .hasMessageContaining("BENCH_ENGINES is not an environment variable the bench reads (bench.engines"
                        + " has none: give -Dbench.engines=...)")
                .hasMessageContaining("BENCH_STORE is not an environment variable the bench reads (did you mean"
                        + " BENCH_STORES?)");
    }

    @Test
    void aNameFarFromEveryOptionIsRefusedWithoutAGuess() {
        BenchOptions o = with("bench.zzzzzzzz", "1");

        assertThatThrownBy(() -> o.refuseUnknown(props.keySet(), env.keySet()))
                .hasMessageContaining("-Dbench.zzzzzzzz is not an option.").hasMessageNotContaining("did you mean");
    }
}
