package storebench.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The workloads against the committed fixture the Node worker's tests use too. */
class WorkloadTest {
    /** Maven runs the tests with the project directory as working directory. */
    private static final Path FIXTURE = Path.of("fixtures", "workload-notes.json");
    private static JsonNode fixture;

    @BeforeAll
    static void readFixture() throws Exception {
        assertThat(FIXTURE).as("run from the project directory").isRegularFile();
        fixture = new ObjectMapper().readTree(Files.readString(FIXTURE));
    }

    /** Every workload the fixture holds: large, small and custom ones by their ids (custom-<W>x<C>). */
    static java.util.stream.Stream<Workload> fixtureWorkloads() throws Exception {
        readFixture();
        java.util.List<Workload> out = new java.util.ArrayList<>();
        fixture.path("workloads").fieldNames().forEachRemaining(id -> out.add(Workload.of(id)));
        return out.stream();
    }

    @Test
    void fixtureHoldsBothFixedWorkloadsAndACustomOne() throws Exception {
        assertThat(fixtureWorkloads().toList()).contains(Workload.LARGE, Workload.SMALL)
                .anyMatch(Workload::isCustom);
    }

    @ParameterizedTest
    @MethodSource("fixtureWorkloads")
    void textsAndTimestampsEqualTheFixture(Workload workload) {
        JsonNode w = fixture.path("workloads").path(workload.id());
        assertThat(w.path("notes").size()).as("fixture notes of " + workload).isGreaterThanOrEqualTo(4);
        for (JsonNode note : w.path("notes")) {
            int agent = note.get("agent").asInt();
            int j = note.get("j").asInt();
            assertThat(workload.text(agent, j)).as("text of note %d of agent %d", j, agent)
                    .isEqualTo(note.get("text").asText());
            assertThat(Workload.ts(j)).as("ts of note %d", j).isEqualTo(note.get("ts").asLong());
        }
    }

    @ParameterizedTest
    @MethodSource("fixtureWorkloads")
    void notesPerStoreEqualTheFixture(Workload workload) {
        assertThat(workload.notesPerStore())
                .isEqualTo(fixture.path("workloads").path(workload.id()).path("notesPerStore").asInt());
    }

    @Test
    void notesPerStoreAreAThousandAndTen() {
        assertThat(Workload.LARGE.notesPerStore()).isEqualTo(1000);
        assertThat(Workload.SMALL.notesPerStore()).isEqualTo(10);
    }

    @Test
    void baseTimestampIsTheFixturesAnd20261011Midnight() {
        assertThat(Workload.BASE_TS).isEqualTo(fixture.get("baseTs").asLong())
                .isEqualTo(java.time.Instant.parse("2026-10-11T00:00:00Z").toEpochMilli());
        assertThat(Workload.ts(0)).isEqualTo(Workload.BASE_TS);
        assertThat(Workload.ts(999)).isEqualTo(Workload.BASE_TS + 999);
    }

    @Test
    void loremIs445CharactersOnOneLineWithSingleSpaces() {
        assertThat(fixture.get("loremChars").asInt()).isEqualTo(445);
        assertThat(Workload.LOREM).hasSize(445);
        assertThat(Workload.LOREM).doesNotContain("\n").doesNotContain("  ")
                .startsWith("Lorem ipsum dolor sit amet, consectetur adipiscing elit,")
                .endsWith("sunt in culpa qui officia deserunt mollit anim id est laborum.");
    }

    @Test
    void largeTextsAreExactly300CharactersForAnyAgent() {
        for (int agent : new int[] {0, 7, 999, 123_456, Integer.MAX_VALUE}) {
            for (int j : new int[] {0, 5, 999}) {
                String text = Workload.LARGE.text(agent, j);
                assertThat(text).hasSize(300).startsWith("note " + j + " of agent " + agent + ": Lorem ipsum");
                assertThat(("note " + j + " of agent " + agent + ": " + Workload.LOREM)).startsWith(text);
            }
        }
    }

    @Test
    void smallTextsHaveNoColonAndNoLorem() {
        assertThat(Workload.SMALL.text(42, 3)).isEqualTo("note 3 of agent 42");
    }

    @Test
    void customTextIsTheLargeSchemeRepeatedAndCutToCCharacters() {
        Workload w = Workload.custom(50, 2000);
        assertThat(w.id()).isEqualTo("custom-50x2000");
        String text = w.text(42, 7);
        assertThat(text).hasSize(2000).startsWith("note 7 of agent 42: " + Workload.LOREM + " " + Workload.LOREM + " ");
        assertThat(Workload.custom(3, 5).text(0, 0)).isEqualTo("note ");
        assertThat(w.textLengthSum(42)).isEqualTo(java.util.stream.IntStream.range(0, 50)
                .mapToLong(j -> w.text(42, j).length()).sum());
        assertThat(w.tsSum()).isEqualTo(java.util.stream.IntStream.range(0, 50).mapToLong(Workload::ts).sum());
    }

    @Test
    void aThousandCustomNotesOf300CharactersAreTheLargeWorkloadsNotes() {
        Workload w = Workload.custom(1000, 300);
        for (int agent : new int[] {0, 7, 123_456}) {
            for (int j : new int[] {0, 5, 999}) {
                assertThat(w.text(agent, j)).isEqualTo(Workload.LARGE.text(agent, j));
            }
        }
        assertThat(w).isNotEqualTo(Workload.LARGE); // its own id: its own pool and results
    }

    @Test
    void customIdParsesBackToTheSameWorkload() {
        assertThat(Workload.of("custom-50x2000")).isEqualTo(Workload.custom(50, 2000));
        assertThat(Workload.of("custom-50x2000").describe()).isEqualTo("custom (50 notes of 2,000 characters)");
        assertThat(Workload.isId("custom-0x10")).isFalse();
        assertThat(Workload.isId("custom")).isFalse();
    }

    @Test
    void rejectsCustomValuesOutOfRangeNamingTheOption() {
        assertThatThrownBy(() -> Workload.custom(0, 10)).hasMessageContaining("bench.notes=0");
        assertThatThrownBy(() -> Workload.custom(10, -1)).hasMessageContaining("bench.noteChars=-1");
        assertThatThrownBy(() -> Workload.custom(1_000_000, 1_000)).hasMessageContaining("bench.notes=1000000 x"
                + " bench.noteChars=1000").hasMessageContaining("at most");
        assertThatThrownBy(() -> Workload.of("custom")).hasMessageContaining("-Dbench.notes");
    }

    @Test
    void rejectsUnknownWorkloadListingTheValidOnes() {
        assertThat(Workload.of("small")).isEqualTo(Workload.SMALL);
        assertThatThrownBy(() -> Workload.of("LARGE")).hasMessageContaining("'LARGE'").hasMessageContaining("large, small");
    }
}
