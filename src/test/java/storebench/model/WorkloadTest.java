package storebench.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

    @ParameterizedTest
    @EnumSource(Workload.class)
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
    @EnumSource(Workload.class)
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
    void rejectsUnknownWorkloadListingTheValidOnes() {
        assertThat(Workload.of("small")).isEqualTo(Workload.SMALL);
        assertThatThrownBy(() -> Workload.of("LARGE")).hasMessageContaining("'LARGE'").hasMessageContaining("large, small");
    }
}
