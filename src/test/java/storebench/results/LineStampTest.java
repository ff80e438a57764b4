package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class LineStampTest {
    @Test
    void aTrialsLineNamesItsKindTimeAndColumn() throws Exception {
        LineStamp stamp = LineStamp.of(ResultsFile.JSON.readTree("{\"kind\":\"pool\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"at\":\"2026-12-01T00:00:03Z\"}"));

        assertThat(stamp).isEqualTo(new LineStamp("pool", Optional.of("2026-12-01T00:00:03Z"),
                new Column("sqlite", "default")));
        assertThat(stamp.ofTrial()).isTrue();
    }

    @Test
    void aLineOfNoTrialWithoutATimeHasNeither() throws Exception {
        LineStamp stamp = LineStamp.of(ResultsFile.JSON.readTree("{\"kind\":\"end\",\"wallMs\":12000}"));

        assertThat(stamp.at()).isEmpty();
        assertThat(stamp.ofTrial()).isFalse();
    }

    @Test
    void anEndLineSaysItsWallTimeAndOfAMergedRunItsParts() throws Exception {
        assertThat(EndLine.of(ResultsFile.JSON.readTree("{\"kind\":\"end\",\"wallMs\":12000}")))
                .isEqualTo(new EndLine(12_000, null));
        assertThat(EndLine.of(ResultsFile.JSON.readTree("{\"kind\":\"end\",\"wallMs\":17056838,\"merged\":8}")))
                .isEqualTo(new EndLine(17_056_838, 8));
    }
}
