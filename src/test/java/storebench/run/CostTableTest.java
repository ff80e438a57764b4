package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The cost table of kept runs: each line's time goes to its trial's step, the newest trial's steps stand. */
class CostTableTest {
    @Test
    void theBuiltTableReadsBackAsItIsWritten() throws Exception {
        CostTable built = RunPlan.builtTable();
        JsonNode written = built.toJson("about");

        assertThat(CostTable.fromJson(written).toJson("about")).isEqualTo(written);
        assertThat(written.path("points").get(0).path("steps").get(0).fieldNames()).toIterable()
                .as("a step's parts are fields of its object, in the resource's order").containsExactly("phase", "op",
                        "wallS", "elapsedS", "lines", "visited", "floorVisits", "floored", "perRun", "units");
        assertThat(written.path("runs").get(0).fieldNames()).toIterable().containsExactly("run", "started", "stores",
                "runs", "hold", "warmupOpens", "wallS", "aroundS", "phaseOptions");
    }

    private static JsonNode line(String json) throws Exception {
        return ResultsFile.JSON.readTree(json);
    }

    /** A phase line of the first phase with a step of this op. */
    private static String phase(String engine, String op, double wallMs, String at, String extra) {
        return phase(engine, storebench.phase.Phases.ALL.stream().filter(p -> p.steps().stream().anyMatch(s -> s.op()
                .equals(op))).findFirst().orElseThrow().id(), op, wallMs, at, extra);
    }

    private static String phase(String engine, String phase, String op, double wallMs, String at, String extra) {
        return "{\"kind\":\"phase\",\"engine\":\"" + engine + "\",\"setting\":\"default\",\"phase\":\"" + phase
                + "\",\"op\":\"" + op + "\",\"wallMs\":" + wallMs + ",\"visited\":100" + extra + ",\"at\":\"" + at
                + "\"}";
    }

    @Test
    void eachLinesTimeGoesToTheStepItsTrialIsIn() throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        lines.add(line("{\"kind\":\"run\",\"format\":5,\"stores\":100,\"runs\":1,\"hold\":100,\"warmupOpens\":500,"
                + "\"started\":\"2026-12-01T00:00:00Z\",\"at\":\"2026-12-01T00:00:00Z\"}"));
        lines.add(line(phase("sqlite", "create", 1000, "2026-12-01T00:00:02Z", "")));
        lines.add(line("{\"kind\":\"pool\",\"engine\":\"sqlite\",\"setting\":\"default\",\"at\":\"2026-12-01T00:00:03Z\"}"));
        lines.add(line(phase("sqlite", "warmup", 1000, "2026-12-01T00:00:05Z", ",\"jitFloor\":100,\"run\":1")));
        lines.add(line(phase("sqlite", "openrun", 1000, "2026-12-01T00:00:06Z", ",\"run\":1")));
        lines.add(line(phase("sqlite", "readrun", 1000, "2026-12-01T00:00:07Z", ",\"run\":1")));
        lines.add(line(phase("sqlite", "concurrency", "warmup", 2000, "2026-12-01T00:00:10Z", ",\"run\":1")));
        lines.add(line("{\"kind\":\"end\",\"wallMs\":12000,\"at\":\"2026-12-01T00:00:11Z\"}"));
        CostTable table = CostTable.of(Map.of("100/x", lines), ignored -> { });

        CostTable.Point sqlite = table.points().get(0);
        assertThat(sqlite.step("create", "create").orElseThrow().seconds().elapsedS())
                .as("its line and the pool line after it").isEqualTo(3.0);
        CostTable.StepCost openWarmUp = sqlite.step("openruns", "warmup").orElseThrow();
        assertThat(openWarmUp.seconds().elapsedS()).isEqualTo(2.0);
        assertThat(openWarmUp.work().floored()).as("it stopped at its JIT floor").isEqualTo(1);
        assertThat(sqlite.step("concurrency", "warmup").orElseThrow().seconds().wallS()).isEqualTo(2.0);
        assertThat(table.run("100/x").seconds().aroundS()).as("after the last line, and before the run line")
                .isEqualTo(2.0);
    }

    @Test
    void aRunKeptOfSomePhasesLeavesTheOthersStepsToTheRunsBeforeIt() throws Exception {
        List<JsonNode> every = new ArrayList<>();
        every.add(line("{\"kind\":\"run\",\"format\":5,\"stores\":100,\"runs\":1,\"hold\":100,\"warmupOpens\":500,"
                + "\"started\":\"2026-12-01T00:00:00Z\",\"at\":\"2026-12-01T00:00:00Z\"}"));
        every.add(line(phase("sqlite", "create", 1000, "2026-12-01T00:00:02Z", "")));
        every.add(line(phase("sqlite", "openrun", 1000, "2026-12-01T00:00:04Z", ",\"run\":1")));
        every.add(line(phase("sqlite", "readrun", 1000, "2026-12-01T00:00:06Z", ",\"run\":1")));
        every.add(line("{\"kind\":\"end\",\"wallMs\":7000,\"at\":\"2026-12-01T00:00:07Z\"}"));
        List<JsonNode> some = new ArrayList<>();
        some.add(line("{\"kind\":\"run\",\"format\":5,\"stores\":100,\"runs\":1,\"hold\":100,\"warmupOpens\":500,"
                + "\"started\":\"2026-12-02T00:00:00Z\",\"at\":\"2026-12-02T00:00:00Z\"}"));
        some.add(line(phase("sqlite", "create", 3000, "2026-12-02T00:00:03Z", "")));
        some.add(line(phase("sqlite", "openrun", 3000, "2026-12-02T00:00:06Z", ",\"run\":1")));
        some.add(line("{\"kind\":\"end\",\"wallMs\":7000,\"at\":\"2026-12-02T00:00:07Z\"}"));
        // names sorted put the newer run first: the newest is by its start, not its folder
        CostTable table = CostTable.of(Map.of("100/b-every", every, "100/a-some", some), ignored -> { });

        assertThat(table.points()).extracting(CostTable.Point::run).containsExactly("100/a-some", "100/b-every");
        CostTable.Point newer = table.points().get(0);
        CostTable.Point older = table.points().get(1);
        assertThat(newer.step("create", "create").orElseThrow().seconds().wallS()).isEqualTo(3.0);
        assertThat(newer.step("openruns", "openrun").orElseThrow().seconds().wallS()).isEqualTo(3.0);
        assertThat(newer.step("read", "readrun")).isEmpty();
        assertThat(older.steps()).as("only the phase the newer run did not measure")
                .extracting(CostTable.StepCost::op).containsExactly("readrun");
    }

    @Test
    void aKilledRunIsSkippedByNameThoughNewestAndADamagedTimeIsRefusedWithItsLine() throws Exception {
        List<JsonNode> ended = new ArrayList<>();
        ended.add(line("{\"kind\":\"run\",\"format\":5,\"stores\":100,\"runs\":2,\"hold\":100,\"warmupOpens\":500,"
                + "\"started\":\"2026-12-01T00:00:00Z\",\"at\":\"2026-12-01T00:00:00Z\"}"));
        ended.add(line(phase("sqlite", "openrun", 1000, "2026-12-01T00:00:02Z", ",\"run\":1")));
        ended.add(line(phase("sqlite", "openrun", 1000, "2026-12-01T00:00:03Z", ",\"run\":2")));
        ended.add(line("{\"kind\":\"end\",\"wallMs\":4000,\"at\":\"2026-12-01T00:00:04Z\"}"));
        List<JsonNode> killed = new ArrayList<>(); // kill -9 in its second open run: one of two runs recorded
        killed.add(line("{\"kind\":\"run\",\"format\":5,\"stores\":100,\"runs\":2,\"hold\":100,\"warmupOpens\":500,"
                + "\"started\":\"2026-12-03T00:00:00Z\",\"at\":\"2026-12-03T00:00:00Z\"}"));
        killed.add(line(phase("sqlite", "openrun", 1000, "2026-12-03T00:00:02Z", ",\"run\":1")));
        List<String> skipped = new ArrayList<>();

        CostTable table = CostTable.of(Map.of("100/ended", ended, "100/killed", killed), skipped::add);

        assertThat(skipped).containsExactly("100/killed: it did not finish (its results.jsonl has no end line: it was"
                + " killed, or is still running)");
        assertThat(table.points()).extracting(CostTable.Point::run).containsExactly("100/ended");

        List<JsonNode> damaged = new ArrayList<>(ended);
        damaged.set(2, line(phase("sqlite", "openrun", 1000, "yesterday", ",\"run\":2")));
        assertThatThrownBy(() -> CostTable.of(Map.of("100/damaged", damaged), ignored -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("100/damaged/results.jsonl: line 3: at 'yesterday' is not a time: give an ISO-8601 instant"
                        + " in UTC, such as 2026-12-04T23:15:00.123Z");
    }
}
