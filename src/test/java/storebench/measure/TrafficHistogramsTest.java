package storebench.measure;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TrafficHistogramsTest {
    @Test
    void eachRequestGoesIntoItsKindAndTheGroupsAddThemUp() {
        TrafficHistograms h = new TrafficHistograms();
        int[] kinds = {TrafficHistograms.READ_HIT, TrafficHistograms.READ_HIT, TrafficHistograms.READ_MISS,
                TrafficHistograms.WRITE_HIT, TrafficHistograms.WRITE_MISS};
        long[] ns = {1_000, 2_000, 900_000, 5_000_000, 7_000_000};
        for (int k = 0; k < kinds.length; k++) {
            h.record(kinds[k], ns[k]);
        }

        assertThat(h.requests()).isEqualTo(5);
        assertThat(h.hits().getTotalCount()).isEqualTo(2);
        assertThat(h.misses().getTotalCount()).isEqualTo(1);
        assertThat(h.writes().getTotalCount()).isEqualTo(2);
        assertThat(h.all().getTotalCount()).isEqualTo(5);
        assertThat(h.hits().getMaxValue()).isBetween(1_999L, 2_001L);
        assertThat(h.writes().getMinValue()).isBetween(4_995_000L, 5_000_000L);
        assertThat(h.count(TrafficHistograms.WRITE_MISS)).isEqualTo(1);
        assertThat(TrafficHistograms.ms(h.misses(), 50)).isCloseTo(0.9, org.assertj.core.data.Offset.offset(0.001));
        assertThat(h.all().getMean() * h.all().getTotalCount()).isCloseTo(12_903_000, org.assertj.core.data.Percentage.withPercentage(0.1));
    }

    @Test
    void theHitRateCountsReadsAndWritesThatFoundTheirStoreOpen() {
        TrafficHistograms h = new TrafficHistograms();
        for (int kind : new int[] {0, 0, 1, 2, 3, 0, 2, 1}) {
            h.record(kind, 1);
        }
        assertThat(h.hitRate()).isEqualTo(5.0 / 8);
        assertThat(new TrafficHistograms().hitRate()).isNaN();
    }

    @Test
    void rejectsAnUnknownKindANegativeTimeAndAnEncodingThatIsNotOne() {
        TrafficHistograms h = new TrafficHistograms();
        assertThatThrownBy(() -> h.record(4, 10)).hasMessageContaining("unknown request kind 4");
        assertThatThrownBy(() -> h.record(0, -1)).hasMessageContaining("negative time");
        assertThatThrownBy(() -> TrafficHistograms.decode(List.of("a", "b"))).hasMessageContaining("4 histograms");
        assertThatThrownBy(() -> TrafficHistograms.decode("bm90IGEgaGlzdG9ncmFt"))
                .hasMessageContaining("not HdrHistogram's compressed encoding");
    }

    @Test
    void anEncodedMeasureDecodesToTheSameCountsAndPercentiles() {
        TrafficHistograms h = filled(50_000, 7);
        TrafficHistograms back = TrafficHistograms.decode(h.encode());
        for (int kind = 0; kind < TrafficHistograms.KINDS; kind++) {
            assertThat(back.count(kind)).isEqualTo(h.count(kind));
        }
        Histogram all = h.all();
        Histogram allBack = back.all();
        for (double p : new double[] {50, 99, 99.9}) {
            assertThat(allBack.getValueAtPercentile(p)).isEqualTo(all.getValueAtPercentile(p));
        }
    }

    /**
     * What crosses the pipe is four histograms at a fixed precision, bounded by their range (buckets), not by their
     * requests: fifty times the requests fill more buckets (here every one of a 20 us - 100 ms spread), then ten times
     * more again change only the counts' bytes, up to the bound of every bucket filled. The per-request arrays it replaced took about 8 bytes a request.
     */
    @Test
    void anAnswersSizeIsBoundedWhateverItsRequests() {
        int small = encodedBytes(filled(10_000, 1));
        int large = encodedBytes(filled(500_000, 1));
        int huge = encodedBytes(filled(5_000_000, 1));
        assertThat(large).as("500,000 requests against 10,000's %d bytes", small).isLessThan(5 * small);
        assertThat(huge).as("5,000,000 requests against 500,000's %d bytes", large).isLessThan(2 * large);
        // every bucket of the spread (about 13 doublings of 1,024 at 3 digits, four kinds) at 3 bytes a count at most
        assertThat(huge).as("against the arrays' 40 MB").isLessThan(13 * 1_024 * 4 * 3 * 4 / 3);
    }

    private static int encodedBytes(TrafficHistograms h) {
        return h.encode().stream().mapToInt(String::length).sum();
    }

    /** Requests of every kind, from 20 us to 100 ms, log-uniform, as a loop's latencies spread. */
    private static TrafficHistograms filled(int requests, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TrafficHistograms h = new TrafficHistograms();
        for (int k = 0; k < requests; k++) {
            h.record(random.nextInt(TrafficHistograms.KINDS), (long) (20_000 * Math.pow(5_000, random.nextDouble())));
        }
        return h;
    }
}
