package storebench.run;

import java.util.Optional;
import storebench.StartsProcesses;
import storebench.phase.Phase;
import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.run.BenchOptions;
import storebench.results.ResultsFile;
import storebench.model.Setting;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite is stopped with SIGTERM (Ctrl-C is the same path) in the middle of a phase: results.jsonl keeps whole lines
 * and says the run was interrupted, no trial process outlives the suite, and the stores go as the run's end would have
 * taken them: the capacity phase's always, the pool's unless bench.keep.
 */
@StartsProcesses
class InterruptTest {
    @TempDir
    Path tmp;

    /**
     * Starts the stand-in suite ({@link #main}) on {@code phase}, waits until {@code dir} has its store 20, stops it with
     * SIGTERM; checks that it and its trial processes are gone and that results.jsonl says it was interrupted.
     */
    private void stopMidPhase(String phase, boolean keep, Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = TrialClasspath.find() + ":" + System.getProperty("java.class.path");
        Process suite = new ProcessBuilder(java, "-cp", cp, SmallRuns.machineProbe(), InterruptTest.class.getName(),
                tmp.toString(),
                System.getProperty("bench.projectDir", System.getProperty("user.dir")), phase, String.valueOf(keep))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("suite.log").toFile()).start();
        for (int k = 0; k < 600 && !Files.exists(dir.resolve("store-20")); k++) {
            Thread.sleep(50);
        }
        assertThat(dir.resolve("store-20")).as("%s under way", phase).exists();
        List<ProcessHandle> trials = suite.descendants().collect(Collectors.toList());
        assertThat(trials).as("trial process running").isNotEmpty();

        suite.destroy(); // SIGTERM
        assertThat(suite.waitFor(60, TimeUnit.SECONDS)).isTrue();
        for (ProcessHandle t : trials) {
            t.onExit().get(10, TimeUnit.SECONDS);
            assertThat(t.isAlive()).isFalse();
        }
        Path results = tmp.resolve("out").resolve(ResultsFile.NAME);
        assertThat(ResultsFile.read(results)).anySatisfy(l -> {
            assertThat(l.path("kind").asText()).isEqualTo("status");
            assertThat(l.path("status").asText()).isEqualTo("interrupted");
        });
        assertThat(Files.readString(results)).endsWith("\n");
    }

    @Test
    void sigtermMidCreateLeavesWholeLinesNoTrialProcessAndNoStore() throws Exception {
        Path pool = tmp.resolve("root/small/sqlite/default");
        stopMidPhase("create", false, pool);
        assertThat(StorePool.existingStores(pool)).as("the pool's stores").isEmpty();
    }

    @Test
    void withKeepTheStoresCreatedBeforeTheInterruptStayForReuse() throws Exception {
        Path pool = tmp.resolve("root/small/sqlite/default");
        stopMidPhase("create", true, pool);
        assertThat(StorePool.existingStores(pool)).as("kept: bench.keep").hasSizeGreaterThan(20);
    }

    @Test
    void sigtermMidCapacityDeletesItsStoresEvenWithKeep() throws Exception {
        Path own = tmp.resolve("root/capacity-small/sqlite/default");
        stopMidPhase("capacity", true, own);
        assertThat(StorePool.existingStores(own)).as("the capacity phase's stores").isEmpty();
    }

    /**
     * The stand-in suite: args = its folder, the project folder, the phase (create: 20,000 sqlite stores; capacity: up
     * to 20,000 held open), bench.keep. It measures the phase and waits to be stopped.
     */
    public static void main(String[] args) throws Exception {
        Path tmp = Path.of(args[0]);
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", args[1]);
        p.put("bench.out", tmp.resolve("out").toString());
        p.put("bench.root", tmp.resolve("root").toString());
        p.put("bench.engines", "sqlite");
        p.put("bench.settings", "default");
        p.put("bench.workload", "small");
        p.put("bench.stores", args[2].equals("create") ? "20000" : "5");
        p.put("bench.hold", "1");
        p.put("bench.keep", args[3]);
        p.put("bench.capacityMarginMb", "512");
        Bench bench = Bench.start(new BenchOptions(p::get, k -> null, Optional.empty()), new PrintStream(OutputStream.nullOutputStream()), Bench.AfterRun.NOTHING);
        Phase phase = args[2].equals("create") ? Phases.CREATE : Phases.CAPACITY;
        bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(phase);
    }
}
