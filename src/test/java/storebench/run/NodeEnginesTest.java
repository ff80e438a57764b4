package storebench.run;

import storebench.phase.Phases;
import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import storebench.engine.NodeEngines;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.run.BenchOptions;
import storebench.report.render.MarkdownReport;
import storebench.trial.Protocol;
import storebench.model.Setting;
import storebench.trial.TrialFailure;
import storebench.trial.TrialProcess;
import storebench.trial.answer.CreateAnswer;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The Node engines' edges: Node.js missing or too old, and a worker that dies in the middle of a phase. */
@StartsProcesses
class NodeEnginesTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @TempDir
    Path tmp;

    @Test
    void missingNodeSkipsTheNodeEnginesWithTheReasonAndTheReportSaysIt() throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", PROJECT.toString());
        p.put("bench.out", tmp.resolve("out").toString());
        p.put("bench.root", tmp.resolve("root").toString());
        p.put("bench.engines", "turso,libsql,sqlite-node");
        p.put("bench.settings", "default");
        p.put("bench.node", tmp.resolve("no-such-node").toString());
        try (Bench bench = Bench.start(new BenchOptions(p::get, k -> null, Optional.empty()), new PrintStream(OutputStream.nullOutputStream()), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            for (EngineDescriptor e : new EngineDescriptor[] {NodeEngines.TURSO, NodeEngines.LIBSQL, NodeEngines.SQLITE_NODE}) {
                Optional<String> why = bench.trial(e, Setting.DEFAULT).skipIfUnavailable();
                assertThat(why).get().asString().contains("Node.js not found").contains("install Node.js >= 20");
            }
        }
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("- Turso Database: not measured: Node.js not found");
    }

    @Test
    void tooOldNodeIsNamedWithItsVersion() throws Exception {
        Path fakeNode = tmp.resolve("node");
        Files.writeString(fakeNode, "#!/bin/sh\necho v18.19.0\n");
        fakeNode.toFile().setExecutable(true);
        TrialCommands commands = new TrialCommands("", PROJECT, fakeNode.toString());
        assertThat(commands.nodeUnavailable()).get().asString().contains("Node.js v18.19.0 is too old");
    }

    @Test
    void aWorkerKilledMidPhaseFailsClearlyWithoutHanging() throws Exception {
        TrialCommands commands = new TrialCommands("", PROJECT, "node");
        assumeTrue(commands.nodeUnavailable().isEmpty(), () -> "Node engines not runnable here: "
                + commands.nodeUnavailable().orElse(""));
        try (TrialProcess worker = TrialProcess.start("sqlite-node/default", commands.command(NodeEngines.SQLITE_NODE,
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()),
                Setting.DEFAULT.environment(), tmp, 60_000)) {
            worker.request(Protocol.request(Protocol.HELLO).put("engine", "sqlite-node"), l -> { });
            int[] stores = new int[5000];
            for (int i = 0; i < stores.length; i++) {
                stores[i] = i;
            }
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(1500);
                } catch (InterruptedException e) {
                    return;
                }
                ProcessHandle.of(worker.pid()).ifPresent(ProcessHandle::destroyForcibly);
            });
            killer.start();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> worker.request(Protocol.request(CreateAnswer.OP).put("root", tmp.toString())
                    .put("workload", "small").set("stores", Protocol.JSON.valueToTree(stores)), l -> { }))
                    .isInstanceOf(TrialFailure.class)
                    .hasMessageContaining("'create'")
                    .hasMessageContaining("exit status 137");
            assertThat((System.nanoTime() - t0) / 1e9).as("seconds until the failure").isLessThan(30);
            killer.join();
        }
    }
}
