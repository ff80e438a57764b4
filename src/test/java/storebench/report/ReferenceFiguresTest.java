package storebench.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The reference write-up's figures, bound from the data file this build carries. */
class ReferenceFiguresTest {
    @Test
    void bindsTheWriteUpsWorkloadAndTablesByName() {
        ReferenceFigures reference = ReferenceFigures.load();

        assertThat(reference.workload()).isEqualTo("large");
        assertThat(reference.notesPerStore()).isEqualTo(1000);
        assertThat(reference.has("default")).isTrue();
        assertThat(reference.figure("default", "sqlite", "open_ms")).contains(0.037);
        assertThat(reference.citation()).startsWith("\u201cLarge workload");
    }

    @Test
    void aFigureTheWriteUpLacksIsEmpty() {
        ReferenceFigures reference = ReferenceFigures.load();

        assertThat(reference.has("no-such-setting")).isFalse();
        assertThat(reference.figure("no-such-setting", "sqlite", "open_ms")).isEmpty();
        assertThat(reference.figure("default", "no-such-engine", "open_ms")).isEmpty();
        assertThat(reference.figure("default", "sqlite", "no_such_stat")).isEmpty();
    }
}
