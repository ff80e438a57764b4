package storebench.run;

import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.NodeEngines;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.ConcurrencyPhase;
import storebench.phase.Measured;
import storebench.phase.Phases;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The concurrency phase end to end with real trial processes: SQLite's workers as threads of one JVM, SQLite
 * (Node.js)'s as worker processes; every worker count's statistics recorded with their runs.
 */
@StartsProcesses
class ConcurrencyRunTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    @Test
    void threadsInOneJvmAndProcessesInNodeBothYieldEveryWorkerCountsFigures() throws Exception {
        BenchOptions o = SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), Map.of("bench.engines",
                "sqlite,sqlite-node", "bench.stores", "8", "bench.runs", "2", "bench.warmupOpens", "16",
                "bench.threads", "1,2", "bench.concurrencyVisits", "40"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            Trial jvm = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            check(jvm.measure(Phases.CONCURRENCY));
            Trial node = bench.trial(NodeEngines.SQLITE_NODE, Setting.DEFAULT);
            java.util.Optional<String> why = node.skipIfUnavailable();
            assumeTrue(why.isEmpty(), () -> "Node engines not runnable here: " + why.orElse(""));
            check(node.measure(Phases.CONCURRENCY));
        }
        RunResults results = RunResults.load(tmp.resolve("out"));
        for (String engine : new String[]{"sqlite", "sqlite-node"}) {
            assertThat(results.measurement(engine, "default", "conc_oqc_per_s_t2")).as(engine).isPresent();
            assertThat(results.measurement(engine, "default", "conc_oqc_per_s_t4")).as(engine).isEmpty();
        }
        // a JVM run's phase line: the visits of all its workers, 40 visits in whole passes over 8 stores
        assertThat(results.lines("phase", "sqlite", "default")).filteredOn(l -> PhaseLine.op(l)
                .equals("concurrent")).hasSize(4).allSatisfy(l -> assertThat(l.path("visited").asInt()).isEqualTo(40));
        // one warmed process per JVM run serves both its T: two warm-ups, not four
        assertThat(results.lines("phase", "sqlite", "default")).filteredOn(l -> PhaseLine.op(l)
                .equals("warmup")).hasSize(2);
        // the warm-up's op is the open runs' too: its lines name their phase apart from their op
        assertThat(results.lines("phase", "sqlite", "default")).filteredOn(l -> PhaseLine.op(l).equals("warmup"))
                .allSatisfy(l -> assertThat(PhaseLine.phase(l)).contains(Phases.CONCURRENCY.id()));
        assertThat(results.run().path("format").asInt()).isEqualTo(ResultsFile.FORMAT);
        // the run line keeps the phases' options as given, for the report's command that repeats the run
        assertThat(results.run().path("phaseOptions").path("bench.threads").asText()).isEqualTo("1,2");
        assertThat(results.run().path("phaseOptions").path("bench.capacityMax").asText()).isEqualTo("20");
        // two worker processes per Node run: their phase lines say so
        assertThat(results.lines("phase", "sqlite-node", "default")).anyMatch(l -> l.path("processes").asInt() == 2);
    }

    @Test
    void aJvmEnginesWorkersRunAsProcessesWhereTheOptionSaysSo() throws Exception {
        // one run of T=2 alone: the mode, not the counts and runs, which the test above covers
        BenchOptions o = SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), Map.of("bench.engines", "sqlite",
                "bench.stores", "8", "bench.runs", "1", "bench.warmupOpens", "16", "bench.threads", "2",
                "bench.concurrencyVisits", "40", "bench.concurrency", "processes"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            Measured m = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CONCURRENCY);
            assertThat(m.runs(ConcurrencyPhase.perSecond(2))).singleElement()
                    .satisfies(v -> assertThat(v).isPositive());
            assertThat(m.has(ConcurrencyPhase.perSecond(1))).isFalse();
        }
        RunResults results = RunResults.load(tmp.resolve("out"));
        // two trial processes for T=2, started together, as the Node worker's are
        assertThat(results.lines("phase", "sqlite", "default")).filteredOn(l -> PhaseLine.op(l).equals("concurrent"))
                .singleElement().satisfies(l -> assertThat(l.path("processes").asInt()).isEqualTo(2));
        assertThat(results.run().path("phaseOptions").path("bench.concurrency").asText()).isEqualTo("processes");
    }

    @Test
    void anUnknownConcurrencyModeIsRefusedWithTheValidOnes() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ConcurrencyPhase.MODE.read("fibers"))
                .hasMessageContaining("bench.concurrency='fibers' is not valid").hasMessageContaining("threads")
                .hasMessageContaining("processes");
    }

    private static void check(Measured m) {
        for (int t : new int[]{1, 2}) {
            assertThat(m.runs(ConcurrencyPhase.perSecond(t))).hasSize(2).allSatisfy(v -> assertThat(v).isPositive());
            assertThat(m.value(ConcurrencyPhase.p99(t))).isGreaterThanOrEqualTo(m.value(ConcurrencyPhase.median(t)));
        }
        assertThat(m.has(ConcurrencyPhase.perSecond(4))).isFalse();
    }
}
