package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.trial.Protocol;
import storebench.trial.answer.TrafficAnswer;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The traffic phase's definition: its options, its rows, what it says under a table. */
class TrafficPhaseTest {
    @Test
    void itsOptionsReadTheirDefaultsAndRefuseWhatCannotBeAShareOrADuration() {
        assertThat(TrafficPhase.OPEN.read(TrafficPhase.OPEN.fallback())).isEqualTo(100);
        assertThat(TrafficPhase.MIX.read(TrafficPhase.MIX.fallback())).isEqualTo(0.95);
        assertThat(TrafficPhase.MIX.read("0.5")).isEqualTo(0.5);
        assertThat(TrafficPhase.MIX.read("0")).isEqualTo(0.0);
        assertThat(TrafficPhase.LOAD.read(TrafficPhase.LOAD.fallback())).isEqualTo(0.7);
        assertThat(TrafficPhase.SECONDS.read(TrafficPhase.SECONDS.fallback())).isEqualTo(5.0);
        assertThatThrownBy(() -> TrafficPhase.MIX.read("95%")).hasMessage("bench.trafficMix='95%' is not valid: give a"
                + " fraction from 0 to 1 (0.95: 95%)");
        assertThatThrownBy(() -> TrafficPhase.LOAD.read("0")).hasMessageContaining("give a fraction above 0 to 1");
        assertThatThrownBy(() -> TrafficPhase.LOAD.read("1.5")).hasMessageContaining("bench.trafficLoad");
        assertThatThrownBy(() -> TrafficPhase.SECONDS.read("0")).hasMessageContaining("bench.trafficSeconds");
        assertThat(Phases.TRAFFIC.options()).contains(TrafficPhase.OPEN, TrafficPhase.MIX, TrafficPhase.LOAD,
                TrafficPhase.SECONDS);
    }

    @Test
    void aDurationThatIsNoNumberIsRefusedWithItsValidRangeNotTheParsersWords() {
        assertThatThrownBy(() -> TrafficPhase.SECONDS.read("abc")).hasMessage("bench.trafficSeconds='abc' is not"
                + " valid: give a number of seconds above 0, at most 3,600");
        assertThatThrownBy(() -> WarmUp.SECONDS.read("0")).hasMessage("bench.warmupSeconds='0' is not"
                + " valid: give a number of seconds above 0, at most 3,600");
    }

    @Test
    void itIsRegisteredBeforeCapacityWithTheIssuesRowsInOrder() {
        assertThat(Phases.ALL).containsSubsequence(Phases.COLD, Phases.TRAFFIC, Phases.CAPACITY);
        assertThat(Phases.ALL.get(Phases.ALL.size() - 1)).isSameAs(Phases.CAPACITY);
        assertThat(Phases.TRAFFIC.stats()).extracting(Stat::id).startsWith("traffic_reached_per_s",
                "traffic_asked_per_s", "traffic_hit_rate", "traffic_utilization", "traffic_hit_p50_ms",
                "traffic_hit_p99_ms", "traffic_hit_p999_ms", "traffic_hit_mean_ms", "traffic_miss_p50_ms")
                .containsSubsequence("traffic_all_p50_ms", "traffic_all_p99_ms", "traffic_all_p999_ms",
                        "traffic_all_mean_ms", "traffic_hit_service_p50_ms", "traffic_hit_service_p99_ms",
                        "traffic_hit_service_p999_ms", "traffic_hit_service_mean_ms")
                .containsSubsequence("traffic_all_service_mean_ms", "traffic_wake_p99_ms", "traffic_wake_max_ms",
                        "traffic_gc_ms", "traffic_jit_ms", "traffic_loop_delay_p99_ms", "traffic_minflt",
                        "traffic_write_kb")
                .doesNotHaveDuplicates();
        assertThat(Phases.TRAFFIC.stats()).allMatch(Stat::hasSpread);
        assertThat(Phases.TRAFFIC.stats()).filteredOn(st -> st.id().equals("traffic_minflt")).allMatch(Stat::counter);
        // a run without misses (N <= K), writes (a mix of 1) or reads (0), or too few for a p99.9, misses none of its
        // rows; every request's p50 and p99 are always there
        assertThat(List.of(TrafficPhase.MISS.latency().p99(), TrafficPhase.WRITE.latency().p99(),
                TrafficPhase.HIT.latency().p99(), TrafficPhase.ALL.latency().p999(), TrafficPhase.ALL.service().p999())).allMatch(Stat::optional);
        assertThat(List.of(TrafficPhase.ALL.latency().p50(), TrafficPhase.ALL_P99_MS, TrafficPhase.ALL.service().p99(),
                TrafficPhase.UTILIZATION)).noneMatch(Stat::optional);
        assertThat(Phases.TRAFFIC.steps()).extracting(Phase.Step::op).containsExactly("trafficwarmup",
                TrafficAnswer.OP);
    }

    @Test
    void underTheTableItSaysTheRequestsTheUtilizationAndWhatEachP999RestsOnOrThatItHasTooFew() throws Exception {
        List<JsonNode> lines = List.of(line(1, 12_000, 5.0), line(2, 9_800, 5.1), line(3, 15_000, 4.9),
                Protocol.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"lmdb\",\"setting\":\"default\","
                        + "\"op\":\"traffic\",\"visited\":0}"));
        RunResults results = new RunResults(storebench.phase.Described.lines(lines), null);

        assertThat(Phases.TRAFFIC.notes(results, "sqlite", "default")).containsExactly("traffic: 3 runs, 36,800"
                + " requests in 15.0 s of open loop (tenants drawn from `zipf`, 1,500 writes, 600 stores closed to open"
                + " others, 100 open at most); utilization reached 0.68-0.72 at a load of 0.70 asked; every store's"
                + " count checked after each run.", "traffic: the smallest run's p99.9 rests on its slowest reads of an"
                + " open store 17, reads that opened their store 12.", "traffic: p99.9 left out, too few requests:"
                + " writes (500 in the smallest run); it needs 3,000, the runs pooled (three beyond it;"
                + " bench.trafficPerKind sizes the loop).");
        assertThat(Phases.TRAFFIC.notes(results, "lmdb", "default")).as("a line without a run's figures").isEmpty();
    }

    @Test
    void aP999ThatRestsOnTheRunsPooledAndTheCollectorsPausesAreSaidUnderTheTable() throws Exception {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            lines.add(runLine("xodus", run, 40_000, 26_500, 3_500, 50, "\"collector\":\"G1 Young Generation, G1 Old"
                    + " Generation\",\"gc\":\"g1\",\"heapMaxMb\":456,"));
        }
        for (String[] st : new String[][]{{"traffic_write_p999_ms", "40"}, {"traffic_all_p99_ms", "58"},
                {"traffic_all_unpaused_p99_ms", "3.5"}, {"traffic_pause_max_ms", "656"}, {"traffic_pauses_per_s", "0.2"},
                {"traffic_paused_share", "0.02"}}) {
            lines.add(statLine("xodus", st[0], st[1]));
        }
        List<String> notes = Phases.TRAFFIC.notes(new RunResults(storebench.phase.Described.lines(lines), null), "xodus", "default");

        assertThat(notes).contains("traffic: a run served fewer than 10,000 of a kind, so its p99.9 is that of the runs"
                + " pooled (their histograms added; each run's own is its spread), resting on the slowest writes 10 of"
                + " 10,500.");
        assertThat(notes).contains("traffic: collector G1 Young Generation, G1 Old Generation (bench.trafficGc=g1), heap"
                + " limit 456 MiB: 0.2 pauses a second, the longest 656.0 ms; p99 of every request 58.0 ms, of the"
                + " 98.0% no pause touched 3.5 ms (medians of the runs; every pause is in results.jsonl's traffic"
                + " lines).");
        assertThat(notes).noneMatch(n -> n.contains("may be the runtime's"));
    }

    @Test
    void theSlowestRequestsServiceIsSaidBesideThePausesWhereTheRunsRecordedIt() throws Exception {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            lines.add(runLine("sqlite", run, 40_000, 38_000, 2_000, 50, "\"collector\":\"G1 Young Generation, G1 Old"
                    + " Generation\",\"gc\":\"g1\",\"heapMaxMb\":258,"));
        }
        for (String[] st : new String[][]{{"traffic_all_p99_ms", "53.7"}, {"traffic_all_unpaused_p99_ms", "53.7"},
                {"traffic_pause_max_ms", "0"}, {"traffic_pauses_per_s", "0"}, {"traffic_paused_share", "0"},
                {"traffic_all_service_max_ms", "71.6"}, {"traffic_hit_clear_p99_ms", "0.9"}}) {
            lines.add(statLine("sqlite", st[0], st[1]));
        }
        List<String> notes = Phases.TRAFFIC.notes(new RunResults(storebench.phase.Described.lines(lines), null),
                "sqlite", "default");

        assertThat(notes).as("no pause, yet a p99 far above the service percentiles: the slowest request explains it")
                .contains("traffic: collector G1 Young Generation, G1 Old Generation (bench.trafficGc=g1), heap limit"
                + " 258 MiB: 0.0 pauses a second, the longest 0.0 ms; p99 of every request 53.7 ms, of the 100.0% no"
                + " pause touched 53.7 ms; the slowest request's service took 71.6 ms, and the requests due meanwhile"
                + " waited for it; reads of an open store no write held back, p99 0.9 ms (medians of the runs; every"
                + " pause is in results.jsonl's traffic lines).");
    }

    @Test
    void aP999OnFewerThanTenRequestsIsShownAndSaidToBeRough() throws Exception {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            lines.add(runLine("sqlite", run, 11_000, 8_000, 1_000, 5, ""));
        }
        lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"traffic_write_p999_ms\",\"value\":9,\"runs\":[8,9,10]}"));
        lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"traffic_miss_p999_ms\",\"value\":7,\"runs\":[6,7,8]}"));

        List<String> notes = Phases.TRAFFIC.notes(new RunResults(storebench.phase.Described.lines(lines), null), "sqlite", "default");

        assertThat(notes).contains("traffic: the runs pooled served fewer than 10,000 of a kind, so its p99.9 rests on"
                + " fewer than ten requests, a rough figure: the slowest writes 3 of 3,000 (bench.trafficPerKind sizes"
                + " the loop).");
        assertThat(notes).noneMatch(n -> n.contains("left out"));
        assertThat(3L * Integer.parseInt(TrafficPhase.PER_KIND.fallback())).as("the default floor's R = 3 runs pool"
                + " too few writes for a p99.9: it is left out, its row saying why").isLessThan(TrafficPhase.P999_SHOWN);
    }

    /** A traffic run's phase line: its requests by kind, its seconds, and {@code more} fields (each ending in a comma). */
    /** A stat line of the default setting whose three runs all read {@code value}. */
    private static JsonNode statLine(String engine, String stat, String value) throws Exception {
        return Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"" + engine + "\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"" + stat + "\",\"value\":" + value + ",\"runs\":[" + value + ","
                + value + "," + value + "]}");
    }

    private static JsonNode runLine(String engine, int run, int hits, int misses, int writes, int seconds, String more)
            throws Exception {
        return Protocol.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"" + engine + "\",\"setting\":\"default\","
                + "\"op\":\"traffic\",\"run\":" + run + ",\"visited\":0,\"requests\":" + (hits + misses + writes)
                + ",\"reachedPerS\":1,\"seconds\":" + seconds + ",\"writes\":" + writes + ",\"evictions\":200,"
                + "\"open\":100,\"load\":0.7,\"utilization\":0.7," + more + "\"kinds\":{\"hit\":" + hits
                + ",\"miss\":" + misses + ",\"write\":" + writes + "}}");
    }

    @Test
    void itsChartIsEachEnginesLatencyByPercentileFromItsStatistics() throws Exception {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (String[] s : new String[][]{{"traffic_all_p50_ms", "0.2"}, {"traffic_all_p99_ms", "4"},
                {"traffic_all_p999_ms", "30"}}) {
            lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"lmdb\",\"setting\":\"default\","
                    + "\"workload\":\"large\",\"stat\":\"" + s[0] + "\",\"value\":" + s[1] + ",\"runs\":[" + s[1] + "]}"));
        }
        // an engine with only some of them has no line
        lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"traffic_all_p50_ms\",\"value\":1,\"runs\":[1]}"));
        RunResults results = new RunResults(storebench.phase.Described.lines(lines), null);

        List<storebench.results.Curve> curves = Phases.TRAFFIC.curves(results, List.of("sqlite", "lmdb"), "default");

        assertThat(curves).as("latency; no service-time curve without its figures").hasSize(1);
        assertThat(curves.get(0).series()).containsOnlyKeys("lmdb");
        List<double[]> points = curves.get(0).series().get("lmdb");
        assertThat(points).extracting(p -> p[1]).containsExactly(0.2, 4.0, 30.0);
        assertThat(points.get(1)[0]).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(points.get(2)[0]).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Phases.TRAFFIC.curves(results, List.of("sqlite"), "default")).isEmpty();
    }

    private static JsonNode line(int run, long requests, double seconds) throws Exception {
        return Protocol.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\",\"setting\":\"default\",\"op\":"
                + "\"traffic\",\"run\":" + run + ",\"visited\":0,\"requests\":" + requests + ",\"reachedPerS\":1,\"seconds\":"
                + seconds + ",\"writes\":500,\"evictions\":200,\"open\":100,\"load\":0.7,\"dist\":\"zipf\","
                + "\"utilization\":" + (0.66 + 0.02 * run) + ",\"kinds\":{\"hit\":" + (requests + 8_000) + ",\"miss\":"
                + (12_000 + run * 100) + ",\"write\":500}}");
    }

    @Test
    void theClosedStepLastsASecondOrTheOpenLoopsTimeWhereThatIsShorter() {
        assertThat(TrafficPhase.closedMs(5)).isEqualTo(1_000);
        assertThat(TrafficPhase.closedMs(1)).isEqualTo(1_000);
        assertThat(TrafficPhase.closedMs(0.2)).isEqualTo(200);
        assertThat(TrafficPhase.closedMs(0.0001)).as("at least 1 ms").isEqualTo(1);
    }

    @Test
    void thePlanTakesALoopAsLongAsItsKeptRunsReadsAndWritesTookScaledByItsOwnFloorOrItsSecondsIfLonger() {
        PhaseOptions keptDefaults = options(java.util.Map.of("bench.trafficPerKind", "10000"));
        // three kept runs whose loops served their 10,000 writes in 36 s each, well past their 5 s
        Phase.KeptStep floorBound = new Phase.KeptStep(3, 3 * (1 + 36.0), keptDefaults);
        assertThat(plan(floorBound, java.util.Map.of("bench.trafficPerKind", "10000"))).isCloseTo(3 * 37.0,
                offset(1e-9));
        assertThat(plan(floorBound, java.util.Map.of())).as("the default floor, 1,000: 0.1 of the loop")
                .isCloseTo(3 * (1 + Math.max(5, 36.0 * 0.1)), offset(1e-9));
        assertThat(plan(floorBound, java.util.Map.of("bench.trafficPerKind", "20000")))
                .isCloseTo(3 * (1 + 72.0), offset(1e-9));
        assertThat(plan(floorBound, java.util.Map.of("bench.trafficMix", "0.5")))
                .as("10,000 writes in a tenth of the requests: 3.6 s, under its 5 s").isCloseTo(3 * 6.0, offset(1e-6));
        assertThat(plan(floorBound, java.util.Map.of("bench.trafficSeconds", "3600")))
                .isCloseTo(3 * 3601.0, offset(1e-9));
        assertThat(plan(floorBound, java.util.Map.of("bench.trafficPerKind", "0")))
                .isCloseTo(3 * 6.0, offset(1e-9));
        // kept loops their seconds bounded: the floor tells nothing, the seconds scale
        Phase.KeptStep secondsBound = new Phase.KeptStep(3, 3 * 6.0, keptDefaults);
        assertThat(plan(secondsBound, java.util.Map.of("bench.trafficSeconds", "10")))
                .isCloseTo(3 * 11.0, offset(1e-9));
        // a kept run that did not say its units: the options alone
        Phase.KeptStep unsaid = new Phase.KeptStep(3, 0, keptDefaults);
        assertThat(plan(unsaid, java.util.Map.of())).isCloseTo(3 * 6.0, offset(1e-9));
    }

    private static double plan(Phase.KeptStep kept, java.util.Map<String, String> now) {
        return Phases.TRAFFIC.plannedUnits(TrafficAnswer.OP, 1_000, 3, 1_000, options(now), kept);
    }

    /** Phase options as given, each other option its fallback. */
    private static PhaseOptions options(java.util.Map<String, String> given) {
        return new PhaseOptions() {
            @Override
            public <T> T option(PhaseOption<T> option) {
                return option.read(given.getOrDefault(option.name(), option.fallback()));
            }
        };
    }

    @Test
    void aNoteSaysTheTailMayBeTheRuntimesWhereItsCollectionsPausedTheLoopLongerThanItsP99() throws Exception {
        List<JsonNode> lines = new java.util.ArrayList<>(List.of(line(1, 200_000, 98.0)));
        for (String engine : List.of("objectbox", "sqlite")) {
            double gc = engine.equals("objectbox") ? 3_437 : 9;
            lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"" + engine + "\",\"setting\":"
                    + "\"default\",\"workload\":\"large\",\"stat\":\"traffic_gc_ms\",\"value\":" + gc + ",\"runs\":["
                    + gc + "]}"));
            lines.add(Protocol.JSON.readTree("{\"kind\":\"stat\",\"engine\":\"" + engine + "\",\"setting\":"
                    + "\"default\",\"workload\":\"large\",\"stat\":\"traffic_all_p99_ms\",\"value\":10.3,"
                    + "\"runs\":[10.3]}"));
        }
        lines.add(Protocol.JSON.readTree(line(1, 200_000, 98.0).toString().replace("\"sqlite\"", "\"objectbox\"")));
        RunResults results = new RunResults(storebench.phase.Described.lines(lines), null);

        assertThat(Phases.TRAFFIC.notes(results, "objectbox", "default")).anyMatch(n -> n.contains("paused the open"
                + " loop 3,437 ms in all") && n.contains("(10.3 ms)"));
        assertThat(Phases.TRAFFIC.notes(results, "sqlite", "default")).noneMatch(n -> n.contains("garbage"));
    }
}
