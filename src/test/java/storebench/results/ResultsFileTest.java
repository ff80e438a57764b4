package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsFileTest {
    @TempDir
    Path dir;

    private static ObjectNode stat(String engine, String setting, String stat, double value, double... runs) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", setting)
                .put("workload", "small").put("stores", 20).put("stat", stat).put("value", value);
        if (runs.length > 0) {
            for (double r : runs) {
                l.withArray("runs").add(r);
            }
        }
        return l;
    }

    private Path writeSample() throws IOException {
        Path file = dir.resolve(ResultsFile.NAME);
        try (ResultsFile results = new ResultsFile(file)) {
            results.append(ResultsFile.line("run").put("stores", 20).put("workload", "small").put("runs", 3));
            results.append(stat("sqlite", "default", "open_ms", 0.037, 0.041, 0.037, 0.036));
            results.append(stat("sqlite", "default", "create_ms", 26.59));
            results.append(ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default")
                    .put("op", "openrun").put("run", 2).put("wallMs", 812.5).put("load1", 0.42)
                    .put("loadWaitMs", 0).put("loadGaveUp", false));
            results.append(stat("sqlite", "mmap-threshold", "open_ms", 0.036, 0.036, 0.035, 0.040));
            results.append(stat("sqlite", "default", "open_ms", 0.039, 0.039, 0.038, 0.043)); // supersedes
        }
        return file;
    }

    @Test
    void appendedLinesReadBackInOrderWithTheirKindAndTime() throws Exception {
        List<JsonNode> lines = ResultsFile.read(writeSample());

        assertThat(lines).extracting(l -> l.get("kind").asText())
                .containsExactly("run", "stat", "stat", "phase", "stat", "stat");
        assertThat(lines).allSatisfy(l -> assertThat(l.path("at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z"));
    }

    @Test
    void eachLineIsOneJsonObjectTerminatedByNewline() throws Exception {
        Path file = writeSample();
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).endsWith("\n");
        assertThat(text.split("\n")).hasSize(6).allSatisfy(l -> assertThat(l).startsWith("{\"kind\":").endsWith("}"));
    }

    @Test
    void appendingToAnExistingFileKeepsItsLines() throws Exception {
        Path file = writeSample();
        try (ResultsFile results = new ResultsFile(file)) {
            results.append(ResultsFile.line("end").put("wallMs", 1234));
        }
        assertThat(ResultsFile.read(file)).hasSize(7).last()
                .satisfies(l -> assertThat(l.get("wallMs").asLong()).isEqualTo(1234));
    }

    @Test
    void statLinesComeBackAsMeasurementsWithRunsAndSpread() throws Exception {
        writeSample();
        RunResults results = RunResults.load(dir);

        RunResults.Measurement open = results.measurement("sqlite", "mmap-threshold", "open_ms").orElseThrow();
        assertThat(open.value()).isEqualTo(0.036);
        assertThat(open.runs()).containsExactly(0.036, 0.035, 0.040);
        assertThat(open.spread()).as("(max - min) / median of the runs").isCloseTo(0.005 / 0.036,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(open.workload()).isEqualTo("small");

        RunResults.Measurement create = results.measurement("sqlite", "default", "create_ms").orElseThrow();
        assertThat(create.value()).isEqualTo(26.59);
        assertThat(create.runs()).isEmpty();
        assertThat(create.spread()).isNull();

        assertThat(results.measurement("sqlite", "default", "close_ms")).isEmpty();
        assertThat(results.measurement("objectbox", "default", "open_ms")).isEmpty();
        assertThat(results.measurements()).hasSize(4);
    }

    @Test
    void aLaterStatLineSupersedesAnEarlierOne() throws Exception {
        writeSample();
        RunResults.Measurement open = RunResults.load(dir).measurement("sqlite", "default", "open_ms").orElseThrow();
        assertThat(open.value()).isEqualTo(0.039);
        assertThat(open.runs()).containsExactly(0.039, 0.038, 0.043);
    }

    @Test
    void phaseAndRunLinesComeBackByKind() throws Exception {
        writeSample();
        RunResults results = RunResults.load(dir);

        assertThat(results.lines("phase")).singleElement().satisfies(p -> {
            assertThat(p.get("op").asText()).isEqualTo("openrun");
            assertThat(p.get("run").asInt()).isEqualTo(2);
            assertThat(p.get("wallMs").asDouble()).isEqualTo(812.5);
            assertThat(p.get("load1").asDouble()).isEqualTo(0.42);
            assertThat(p.get("loadGaveUp").asBoolean()).isFalse();
        });
        assertThat(results.lines("phase", "sqlite", "default")).hasSize(1);
        assertThat(results.lines("phase", "sqlite", "mmap-threshold")).isEmpty();
        assertThat(results.run().get("stores").asInt()).isEqualTo(20);
        assertThat(results.lines("end")).isEmpty();
    }

    @Test
    void withoutEnvironmentFileTheEnvironmentIsMissingNotAnError() throws Exception {
        writeSample();
        assertThat(RunResults.load(dir).environment().isMissingNode()).isTrue();
    }

    @Test
    void blankLinesAreSkipped() throws Exception {
        Path file = writeSample();
        Files.writeString(file, "\n   \n", StandardOpenOption.APPEND);
        assertThat(ResultsFile.read(file)).hasSize(6);
    }

    @Test
    void tornLastLineFailsNamingFileAndLineNumber() throws Exception {
        Path file = writeSample();
        Files.writeString(file, "{\"kind\":\"stat\",\"engine\":\"sqli", StandardOpenOption.APPEND); // a crash mid-write

        assertThatThrownBy(() -> ResultsFile.read(file))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ":7: not a JSON line");
        assertThatThrownBy(() -> RunResults.load(dir)).hasMessageContaining(file + ":7:");
    }

    @Test
    void garbageLineInTheMiddleFailsNamingFileAndLineNumber() throws Exception {
        Path file = dir.resolve(ResultsFile.NAME);
        Files.writeString(file, "{\"kind\":\"run\"}\n\nthis is not json\n{\"kind\":\"end\"}\n");

        assertThatThrownBy(() -> ResultsFile.read(file))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ":3: ");
    }

    @Test
    void jsonThatIsNotAResultsLineFailsNamingFileAndLineNumber() throws Exception {
        Path file = dir.resolve(ResultsFile.NAME);
        Files.writeString(file, "{\"kind\":\"run\"}\n[1,2,3]\n");
        assertThatThrownBy(() -> ResultsFile.read(file)).hasMessageStartingWith(file + ":2: not a results line");

        Files.writeString(file, "{\"kind\":\"run\"}\n{\"engine\":\"sqlite\"}\n");
        assertThatThrownBy(() -> ResultsFile.read(file)).hasMessageStartingWith(file + ":2: not a results line");
    }

    @Test
    void missingResultsFileFailsNamingThePath() {
        Path file = dir.resolve(ResultsFile.NAME);
        assertThatThrownBy(() -> ResultsFile.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void invalidEnvironmentFileFailsNamingIt() throws Exception {
        writeSample();
        Path env = dir.resolve(RunResults.ENVIRONMENT);
        Files.writeString(env, "{\"cores\": ");
        assertThatThrownBy(() -> RunResults.load(dir)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(env + ": not valid JSON");
    }
}
