package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.List;
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
        assertThat(run.served().reachedPerS()).isEqualTo(39000.5);
        assertThat(run.served().utilization()).isEqualTo(0.68);
        assertThat(run.served().requests()).isEqualTo(200_000);
        assertThat(run.asked()).isEqualTo(new TrafficLine.Asked(100, 0.9, 0.7, "uniform", 0, 0));
        assertThat(run.met().kinds()).containsExactly(Map.entry("hit", 208_000L), Map.entry("miss", 12_100L),
                Map.entry("write", 500L));
    }

    @Test
    void aLineWithoutTheLoopsFiguresReadsAsZipfWithNoRateReached() throws Exception {
        TrafficLine warmUp = TrafficLine.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"op\":\"traffic\"}"));

        assertThat(warmUp.op()).isEqualTo("traffic");
        assertThat(warmUp.ranLoop()).isFalse();
        assertThat(warmUp.served().utilization()).isNull();
        assertThat(warmUp.asked().dist()).isEqualTo("zipf");
        assertThat(warmUp.runtime().named()).isFalse();
        assertThat(warmUp.met().kinds()).isEmpty();
    }

    @Test
    void aLineWrittenFromTheRecordReadsBackAsIt() throws Exception {
        TrafficLine run = new TrafficLine(new Column("sqlite", "default"), "traffic", new StepWork(0, null, 2, 6.2),
                new TrafficLine.Served(39000.5, 40000, 0.68, 200_000, 210_000, 5.1, true),
                new TrafficLine.Met(190_000, 9_500, 500, 200, Map.of("hit", 190_000L)),
                new TrafficLine.Asked(100, 0.9, 0.7, "uniform", 1000, 180_000), new TrafficLine.Closed(5_000, 57_000),
                new TrafficLine.Collector("G1", "g1", 512, 30, 4, new TrafficLine.Paused(2, 12.5, List.of(100L, 900L),
                        List.of(12.5, 3.0), 70), new TrafficLine.Allocation(400, -1),
                        new TrafficLine.Delays(800.0, null, null)));
        com.fasterxml.jackson.databind.node.ObjectNode line = ResultsFile.with(ResultsFile.line("phase"), run);

        assertThat(TrafficLine.of(line)).isEqualTo(run);
        assertThat(line.has("loopDelayP99Ms")).as("null: left out").isFalse();
        assertThat(line.path("collector").asText()).isEqualTo("G1");
        assertThat(line.path("gc").asText()).isEqualTo("g1");
        assertThat(line.path("planUnits").asDouble()).isEqualTo(6.2);
    }
}
