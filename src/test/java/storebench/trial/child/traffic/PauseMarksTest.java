package storebench.trial.child.traffic;

import org.junit.jupiter.api.Test;
import storebench.measure.TrafficHistograms;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Requests whose wait overlapped a collector pause are marked; the others' latencies are the untouched tail. */
class PauseMarksTest {
    private static TrafficSamples samples(long... latencyMs) {
        TrafficSamples s = TrafficSamples.keepingLatencies(latencyMs.length);
        for (int k = 0; k < latencyMs.length; k++) {
            s.record(k, k % 2 == 0 ? TrafficHistograms.READ_HIT : TrafficHistograms.WRITE_HIT, latencyMs[k] * 1_000_000L,
                    100_000);
        }
        return s;
    }

    @Test
    void marksEveryRequestWhoseWaitOverlappedAPauseAndKeepsTheOthersLatencies() {
        // at 1,000 a second request k is due at k ms; requests 0-9 wait 0.1 ms, except 3, which waits 40 ms
        long[] ms = new long[100];
        java.util.Arrays.fill(ms, 0);
        TrafficSamples s = samples(ms);
        s.latencyNs[3] = 40_000_000L;
        s.latencyNs[50] = 30_000_000L;
        // a pause from 20 ms to 25 ms: request 3 (waits 3-43 ms) and requests 19-26 (their due times, with the slack)
        List<GcPauses.Pause> pauses = List.of(new GcPauses.Pause(20, 5, "test"));
        PauseMarks.Marked marked = PauseMarks.mark(s, 1000, pauses, 0);

        assertThat(marked.touched()).isEqualTo(1 + 8);
        assertThat(marked.untouched().requests()).isEqualTo(100 - 9);
        assertThat(marked.untouched().all().getMaxValue()).as("request 50's 30 ms: no pause during it")
                .isBetween(29_900_000L, 30_100_000L);
    }

    @Test
    void theRequestsAWriteHeldBackAreSetApart() {
        // at 1,000 a second: request 10 (a write) takes 50 ms, so requests 11-59, due while it ran, waited behind it;
        // request 3 (a read) waits 5 ms, which holds back reads only (4-7): they stay clear of writes
        long[] ms = new long[100];
        TrafficSamples s = TrafficSamples.keepingLatencies(ms.length);
        for (int k = 0; k < ms.length; k++) {
            long latency = k == 10 ? 50_000_000L : k == 3 ? 5_000_000L : k > 10 && k < 60 ? (60 - k) * 1_000_000L
                    : 100_000L;
            s.record(k, k == 10 ? TrafficHistograms.WRITE_HIT : TrafficHistograms.READ_HIT, latency, 100_000);
        }
        PauseMarks.Marked marked = PauseMarks.mark(s, 1000, List.of(), 0);

        assertThat(marked.clearOfWrites().hits().getTotalCount()).as("every read but the 49 due during the write")
                .isEqualTo(99 - 49);
        assertThat(marked.clearOfWrites().hits().getMaxValue()).as("request 3's 5 ms: a read held it back")
                .isBetween(4_990_000L, 5_010_000L);
        assertThat(marked.untouched().hits().getTotalCount()).as("no pause: every read untouched").isEqualTo(99);
    }

    @Test
    void withoutPausesEveryRequestIsUntouched() {
        TrafficSamples s = samples(1, 2, 3, 4);
        PauseMarks.Marked marked = PauseMarks.mark(s, 1000, List.of(), 0);
        assertThat(marked.touched()).isZero();
        assertThat(marked.untouched().requests()).isEqualTo(4);
        assertThat(marked.untouched().writes().getTotalCount()).isEqualTo(2);
    }

    @Test
    void needsEveryRequestsLatency() {
        TrafficSamples s = TrafficSamples.keepingLatencies(0);
        s.record(0, TrafficHistograms.READ_HIT, 1, 1);
        assertThatThrownBy(() -> PauseMarks.mark(s, 1000, List.of(), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("every request's is needed");
    }

    @Test
    void aRealCollectionIsRecordedWhereItHappenedAfterTheWatchStarted() throws Exception {
        GcPauses watch = new GcPauses().start();
        assertThat(watch.uncertaintyMs()).as("the clock placed").isBetween(1L, 50L);
        Thread.sleep(200);
        System.gc();
        List<GcPauses.Pause> pauses = watch.stop();
        assertThat(pauses).isNotEmpty();
        assertThat(pauses.get(0).startMs()).as("200 ms after the start, on the watch's clock")
                .isBetween(200 - watch.uncertaintyMs() - 1, 400L);
        assertThat(pauses.get(0).durationMs()).isNotNegative();
        assertThat(pauses.get(0).collector()).isNotBlank();
    }
}
