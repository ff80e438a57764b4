package storebench.profile;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StraceLogTest {
    static List<String> sample() throws Exception {
        return Files.readAllLines(Path.of("src/test/resources/profile/strace-sample.txt"), StandardCharsets.UTF_8);
    }

    @Test
    void readsCompletedCallsJoiningUnfinishedAndResumedAndSkipsSignalsAndExits() throws Exception {
        List<StraceLog.Call> calls = StraceLog.calls(sample());
        assertThat(calls).hasSize(13);
        StraceLog.Call resumed = calls.stream().filter(c -> c.pid() == 26690).findFirst().orElseThrow();
        assertThat(resumed.name()).isEqualTo("fdatasync");
        assertThat(resumed.startEpochS()).isCloseTo(1796047880.025, within(1e-6)); // the start, not the resume
        assertThat(resumed.seconds()).isCloseTo(0.0035, within(1e-9));
        assertThat(calls.stream().filter(StraceLog.Call::failed).map(StraceLog.Call::name)).containsExactly("msync");
    }

    @Test
    void summarizesOnlyCallsThatStartedInTheWindow() throws Exception {
        Map<String, StraceLog.Calls> s = StraceLog.summarizeCalls(StraceLog.calls(sample()), 1796047880.0,
                1796047880.5);
        assertThat(s.keySet()).containsExactly("fsync", "fdatasync", "msync", "sync_file_range");
        assertThat(s.get("fsync").count).isEqualTo(8);
        assertThat(s.get("fsync").seconds).isCloseTo(0.000726 + 0.000134 + 0.000253 + 0.000325 + 0.000537 + 0.000171
                + 0.000193 + 0.000291, within(1e-9));
        assertThat(s.get("fdatasync").count).isEqualTo(1); // the one at .9000 is before the window
        assertThat(s.get("msync").count).isEqualTo(1);
        assertThat(s.get("msync").failed).isEqualTo(1);
        assertThat(s.get("sync_file_range").count).isEqualTo(1);
        assertThat(StraceLog.totalCount(s)).isEqualTo(11);
        assertThat(StraceLog.totalSeconds(s)).isCloseTo(0.00263 + 0.0035 + 0.00001 + 0.00005, within(1e-9));
    }

    @Test
    void anEmptyLogHasZeroCallsOfEverySyncCall() {
        Map<String, StraceLog.Calls> s = StraceLog.summarizeCalls(List.of(), 0, Double.MAX_VALUE);
        assertThat(StraceLog.totalCount(s)).isZero();
        assertThat(s).hasSize(4);
    }

    @Test
    void acceptsThePidBracketFormOfStderrOutput() {
        List<StraceLog.Call> calls = StraceLog.calls(List.of("[pid  4242] 1796047880.100000 fdatasync(5) = 0 <0.002000>"));
        assertThat(calls).singleElement().satisfies(c -> {
            assertThat(c.pid()).isEqualTo(4242);
            assertThat(c.seconds()).isCloseTo(0.002, within(1e-9));
        });
    }
}
