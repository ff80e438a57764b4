package storebench.phase;

import storebench.run.TrialJvm;
import java.util.Optional;
import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.run.TrialClasspath;
import storebench.run.TrialCommands;
import storebench.trial.Protocol;
import storebench.trial.TrialProcess;
import storebench.trial.answer.CapacityAnswer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity loop of a real sqlite trial process whose NOFILE limit the launching shell lowered to 256 (soft and
 * hard, so the JVM cannot raise it): it stops near 256 descriptors and the limit is named RLIMIT_NOFILE.
 */
@StartsProcesses
class CapacityNofileTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    private static final int NOFILE = 256;

    @TempDir
    Path root;

    @Test
    void sqliteStopsNearALoweredNofileLimitAndNamesIt() throws Exception {
        TrialCommands commands = new TrialCommands(TrialClasspath.find(), PROJECT, "node");
        List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -n " + NOFILE + " && exec \"$@\"", "bash"));
        command.addAll(commands.command(Engines.of("sqlite"),
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()));
        ObjectNode result;
        try (TrialProcess p = TrialProcess.start("sqlite/default", command, Setting.DEFAULT.environment(), root,
                120_000)) {
            JsonNode hello = p.request(Protocol.request(Protocol.HELLO).put("engine", "sqlite"), l -> { });
            assertThat(hello.path("limits").path("nofileSoft").asLong()).isEqualTo(NOFILE);
            result = p.request(Protocol.request(CapacityAnswer.OP).put("root", root.toString()).put("workload", "small")
                    .put("max", 2000).put("every", 50), l -> { });
        }
        assertThat(result.path("stop").asText()).isEqualTo("error");
        int opened = result.path("opened").asInt();
        JsonNode points = result.path("points");
        JsonNode last = points.get(points.size() - 1);
        // the JVM holds some descriptors itself (its jars, pipes); every other one is a store's
        assertThat(opened).isBetween(NOFILE / 2, NOFILE);
        assertThat(last.path("fds").asLong()).as("descriptors at the stop: %s", result).isBetween(NOFILE - 16L, (long) NOFILE);
        Map<String, Long> limits = new LinkedHashMap<>();
        result.path("limits").fields().forEachRemaining(e -> limits.put(e.getKey(), e.getValue().asLong()));
        CapacityLimit.Stop stop = new CapacityLimit.Stop("error", result.path("message").asText(), opened,
                new CapacityLimit.Usage(last.path("fds").asLong(), last.path("maps").asLong(),
                        last.path("vszKb").asLong(), last.path("threads").asLong(), last.path("heapUsedBytes").asLong()));
        assertThat(CapacityLimit.identify("sqlite", stop, CapacityLimit.Limits.of(limits)))
                .as("stopped by: %s", result.path("message").asText()).isEqualTo(CapacityLimit.NOFILE);
    }
}
