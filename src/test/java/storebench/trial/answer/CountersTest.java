package storebench.trial.answer;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import storebench.measure.VisitCounters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An answer's counters object reads back as the trial process wrote it. */
class CountersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anAnswersCountersReadBackAsWritten() {
        VisitCounters written = new VisitCounters(new VisitCounters.Faults(1, 2), new VisitCounters.Switches(3, 4),
                new VisitCounters.Cpu(5, 6), new VisitCounters.Device(7, 8), "thread");

        assertThat(Counters.of(written.into(JSON.createObjectNode()))).contains(written);
    }

    @Test
    void countersWhoseDeviceBytesWereUnreadableReadBackWithTheReason() {
        VisitCounters written = new VisitCounters(new VisitCounters.Faults(1, 2), new VisitCounters.Switches(3, 4),
                new VisitCounters.Cpu(5, 6), VisitCounters.Device.unread("/proc/thread-self/io cannot be read"),
                "thread");

        assertThat(Counters.of(written.into(JSON.createObjectNode()))).contains(written);
    }

    @Test
    void countersWithoutAScopeAreTheProcesses() throws Exception {
        VisitCounters read = Counters.of(JSON.readTree("{\"minflt\": 1, \"majflt\": 2, \"vcsw\": 3, \"ivcsw\": 4,"
                + " \"userUs\": 5, \"sysUs\": 6, \"readBytes\": 7, \"writeBytes\": 8}")).orElseThrow();

        assertThat(read.scope()).isEqualTo("process");
        assertThat(read.device().writeBytes()).isEqualTo(8);
    }

    @Test
    void noCountersAreNoneAndACountMissingIsNamed() {
        assertThat(Counters.of(null)).isEmpty();
        assertThat(Counters.of(JSON.createArrayNode())).isEmpty();
        assertThatThrownBy(() -> Counters.of(JSON.readTree("{\"minflt\": 1}"))).hasMessageContaining("majflt");
    }
}
