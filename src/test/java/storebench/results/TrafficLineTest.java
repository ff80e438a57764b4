package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TrafficLineTest {
    @Test
    void aRunsLineSaysWhatItServedWhatItWasAskedAndItsRequestsOfEachKind() throws Exception {
        TrafficLine run = TrafficLine.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"op\":\"traffic\",\"phase\":\"traffic\",\"run\":1,\"requests\":200000,"
                + "\"reachedPerS\":39000.5,\"utilization\":0.68,\"seconds\":5.1,\"writes\":500,\"evictions\":200,"
                + "\"open\":100,\"readShare\":0.9,\"load\":0.7,\"dist\":\"uniform\","
                + "\"kinds\":{\"hit\":208000,\"miss\":12100,\"write\":500}}"));

        assertThat(run.op()).isEqualTo("traffic");
        assertThat(run.served().reachedPerS()).hasValue(39000.5);
        assertThat(run.served().utilization()).hasValue(0.68);
        assertThat(run.served().requests()).isEqualTo(200_000);
        assertThat(run.asked()).isEqualTo(new TrafficLine.Asked(100, 0.9, 0.7, "uniform"));
        assertThat(run.kinds()).containsExactly(Map.entry("hit", 208_000L), Map.entry("miss", 12_100L),
                Map.entry("write", 500L));
    }

    @Test
    void aLineWithoutTheLoopsFiguresReadsAsAllReadsOfZipfWithNoRateReached() throws Exception {
        TrafficLine warmUp = TrafficLine.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"op\":\"traffic\"}"));

        assertThat(warmUp.op()).isEqualTo("traffic");
        assertThat(warmUp.served().reachedPerS()).isEmpty();
        assertThat(warmUp.served().utilization()).isEmpty();
        assertThat(warmUp.asked()).isEqualTo(new TrafficLine.Asked(0, 1, 0, "zipf"));
        assertThat(warmUp.kinds()).isEmpty();
    }
}
