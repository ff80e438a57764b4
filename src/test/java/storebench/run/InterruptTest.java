package storebench.run;

import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
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
 * The suite is stopped with SIGTERM (Ctrl-C is the same path) in the middle of a create: results.jsonl keeps
 * whole lines and says the run was interrupted, and no trial process outlives the suite.
 */
class InterruptTest {
    @TempDir
    Path tmp;

    @Test
    void sigtermMidPhaseLeavesWholeLinesAndNoTrialProcess() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = TrialClasspath.find() + ":" + System.getProperty("java.class.path");
        Process suite = new ProcessBuilder(java, "-cp", cp, InterruptTest.class.getName(), tmp.toString(),
                System.getProperty("bench.projectDir", System.getProperty("user.dir")))
                .redirectErrorStream(true).start();
        Path trialDir = tmp.resolve("root/small/sqlite/default");
        for (int k = 0; k < 600 && !Files.exists(trialDir.resolve("store-20")); k++) {
            Thread.sleep(50);
        }
        assertThat(trialDir.resolve("store-20")).as("create under way").exists();
        List<ProcessHandle> trials = suite.descendants().collect(Collectors.toList());
        assertThat(trials).as("trial process running").isNotEmpty();

        suite.destroy(); // SIGTERM
        assertThat(suite.waitFor(30, TimeUnit.SECONDS)).isTrue();
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

    /** The stand-in suite: starts a long create of sqlite stores and waits to be stopped. */
    public static void main(String[] args) throws Exception {
        Path tmp = Path.of(args[0]);
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", args[1]);
        p.put("bench.out", tmp.resolve("out").toString());
        p.put("bench.root", tmp.resolve("root").toString());
        p.put("bench.engines", "sqlite");
        p.put("bench.settings", "default");
        p.put("bench.workload", "small");
        p.put("bench.stores", "20000");
        p.put("bench.hold", "1");
        Bench bench = Bench.start(BenchOptions.from(p::get, k -> null), new PrintStream(OutputStream.nullOutputStream()));
        bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
    }
}
