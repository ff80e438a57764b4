package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The disk phase's layout lines, the stat lines and the about lines, typed. */
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
    void aStatLineIsReadBackAsItWasWritten() throws Exception {
        StatLine written = new StatLine("oqc_ms", 0.2, List.of("strace"), List.of(0.2, 0.3));
        JsonNode line = written.into(ResultsFile.line(StatLine.KIND).put("engine", "sqlite").put("setting", "default"));

        assertThat(StatLine.of(line)).isEqualTo(written);
        StatLine bare = StatLine.of(new StatLine("disk_kb", 400, List.of(), List.of()).into(
                ResultsFile.line(StatLine.KIND)));
        assertThat(bare.profilers()).isEmpty();
        assertThat(bare.runs()).isEmpty();
        assertThat(ResultsFile.JSON.writeValueAsString(bare)).as("nothing written for what it has not")
                .isEqualTo("{\"stat\":\"disk_kb\",\"value\":400.0}");
    }

    @Test
    void anAboutLineIsReadBackAsItWasWritten() throws Exception {
        AboutLine written = new AboutLine("oqc_ms", ResultsFile.JSON.createObjectNode().put("group", "openruns"));

        assertThat(AboutLine.of(ResultsFile.JSON.readTree(written.line().toString()))).isEqualTo(written);
        assertThat(written.line().path("kind").asText()).isEqualTo(AboutLine.KIND);
    }
}
