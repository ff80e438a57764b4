package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The disk phase's layout lines and the stat lines, typed. */
class LayoutAndStatLinesTest {
    private static JsonNode json(String line) throws Exception {
        return ResultsFile.JSON.readTree(line);
    }

    @Test
    void aLayoutWithoutDbstatReadsItsMissingCountsAsZeroAndOneWithoutPagesHasNone() throws Exception {
        LayoutLine turso = LayoutLine.of(json("{\"kind\":\"layout\",\"engine\":\"turso\",\"setting\":\"default\","
                + "\"store\":0,\"layout\":{\"pageSize\":4096,\"pageCount\":86,\"leafPages\":null,\"interiorPages\":null,"
                + "\"leafCells\":null,\"leafPayloadBytes\":null,\"dbstat\":\"unavailable\"}}"));
        assertThat(turso.column()).isEqualTo(new Column("turso", "default"));
        assertThat(turso.pages()).hasValue(new LayoutLine.Pages(4096, 86, 0, 0, 0, 0));

        LayoutLine noPageSize = LayoutLine.of(json("{\"kind\":\"layout\",\"engine\":\"x\",\"layout\":{\"pageCount\":3}}"));
        assertThat(noPageSize.pages().orElseThrow().pageSize()).isEqualTo(4096);
        assertThat(LayoutLine.of(json("{\"kind\":\"layout\",\"engine\":\"lmdb\",\"layout\":{}}")).pages()).isEmpty();
    }

    @Test
    void aStatLineGivesItsProfilersAndTheRowGroupItsAboutNames() throws Exception {
        StatLine s = StatLine.of(json("{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"oqc_ms\",\"value\":0.2,\"runs\":[0.2,0.3],\"spread\":0.5,"
                + "\"profilers\":[\"strace\"],\"about\":{\"group\":\"openruns\"}}"));
        assertThat(s.column()).isEqualTo(new Column("sqlite", "default"));
        assertThat(s.figure().runs()).containsExactly(0.2, 0.3);
        assertThat(s.figure().spread()).hasValue(0.5);
        assertThat(s.profilers()).containsExactly("strace");
        assertThat(s.group()).isEqualTo("openruns");
        StatLine old = StatLine.of(json("{\"kind\":\"stat\",\"engine\":\"h2\",\"stat\":\"disk_kb\",\"value\":400,"
                + "\"spread\":null}"));
        assertThat(old.figure().spread()).isEmpty();
        assertThat(old.profilers()).isEmpty();
        assertThat(old.group()).isEmpty();
    }
}
