package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * environment.json read into its record: every file kept under docs/ and in the report fixtures, of every version,
 * reads as the readers that picked its fields by name read it (their defaults where a version lacks a field).
 */
class EnvironmentFileTest {
    static Stream<Path> files() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String root : List.of("docs/runs", "docs/probes", "src/test/resources/report")) {
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                s.filter(p -> p.getFileName().toString().equals(RunResults.ENVIRONMENT)).sorted().forEach(files::add);
            }
        }
        return files.stream();
    }

    private static JsonNode read(Path file) throws IOException {
        return ResultsFile.JSON.readTree(file.toFile());
    }

    @Test
    void theKeptFilesHoldEveryVersionsShape() throws IOException {
        List<JsonNode> all = new ArrayList<>();
        for (Path f : files().toList()) {
            all.add(read(f));
        }
        assertThat(all).as("a file before the host name, the mapping, the timers and the probe")
                .anyMatch(e -> !e.has("host")).anyMatch(e -> !e.has("mapping")).anyMatch(e -> !e.has("timers"))
                .anyMatch(e -> !e.has("machine"));
        assertThat(all).as("a file with each of them, and a merged run's").anyMatch(e -> e.has("host"))
                .anyMatch(e -> e.has("mapping")).anyMatch(e -> e.has("machine")).anyMatch(e -> e.has("sources"))
                .anyMatch(e -> e.path("engines").toString().contains("\"tuned\""));
    }

    @ParameterizedTest
    @MethodSource("files")
    void readsAsTheReadersByFieldNameDid(Path file) throws IOException {
        JsonNode env = read(file);
        EnvironmentFile typed = EnvironmentFile.of(env);
        sameAsByName(env, typed);
        JsonNode sources = env.path("sources");
        assertThat(typed.sources()).hasSize(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            JsonNode s = sources.get(i);
            EnvironmentFile.Source part = typed.sources().get(i);
            assertThat(part.dir()).isEqualTo(s.path("dir").asText("?"));
            assertThat(part.machine()).isEqualTo(s.path("machine").asText("?"));
            assertThat(part.engines()).isEqualTo(RunLine.texts(s.path("engines")));
            assertThat(part.settings()).isEqualTo(RunLine.texts(s.path("settings")));
            assertThat(part.phases().isPresent()).isEqualTo(s.path("phases").isArray());
            assertThat(part.started()).isEqualTo(s.path("started").asText(""));
            sameAsByName(s.path("environment"), part.environment());
        }
    }

    /** Each field as the readers that picked it by name read it, with their defaults. */
    private static void sameAsByName(JsonNode env, EnvironmentFile typed) {
        EnvironmentFile.Host host = typed.host();
        assertThat(typed.recorded()).isEqualTo(env.isObject());
        assertThat(host.machine()).isEqualTo(machineByName(env));
        assertThat(host.cpuModel().orElse("?")).isEqualTo(env.path("cpuModel").asText("?"));
        assertThat(host.cores().orElse(0)).isEqualTo(env.path("cores").asInt(0));
        assertThat(host.cores().isPresent() ? Integer.toString(host.cores().getAsInt()) : "?")
                .isEqualTo(env.path("cores").asText("?"));
        assertThat((double) host.memoryKb()).isEqualTo(env.path("memoryKb").asDouble());
        assertThat(host.kernel().orElse("?")).isEqualTo(env.path("kernel").asText("?"));
        assertThat(host.kernel().orElse("unknown")).isEqualTo(env.path("kernel").asText("unknown"));
        assertThat(host.transparentHugepage()).isEqualTo(env.path("transparentHugepage").asText("unknown"));
        assertThat(typed.suite().gitCommit()).isEqualTo(env.path("gitCommit").asText("?"));
        assertThat(typed.suite().jvm()).isEqualTo(env.path("jvm").asText("?"));
        assertThat(typed.suite().timer().backToBackMedianNs())
                .isEqualTo(env.path("timer").path("backToBackMedianNs").asLong());
        assertThat(typed.suite().timers().keySet()).containsExactlyElementsOf(names(env.path("timers")));
        assertThat(typed.suite().trialLimits().keySet()).containsExactlyElementsOf(names(env.path("trialLimits")));

        JsonNode root = env.path("benchRoot");
        assertThat(typed.benchRoot().fsType().orElse("")).isEqualTo(root.path("fsType").asText(""));
        assertThat(typed.benchRoot().fsType().orElse("?")).isEqualTo(root.path("fsType").asText("?"));
        JsonNode direct = root.path("directRead");
        assertThat(typed.benchRoot().directRead().isPresent()).isEqualTo(direct.has("medianMs"));
        typed.benchRoot().directRead().ifPresent(d -> {
            assertThat(d.medianMs()).isEqualTo(direct.path("medianMs").asDouble());
            assertThat(d.p99Ms()).isEqualTo(direct.path("p99Ms").asDouble());
            assertThat(d.reads()).isEqualTo(direct.path("reads").asInt());
        });

        JsonNode machine = env.path("machine");
        Optional<EnvironmentFile.Prices> probed = typed.costs().probed();
        assertThat(probed.isPresent()).isEqualTo(machine.isObject() && !machine.isEmpty());
        probed.ifPresent(p -> {
            assertThat(p.faultNs()).isEqualTo(number(machine.path("faultNs")));
            assertThat(p.mapUs()).isEqualTo(number(machine.path("mapUs")));
            assertThat(p.syncMs()).isEqualTo(number(machine.path("syncMs")));
            assertThat(p.yardMs()).isEqualTo(number(machine.path("yardMs")));
        });
        JsonNode fault = env.path("mapping").path("minorFault");
        JsonNode file = env.path("mapping").path("file");
        EnvironmentFile.Mapping mapping = typed.costs().mapping();
        assertThat(mapping.minorFault().map(EnvironmentFile.MinorFault::medianNs).orElse(0.0))
                .isEqualTo(fault.path("medianNs").asDouble(0));
        assertThat(mapping.minorFault().isPresent()).isEqualTo(fault.path("medianNs").isNumber());
        assertThat(mapping.file().isPresent()).isEqualTo(file.path("medianUs").isNumber());
        mapping.file().ifPresent(f -> {
            assertThat(f.times().medianUs()).isEqualTo(file.path("medianUs").asDouble());
            assertThat(f.fileBytes()).isEqualTo(file.path("fileBytes").asLong());
            assertThat(f.touchedPages()).isEqualTo(file.path("touchedPages").asInt());
            assertThat(f.times().unmapMedianUs()).isEqualTo(file.path("unmapMedianUs").asDouble());
        });

        assertThat(typed.engines().keySet()).containsExactlyElementsOf(names(env.path("engines")));
        typed.engines().forEach((id, e) -> {
            JsonNode d = env.path("engines").path(id);
            assertThat(typed.runtime(id)).isEqualTo(d.path("runtime").asText(""));
            assertThat(e.title()).isEqualTo(d.path("title").asText(""));
            List<String> info = new ArrayList<>();
            d.path("info").fields().forEachRemaining(f -> info.add(f.getKey() + " " + f.getValue().asText()));
            assertThat(e.info().entrySet().stream().map(f -> f.getKey() + " " + f.getValue()).toList())
                    .isEqualTo(info);
            assertThat(e.tuned().isPresent()).isEqualTo(d.path("tuned").isObject());
            assertThat(e.fields()).hasSize(leaves(d));
        });
        int leaves = 0;
        for (Map.Entry<String, JsonNode> f : (Iterable<Map.Entry<String, JsonNode>>) env::fields) {
            leaves += f.getKey().equals("engines") ? 0 : leaves(f.getValue());
        }
        assertThat(typed.fields().map(List::size).orElse(0)).isEqualTo(leaves);
    }

    /** A machine's name for a report, read by field name with the defaults its readers gave. */
    private static String machineByName(JsonNode env) {
        String host = env.path("host").asText("");
        String hardware = env.path("cpuModel").asText("unknown CPU") + ", " + env.path("cores").asInt() + " cores, "
                + Math.round(env.path("memoryKb").asDouble() / 1024 / 1024) + " GiB";
        return host.isEmpty() || host.equals("unknown") ? hardware : host + " (" + hardware + ")";
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static OptionalDouble number(JsonNode n) {
        return n.isNumber() ? OptionalDouble.of(n.asDouble()) : OptionalDouble.empty();
    }

    /** The values under a node, objects opened (an array is one value). */
    private static int leaves(JsonNode n) {
        if (!n.isObject()) {
            return 1;
        }
        int count = 0;
        for (JsonNode child : n) {
            count += leaves(child);
        }
        return count;
    }

    @Test
    void aRunWithoutTheFileReadsAsTheReadersDefaults() {
        EnvironmentFile none = EnvironmentFile.of(MissingNode.getInstance());
        assertThat(none).isEqualTo(EnvironmentFile.NONE);
        assertThat(none.recorded()).isFalse();
        assertThat(none.host().machine()).isEqualTo("unknown CPU, 0 cores, 0 GiB");
        assertThat(none.host().transparentHugepage()).isEqualTo("unknown");
        assertThat(none.suite().gitCommit()).isEqualTo("?");
        assertThat(none.benchRoot().fsType()).isEmpty();
        assertThat(none.costs().probed()).isEmpty();
        assertThat(none.engines()).isEmpty();
        assertThat(none.sources()).isEmpty();
        assertThat(none.fields()).isEmpty();
        assertThat(EnvironmentFile.of(ResultsFile.JSON.createObjectNode()).recorded()).isTrue();
        assertThat(none.runtime("sqlite")).isEmpty();
    }

    @Test
    void anEmptyProbeIsNoProbeAndAFigureThatIsNoNumberIsNotMeasured() {
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        env.putObject("machine");
        assertThat(EnvironmentFile.of(env).costs().probed()).isEmpty();
        env.putObject("machine").put("faultNs", 1240).put("syncMs", "NaN");
        EnvironmentFile.Prices p = EnvironmentFile.of(env).costs().probed().orElseThrow();
        assertThat(p.faultNs()).hasValue(1240);
        assertThat(p.syncMs()).isEmpty();
        assertThat(p.isEmpty()).isFalse();
        assertThat(EnvironmentFile.Prices.of(Map.of("yardMs", 0.006))).isEqualTo(new EnvironmentFile.Prices(
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.of(0.006)));
    }

    @Test
    void aFieldKeepsItsPathAndAnArrayItsJson() {
        ObjectNode env = ResultsFile.JSON.createObjectNode().put("kernel", "6.8");
        env.putObject("benchRoot").put("fsType", "ext4").putObject("directRead").put("error", "no O_DIRECT");
        env.putArray("sources").addObject().put("dir", "a");
        env.putObject("engines").putObject("sqlite").put("title", "SQLite").putObject("info").put("sqlite", "3.50");

        EnvironmentFile f = EnvironmentFile.of(env);

        assertThat(f.fields().orElseThrow()).containsExactly(new EnvironmentFile.Field(List.of("kernel"), "6.8"),
                new EnvironmentFile.Field(List.of("benchRoot", "fsType"), "ext4"),
                new EnvironmentFile.Field(List.of("benchRoot", "directRead", "error"), "no O_DIRECT"),
                new EnvironmentFile.Field(List.of("sources"), "[{\"dir\":\"a\"}]"));
        assertThat(f.benchRoot().directRead()).isEmpty();
        assertThat(f.benchRoot().read().error()).isEqualTo("no O_DIRECT");
        assertThat(f.engines().get("sqlite").fields()).containsExactly(
                new EnvironmentFile.Field(List.of("title"), "SQLite"),
                new EnvironmentFile.Field(List.of("info", "sqlite"), "3.50"));
        assertThat(f.sources().get(0).machine()).isEqualTo("?");
        assertThat(f.sources().get(0).environment().recorded()).isFalse();
    }
}
