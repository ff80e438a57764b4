package storebench.measure;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LatencyTest {
    private static final long MS = 1_000_000L;

    /** 1, 2, ..., 1000 ms in nanoseconds, shuffled order does not matter to a histogram. */
    private static long[] oneToThousandMs() {
        long[] samples = new long[1000];
        for (int k = 0; k < samples.length; k++) {
            samples[k] = (1000 - k) * MS;
        }
        return samples;
    }

    @Test
    void recordsEverySampleWithThreeSignificantDigits() {
        Histogram h = Latency.histogram(oneToThousandMs());
        assertThat(h.getTotalCount()).isEqualTo(1000);
        assertThat(h.getNumberOfSignificantValueDigits()).isEqualTo(3);
    }

    @Test
    void p50OfOneToThousandMsIsFiveHundredMsWithinHistogramPrecision() {
        double p50 = Latency.p50Ms(Latency.histogram(oneToThousandMs()));
        // 3 significant digits: the value is reported as the top of its bucket, at most 0.1% above
        assertThat(p50).isCloseTo(500.0, within(0.5)).isGreaterThanOrEqualTo(500.0);
    }

    @Test
    void p99OfOneToThousandMsIsNineHundredNinetyMsWithinHistogramPrecision() {
        double p99 = Latency.p99Ms(Latency.histogram(oneToThousandMs()));
        assertThat(p99).isCloseTo(990.0, within(0.99)).isGreaterThanOrEqualTo(990.0);
    }

    @Test
    void p50AndP99AreInMillisecondsNotNanoseconds() {
        Histogram h = Latency.histogram(new long[] {250_000, 250_000, 250_000}); // 0.25 ms each
        assertThat(Latency.p50Ms(h)).isCloseTo(0.25, within(0.00025));
        assertThat(Latency.p99Ms(h)).isCloseTo(0.25, within(0.00025));
    }

    @Test
    void rejectsNegativeSampleNamingIt() {
        assertThatThrownBy(() -> Latency.histogram(new long[] {10, -5, 20}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-5");
    }
}
