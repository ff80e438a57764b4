package storebench.run;

import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.phase.SteadyState;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's windows with a real engine and trial process: what a steady and a fixed warm-up make and record. */
@StartsProcesses
class WarmUpRunTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    /** Whole passes over 5 stores: the most a warm-up may make. */
    private static final int MOST = 2_500;

    @TempDir
    Path tmp;

    private List<JsonNode> warmups(String rule, int runs) throws Exception {
        Path out = tmp.resolve(rule);
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root-" + rule), Map.of("bench.warmupOpens",
                String.valueOf(MOST), "bench.warmup", rule, "bench.runs", String.valueOf(runs)));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
        }
        return RunResults.load(out).lines("phase", "sqlite", "default").stream()
                .filter(l -> PhaseLine.op(l).equals("warmup")).collect(Collectors.toList());
    }

    @Test
    void aSteadyWarmUpStopsWhereItSettledOrAtTheMostAndRecordsEveryWindow() throws Exception {
        List<JsonNode> lines = warmups("steady", 2);

        assertThat(lines).hasSize(2); // one per run, each in its fresh process
        for (JsonNode l : lines) {
            int visited = l.path("visited").asInt();
            assertThat(l.path("rule").asText()).isEqualTo("steady");
            assertThat(l.path("windows").size()).as("windows of 100").isEqualTo(visited / SteadyState.WINDOW);
            assertThat(l.path("compileMs").size()).as("the JIT's time per window").isEqualTo(l.path("windows").size());
            if (l.has("settledAt")) {
                assertThat(visited).as("a settled warm-up stops there").isEqualTo(l.path("settledAt").asInt())
                        .isBetween(SteadyState.minWindows() * SteadyState.WINDOW, MOST);
            } else {
                assertThat(visited).as("one that never settled makes the most").isEqualTo(MOST);
            }
        }
    }

    @Test
    void aSteadyWarmUpPastItsFloorsStopsAtItsSecondsSettledOrNot() throws Exception {
        Path out = tmp.resolve("seconds");
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root-seconds"), Map.of("bench.warmupOpens",
                String.valueOf(MOST), "bench.runs", "2", "bench.jitVisits", "0", "bench.warmupSeconds", "0.001"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
        }
        List<JsonNode> lines = RunResults.load(out).lines("phase", "sqlite", "default").stream()
                .filter(l -> PhaseLine.op(l).equals("warmup")).toList();

        int floor = SteadyState.minWindows() * SteadyState.WINDOW;
        // the seconds are up after the first window past the floor: it stops there, settled in that window or not (on a
        // loaded machine the rule may settle only there, not at its fewest windows)
        assertThat(lines).hasSize(2).allSatisfy(l -> {
            int visited = l.path("visited").asInt();
            assertThat(visited).as("settled at the rule's fewest windows, or one window past them: its seconds are up")
                    .isEqualTo(l.has("settledAt") ? l.path("settledAt").asInt() : floor + SteadyState.WINDOW)
                    .isBetween(floor, floor + SteadyState.WINDOW);
        });
    }

    @Test
    void aFixedWarmUpMakesTheMostAndStillSaysWhereTheSteadyRuleWouldHaveStopped() throws Exception {
        // one run: a fixed warm-up's count is the same in every process (the steady test has two)
        List<JsonNode> lines = warmups("fixed", 1);

        assertThat(lines).singleElement().satisfies(l -> {
            assertThat(l.path("rule").asText()).isEqualTo("fixed");
            assertThat(l.path("visited").asInt()).isEqualTo(MOST);
            assertThat(l.path("windows").size()).isEqualTo(MOST / SteadyState.WINDOW);
            if (l.has("settledAt")) {
                assertThat(l.path("settledAt").asInt()).isLessThanOrEqualTo(MOST);
            }
        });
    }

    @Test
    void aPoolLargerThanTheWarmUpAndTheSampleIsWarmedRoundItsFirstStoresAndReadOverASample() throws Exception {
        Path out = tmp.resolve("sample");
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root-sample"), Map.of("bench.stores", "5",
                "bench.warmupOpens", "3", "bench.sample", "4", "bench.runs", "2"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.READ);
        }
        List<JsonNode> lines = RunResults.load(out).lines("phase", "sqlite", "default");

        assertThat(lines).filteredOn(l -> PhaseLine.op(l).equals("readwarmup")).hasSize(2)
                .allSatisfy(l -> assertThat(l.path("visited").asInt()).as("round the first 3 of 5 stores").isEqualTo(3));
        assertThat(lines).filteredOn(l -> PhaseLine.op(l).equals("readrun")).hasSize(2).allSatisfy(l -> {
            assertThat(l.path("visited").asInt()).as("a sample of 4 of the 5 stores").isEqualTo(4);
            assertThat(l.path("sample").asInt()).isEqualTo(4);
            assertThat(l.path("sampleHalfWidth").asDouble()).isPositive();
        });
    }

    @Test
    void withShareRunRsProcessServesRunROfTheNextPhaseAndWithoutItEveryRunStartsFresh() throws Exception {
        for (String share : List.of("true", "false")) {
            Path out = tmp.resolve("share-" + share);
            BenchOptions o = SmallRuns.options(out, tmp.resolve("root-share-" + share), Map.of("bench.runs", "2",
                    "bench.share", share));
            try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
                Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
                trial.measure(Phases.OPEN_RUNS);
                trial.measure(Phases.READ);
            }
            List<JsonNode> lines = RunResults.load(out).lines("phase", "sqlite", "default");
            assertThat(lines).filteredOn(l -> PhaseLine.op(l).equals("warmup")).hasSize(2)
                    .allSatisfy(l -> assertThat(l.has("kept")).as("the open runs start fresh").isFalse())
                    .allSatisfy(l -> assertThat(l.path("visited").asInt()).as("bench.warmupOpens").isEqualTo(10));
            assertThat(lines).filteredOn(l -> l.has("jitFloor")).as("bench.jitVisits=0: no floor asked for").isEmpty();
            assertThat(lines).filteredOn(l -> PhaseLine.op(l).equals("readwarmup")).hasSize(2)
                    .allSatisfy(l -> assertThat(l.path("kept").asBoolean()).as("bench.share=" + share)
                            .isEqualTo(share.equals("true")));
        }
    }

    @Test
    void aJvmProcessMakesItsJitFloorOncePerQueryAndAKeptProcessDoesNotMakeItAgain() throws Exception {
        // (without a floor, bench.jitVisits=0, no line has one: the test above)
        Path out = tmp.resolve("jit");
        // the serial collector asked: the serving phases run the measuring JVM and take its kept processes
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root-jit"), Map.of("bench.runs", "2",
                "bench.jitVisits", "400", "bench.threads", "1", "bench.trafficGc", "serial"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.OPEN_RUNS);
            trial.measure(Phases.READ);
            trial.measure(Phases.CONCURRENCY);
        }
        List<JsonNode> lines = RunResults.load(out).lines("phase", "sqlite", "default");
        List<JsonNode> open = lines.stream().filter(l -> PhaseLine.op(l).equals("warmup")
                && !l.has("kept")).collect(Collectors.toList());
        List<JsonNode> read = lines.stream().filter(l -> PhaseLine.op(l).equals("readwarmup"))
                .collect(Collectors.toList());
        List<JsonNode> concurrency = lines.stream().filter(l -> PhaseLine.op(l).equals("warmup")
                && l.has("kept")).collect(Collectors.toList());
        assertThat(open).hasSize(2);
        assertThat(read).hasSize(2);
        assertThat(concurrency).as("the open runs' processes, kept").hasSize(2);
        for (JsonNode l : List.of(open.get(0), open.get(1), read.get(0), read.get(1))) {
            assertThat(l.path("jitFloor").asInt()).as("a fresh query in the process: %s", l).isEqualTo(400);
            assertThat(l.path("jitFloorCut").asBoolean()).isFalse();
            assertThat(l.path("visited").asInt()).isGreaterThanOrEqualTo(400);
        }
        assertThat(concurrency).allSatisfy(l -> {
            assertThat(l.has("jitFloor")).as("count was floored in this process by its open run").isFalse();
            assertThat(l.path("visited").asInt()).as("the warm-up's own most: 10").isEqualTo(10);
        });
    }

    @Test
    void aServingPhaseUnderG1WarmsItsOwnProcessesAndLeavesTheMeasuringOnesToTheNextMeasuringPhase() throws Exception {
        Path out = tmp.resolve("g1");
        BenchOptions o = SmallRuns.options(out, tmp.resolve("root-g1"), Map.of("bench.runs", "1", "bench.jitVisits", "0",
                "bench.threads", "1", "bench.trafficGc", "g1"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.OPEN_RUNS);
            trial.measure(Phases.CONCURRENCY);
            trial.measure(Phases.READ);
        }
        List<JsonNode> lines = RunResults.load(out).lines("phase", "sqlite", "default");
        assertThat(lines).filteredOn(l -> l.path("phase").asText().equals("concurrency") && PhaseLine.op(l)
                .equals("warmup")).as("a G1 process of its own, warmed").singleElement()
                .satisfies(l -> assertThat(l.has("kept")).isFalse());
        assertThat(lines).filteredOn(l -> PhaseLine.op(l).equals("readwarmup")).as("the open run's process, kept")
                .singleElement().satisfies(l -> assertThat(l.path("kept").asBoolean()).isTrue());
    }
}
