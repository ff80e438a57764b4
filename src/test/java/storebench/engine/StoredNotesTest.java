package storebench.engine;

import storebench.run.TrialJvm;
import java.util.Optional;
import storebench.StartsProcesses;
import storebench.model.TrialRuntime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import storebench.run.TrialClasspath;
import storebench.run.TrialCommands;
import storebench.trial.Protocol;
import storebench.model.Setting;
import storebench.trial.TrialProcess;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.LayoutAnswer;
import storebench.trial.answer.NotesAnswer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The same bytes in every SQL engine and runtime: each engine, in its own trial process, creates the stores of the
 * fixture's agents; ts is stored as an INTEGER (typeof, where the engine reports storage classes), and the notes the
 * engine reads back equal the fixture.
 */
@StartsProcesses
class StoredNotesTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @TempDir
    Path tmp;

    /** Every SQL engine that can be measured at all. */
    static java.util.stream.Stream<EngineDescriptor> sqlEngines() {
        return Engines.ALL.stream().filter(e -> e.kind() == EngineDescriptor.Kind.SQL && e.unavailable().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("sqlEngines")
    void storesTsAsAnIntegerAndReadsBackTheFixture(EngineDescriptor engine) throws Exception {
        TrialCommands commands = new TrialCommands(TrialClasspath.find(), PROJECT, "node");
        if (engine.runtime() == TrialRuntime.NODE) {
            assumeTrue(commands.nodeUnavailable().isEmpty(), () -> "Node engines not runnable here: "
                    + commands.nodeUnavailable().orElse(""));
        }
        JsonNode fixture = new ObjectMapper().readTree(PROJECT.resolve("fixtures/workload-notes.json").toFile());
        try (TrialProcess p = TrialProcess.start(engine.id() + "/default", commands.command(engine,
                        TrialJvm.measuring("64m"), Optional.empty()),
                Setting.DEFAULT.environment(), tmp, 60_000)) {
            p.request(Protocol.request(Protocol.HELLO).put("engine", engine.id()), l -> { });
            for (Map.Entry<String, JsonNode> w : (Iterable<Map.Entry<String, JsonNode>>) fixture.path("workloads")::fields) {
                String workload = w.getKey();
                Path root = Files.createDirectories(tmp.resolve(workload));
                Set<Integer> agents = new LinkedHashSet<>();
                w.getValue().path("notes").forEach(n -> agents.add(n.path("agent").asInt()));
                p.request(request(CreateAnswer.OP, root, workload).set("stores",
                        Protocol.JSON.valueToTree(agents.stream().mapToInt(Integer::intValue).toArray())), l -> { });
                for (int agent : agents) {
                    JsonNode layout = p.request(request(LayoutAnswer.OP, root, workload).put("store", agent), l -> { })
                            .path("layout");
                    if (layout.has("tsTypes")) { // SQLite's family tells ts's storage classes; H2's ts is a BIGINT column
                        assertThat(layout.path("tsTypes").toString()).as("%s %s store %d: typeof(ts)", engine.id(),
                                workload, agent).isEqualTo("{\"integer\":" + w.getValue().path("notesPerStore").asInt() + "}");
                    }
                    List<JsonNode> wanted = new ArrayList<>();
                    w.getValue().path("notes").forEach(n -> {
                        if (n.path("agent").asInt() == agent) {
                            wanted.add(n);
                        }
                    });
                    ObjectNode notes = request(NotesAnswer.OP, root, workload).put("store", agent);
                    notes.set("js", Protocol.JSON.valueToTree(wanted.stream().mapToInt(n -> n.path("j").asInt()).toArray()));
                    JsonNode read = NotesAnswer.of(p.request(notes, l -> { })).notes();
                    assertThat(read.size()).isEqualTo(wanted.size());
                    for (int k = 0; k < wanted.size(); k++) {
                        JsonNode want = wanted.get(k);
                        JsonNode got = read.get(k);
                        String what = engine.id() + " " + workload + " note " + want.path("j") + " of agent " + agent;
                        assertThat(got.path("id").asLong()).as(what + ": id").isEqualTo(want.path("j").asLong() + 1);
                        assertThat(got.path("text").asText()).as(what + ": text").isEqualTo(want.path("text").asText());
                        assertThat(got.path("ts").isIntegralNumber()).as(what + ": ts integral").isTrue();
                        assertThat(got.path("ts").asLong()).as(what + ": ts").isEqualTo(want.path("ts").asLong());
                    }
                }
            }
        }
    }

    private static ObjectNode request(String op, Path root, String workload) {
        return Protocol.request(op).put("root", root.toString()).put("workload", workload);
    }
}
