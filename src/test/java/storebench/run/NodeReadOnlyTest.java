package storebench.run;

import java.util.Optional;
import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import storebench.engine.EngineDescriptor;
import storebench.engine.NodeEngines;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.Protocol;
import storebench.trial.TrialProcess;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Node engines under the tuned setting, on real stores: the worker says how it opens them and its visits count
 * them, and a write through the worker's own open for reading (lib/engines.js, openForReading) fails for each engine
 * that lists a read-only open, and succeeds for libSQL, whose binding takes none (its "nothing to tune").
 */
@StartsProcesses
class NodeReadOnlyTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    /** Opens a store as the worker's visit loop does under tuned and tries one write through it. */
    private static final String WRITE_THROUGH_OPEN_FOR_READING = String.join("\n",
            "const { ENGINES, sqlStoreOps } = require('./lib/engines');",
            "(async () => {",
            "  const [id, file] = process.argv.slice(1);",
            "  const engine = ENGINES[id];",
            "  const ops = sqlStoreOps(await engine.load(), { readonly: engine.readonlyOpen === true });",
            "  const db = ops.openForReading(file);",
            "  let write;",
            "  try { ops.write(db, 'written', 1); write = 'succeeded'; } catch (e) { write = 'failed: ' + e.message; }",
            "  const count = ops.count(db);",
            "  ops.close(db);",
            "  console.log(JSON.stringify({ write, count: Number(count) }));",
            "})().catch((e) => { console.error(e); process.exit(1); });");

    @TempDir
    Path tmp;

    static Stream<EngineDescriptor> engines() {
        return Stream.of(NodeEngines.TURSO, NodeEngines.LIBSQL, NodeEngines.SQLITE_NODE);
    }

    @ParameterizedTest
    @MethodSource("engines")
    void aWriteThroughTheWorkersOpenForReadingFailsWhereTheEngineListsAReadOnlyOpen(EngineDescriptor e)
            throws Exception {
        TrialCommands commands = new TrialCommands("", PROJECT, "node");
        assumeTrue(commands.nodeUnavailable().isEmpty(), () -> "Node engines not runnable here: "
                + commands.nodeUnavailable().orElse(""));
        Workload workload = Workload.SMALL;
        try (TrialProcess worker = TrialProcess.start(e.id() + "/tuned", commands.command(e,
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()),
                Setting.TUNED.environment(), tmp, 60_000)) {
            ObjectNode hello = worker.request(Protocol.request(Protocol.HELLO).put("engine", e.id())
                    .put("setting", Setting.TUNED.id()), l -> { });
            assertThat(hello.path("info").path("setting").asText()).as(e.id())
                    .isEqualTo(e.tuned().isEmpty() ? "tuned: nothing to tune (the binding opens no store read-only)"
                            : "tuned: { readonly: true } where a phase only reads");
            worker.request(request(CreateAnswer.OP, workload).set("stores", Protocol.JSON.valueToTree(new int[] {0, 1})), l -> { });
            // the visit loop opens for reading: every count must still be W
            worker.request(request(VisitsAnswer.OP, workload).set("order", Protocol.JSON.valueToTree(new int[] {1, 0, 1})),
                    l -> { });
        }
        JsonNode result = writeThroughOpenForReading(e, tmp.resolve("store-0").resolve("store.db"));
        if (e.tuned().isEmpty()) {
            assertThat(result.path("write").asText()).as(e.id()).isEqualTo("succeeded");
            assertThat(result.path("count").asInt()).isEqualTo(workload.notesPerStore() + 1);
        } else {
            assertThat(result.path("write").asText()).as(e.id()).startsWith("failed: ");
            assertThat(result.path("count").asInt()).isEqualTo(workload.notesPerStore());
        }
    }

    private ObjectNode request(String op, Workload workload) {
        return Protocol.request(op).put("root", tmp.toString()).put("workload", workload.id());
    }

    private static JsonNode writeThroughOpenForReading(EngineDescriptor e, Path file) throws Exception {
        Process p = new ProcessBuilder(List.of("node", "-e", WRITE_THROUGH_OPEN_FOR_READING, e.id(), file.toString()))
                .directory(PROJECT.resolve("src/main/node").toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        String last = out.strip().lines().reduce((a, b) -> b).orElse("");
        return Protocol.JSON.readTree(last);
    }
}
