package storebench.results;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ColdRunLineTest {
    @Test
    void aColdRunsLineSaysWhatTheDropLeftInEitherFormat() throws Exception {
        ColdRunLine format2 = ColdRunLine.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"op\":\"coldrun\",\"phase\":\"cold\",\"run\":1,\"poolPages\":51200,"
                + "\"residentPagesAfterDrop\":12}"));

        assertThat(format2.op()).isEqualTo("coldrun");
        assertThat(format2.drop()).isEqualTo(new ColdRunLine.Drop(51_200, 12L));
    }

    @Test
    void aWarmUpsLineRecordsNoDrop() throws Exception {
        ColdRunLine warmUp = ColdRunLine.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"op\":\"coldwarmup\",\"phase\":\"cold\",\"run\":1}"));

        assertThat(warmUp.drop()).isNull();
    }
}
