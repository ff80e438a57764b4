package storebench.results;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StepWorkTest {
    @Test
    void aWarmUpThatVisitedNoMoreThanItsJitFloorStoppedThere() throws Exception {
        StepWork atFloor = StepWork.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"op\":\"warmup\","
                + "\"phase\":\"openruns\",\"visited\":10000,\"jitFloor\":10000,\"run\":2}"));
        StepWork past = StepWork.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"phase\":\"warmup\","
                + "\"visited\":12000,\"jitFloor\":10000}"));

        assertThat(atFloor).isEqualTo(new StepWork(10_000, 10_000L, 2, 0));
        assertThat(atFloor.floored()).isTrue();
        assertThat(past.floored()).as("it settled after its floor").isFalse();
    }

    @Test
    void aLineThatSaysNothingOfItsWorkVisitedNothingAndHadNoFloorRunOrUnits() throws Exception {
        StepWork none = StepWork.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"phase\":\"create\"}"));

        assertThat(none).isEqualTo(new StepWork(0, null, null, 0));
        assertThat(none.floored()).as("no floor, whatever it visited").isFalse();
    }

    @Test
    void aTrafficRunSaysItsPlanUnits() throws Exception {
        StepWork traffic = StepWork.of(ResultsFile.JSON.readTree("{\"kind\":\"phase\",\"op\":\"traffic\","
                + "\"phase\":\"traffic\",\"run\":1,\"visited\":0,\"" + StepWork.PLAN_UNITS + "\":37.5}"));

        assertThat(traffic.planUnits()).isEqualTo(37.5);
        assertThat(traffic.run()).isEqualTo(1);
    }
}
