package storebench.run;

import storebench.StartsProcesses;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static storebench.run.SuiteLaunch.classes;
import static storebench.run.SuiteLaunch.options;
import static storebench.run.SuiteLaunch.read;
import static storebench.run.SuiteLaunch.run;

/**
 * The gate's resampling (bench.resample) in the suite as users run it: the JUnit console launcher runs StoreLifeBench's
 * open runs of sqlite, whose class invocation ends before GateBench resamples. Against a baseline whose open runs
 * disagree by a factor of a hundred, every open-run verdict stays inconclusive, so the gate adds its K runs.
 */
@StartsProcesses
class ResampleSuiteTest {
    private static final String OPEN_RUNS = "storebench.StoreLifeBench#openRuns";

    @TempDir
    Path tmp;

    /** The options of a run of 10 sqlite stores, R = 2, against a baseline no change can be told apart from, K = 2. */
    private Map<String, String> resampling() throws IOException {
        Map<String, String> o = options(tmp.resolve("out"), tmp.resolve("root"), 10);
        o.put("bench.runs", "2");
        // a complete run of the same shape (small, N = 10, R = 2, M = 10) whose oqc_ms runs are 0.01, 1 and 100 ms
        Path baseline = Files.writeString(tmp.resolve("baseline.jsonl"), String.join("\n",
                "{\"kind\":\"run\",\"format\":5,\"stores\":10,\"workload\":\"small\",\"notesPerStore\":10,\"runs\":2,\"hold\":10,"
                        + "\"engines\":[\"sqlite\"],\"settings\":[\"default\"]}",
                "{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\",\"workload\":\"small\",\"stores\":10,"
                        + "\"stat\":\"oqc_ms\",\"value\":1.0,\"runs\":[0.01,1.0,100.0],\"spread\":99.99}",
                "{\"kind\":\"end\",\"wallMs\":1}", ""));
        Path thresholds = Files.writeString(tmp.resolve("t.yaml"), "baseline:\n  tolerance_percent:\n"
                + "    with_spread: 1\n    without_spread: 1000\n  ignore: [load1]\n");
        o.put("bench.baseline", baseline.toString());
        o.put("bench.thresholds", thresholds.toString());
        o.put("bench.resample", "2");
        return o;
    }

    private static List<String> selectors(String... classes) {
        List<String> s = new ArrayList<>(List.of("--select-method", OPEN_RUNS));
        s.addAll(classes(classes));
        return s;
    }

    @Test
    void theGateAddsOpenRunsAfterTheTrialEndedAndTheStoresGoOnceItHas() throws Exception {
        Path log = tmp.resolve("console.log");

        int exit = run(resampling(), selectors("storebench.GateBench"), log);

        String output = read(log);
        assertThat(exit).as("inconclusive verdicts do not fail the run; output:%n%s", output).isZero();
        assertThat(output).contains("[storebench] gate: resampling added open runs: {sqlite/default=2}");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.failures()).isEmpty();
        assertThat(results.lines("resample")).extracting(l -> l.path("runs").asInt()).containsExactly(3, 4);
        assertThat(results.measurement("sqlite", "default", "oqc_ms")).hasValueSatisfying(m ->
                assertThat(m.runs()).hasSize(4));
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("sqlite/default 2 more (4 runs in all)").doesNotContain("| failed |");
        assertThat(StorePool.existingStores(tmp.resolve("root/small/sqlite/default"))).as("deleted at the end")
                .isEmpty();
    }

    @Test
    void anExtraRunThatFailsFailsTheGateNamingItAndTheTrialsFiguresStand() throws Exception {
        Path log = tmp.resolve("console.log");

        int exit = run(resampling(), selectors(StoresVanish.class.getName(), "storebench.GateBench"), log);

        String output = read(log);
        assertThat(exit).as(output).isNotZero();
        assertThat(output).contains("the gate's resampling (bench.resample) failed for sqlite/default: open run 3"
                + " failed: sqlite/default: ").contains("its baseline verdicts are judged on the runs it had");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.lines("status")).as("no failed status line").isEmpty();
        assertThat(results.lines("resample")).singleElement().satisfies(l -> {
            assertThat(l.path("runs").asInt()).isEqualTo(2);
            assertThat(l.path("failed").asText()).startsWith("open run 3 failed: ");
        });
        assertThat(results.measurement("sqlite", "default", "oqc_ms")).hasValueSatisfying(m ->
                assertThat(m.runs()).hasSize(2));
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("| Open, query, close (median) |").doesNotContain("| failed |")
                .contains("The gate's extra open runs (-Dbench.resample) failed for sqlite/default (open run 3 failed: ");
    }

    /**
     * Runs between the phases and the gate (the classes' order puts it there): the stores kept for the gate vanish, as
     * if another process had deleted them, so that its extra open run fails for real.
     */
    @Order(Integer.MAX_VALUE - 1)
    static class StoresVanish {
        @Test
        void thePoolsStoresAreDeleted() throws IOException {
            Path pool = Path.of(System.getProperty("bench.root"), "small", "sqlite", "default");
            assertThat(StorePool.existingStores(pool)).as("kept for the gate").hasSize(10);
            StorePool.claim(Path.of(System.getProperty("bench.root"))).deleteStores(pool);
        }
    }
}
