package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityLineTest {
    @Test
    void aStoreThatFailedIsNamedWithItsStepAndMessage() throws Exception {
        CapacityLine line = CapacityLine.of(ResultsFile.JSON.readTree("{\"kind\":\"capacity\",\"engine\":\"lmdb\","
                + "\"setting\":\"default\",\"opened\":126,\"capReached\":false,\"max\":20000,"
                + "\"capacityWorkload\":\"small\",\"stop\":\"error\",\"limit\":\"pthread keys\",\"during\":\"open\","
                + "\"store\":126,\"message\":\"MDB_TLS_FULL\\nat ...\",\"near\":[\"RLIMIT_NOFILE\"],\"limits\":{}}"));

        assertThat(line).isEqualTo(new CapacityLine(new Column("lmdb", "default"), 126, false, 20000, "small",
                new CapacityLine.Stop("error", "pthread keys", new CapacityLine.Failure("open", 126,
                        "MDB_TLS_FULL\nat ..."), List.of("RLIMIT_NOFILE")), ResultsFile.JSON.createObjectNode()));
        assertThat(CapacityLine.of(ResultsFile.with(ResultsFile.line(CapacityLine.KIND), line))).as("written as read")
                .isEqualTo(line);
    }

    @Test
    void aCapacityThatReachedTheCapNamesNoFailureNorLimitsNear() throws Exception {
        CapacityLine line = CapacityLine.of(ResultsFile.JSON.readTree("{\"kind\":\"capacity\",\"engine\":\"sqlite\","
                + "\"setting\":\"default\",\"opened\":20000,\"capReached\":true,\"capacityWorkload\":\"small\","
                + "\"stop\":\"cap\",\"limit\":\"the cap\"}"));

        assertThat(line.capReached()).isTrue();
        assertThat(line.stopped().failed()).isEmpty();
        assertThat(line.stopped().near()).isEmpty();
    }

    @Test
    void aPointReadsItsFiguresAndZeroForOnesItLacks() throws Exception {
        CapacityPointLine point = CapacityPointLine.of(ResultsFile.JSON.readTree("{\"kind\":\"capacity-point\","
                + "\"engine\":\"sqlite\",\"setting\":\"default\",\"stores\":1000,\"rssKb\":52000,\"vszKb\":90000,"
                + "\"fds\":1010,\"maps\":300,\"threads\":12}"));

        assertThat(point).isEqualTo(new CapacityPointLine(new Column("sqlite", "default"), 1000,
                new CapacityPointLine.Memory(52_000, 90_000, 0), new CapacityPointLine.Resources(1010, 300, 12)));
    }
}
