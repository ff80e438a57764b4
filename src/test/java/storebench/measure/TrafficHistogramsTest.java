package storebench.measure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TrafficHistogramsTest {
    @Test
    void eachRequestGoesIntoItsKindsHistogramAndIntoAll() {
        byte[] kinds = {TrafficHistograms.READ_HIT, TrafficHistograms.READ_HIT, TrafficHistograms.READ_MISS,
                TrafficHistograms.WRITE_HIT, TrafficHistograms.WRITE_MISS, TrafficHistograms.READ_HIT};
        long[] ns = {1_000, 2_000, 900_000, 5_000_000, 7_000_000, 123};

        TrafficHistograms h = TrafficHistograms.of(kinds, ns, 5); // the last was not served

        assertThat(h.requests()).isEqualTo(5);
        assertThat(h.hits.getTotalCount()).isEqualTo(2);
        assertThat(h.misses.getTotalCount()).isEqualTo(1);
        assertThat(h.writes.getTotalCount()).isEqualTo(2);
        assertThat(h.all.getTotalCount()).isEqualTo(5);
        assertThat(h.hits.getMaxValue()).isBetween(1_999L, 2_001L);
        assertThat(h.writes.getMinValue()).isBetween(4_995_000L, 5_000_000L);
        assertThat(h.count(TrafficHistograms.WRITE_MISS)).isEqualTo(1);
        assertThat(TrafficHistograms.ms(h.misses, 50)).isCloseTo(0.9, org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void theHitRateCountsReadsAndWritesThatFoundTheirStoreOpen() {
        TrafficHistograms h = TrafficHistograms.of(new int[] {0, 0, 1, 2, 3, 0, 2, 1}, new long[] {1, 1, 1, 1, 1, 1, 1,
                1});
        assertThat(h.hitRate()).isEqualTo(5.0 / 8);
        assertThat(new TrafficHistograms().hitRate()).isNaN();
    }

    @Test
    void rejectsAnUnknownKindANegativeLatencyAndArraysOfDifferentLengths() {
        TrafficHistograms h = new TrafficHistograms();
        assertThatThrownBy(() -> h.record(4, 10)).hasMessageContaining("unknown request kind 4");
        assertThatThrownBy(() -> h.record(0, -1)).hasMessageContaining("negative latency");
        assertThatThrownBy(() -> TrafficHistograms.of(new int[] {0, 1}, new long[] {5}))
                .hasMessageContaining("2 request kinds but 1 latencies");
    }
}
