package storebench.phase;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The seeded sample the phases beyond the reference's table visit, and a run median's own sampling error. */
class SampleTest {
    @Test
    void aRunsSampleIsTheStartOfItsVisitingOrderDistinctAndDifferentPerRun() {
        int[] all = OpenRunsPhase.visitingOrder(10_000, 2);
        int[] sample = Arrays.copyOf(all, 1000);

        assertThat(Arrays.stream(sample).distinct().count()).isEqualTo(1000);
        assertThat(sample).isNotEqualTo(Arrays.copyOf(OpenRunsPhase.visitingOrder(10_000, 3), 1000));
        // spread over the pool, not its first stores: the largest index is near its end
        assertThat(Arrays.stream(sample).max().getAsInt()).isGreaterThan(9_900);
    }

    @Test
    void theMediansIntervalIsTheOrderStatisticsAroundItFromTheNormalApproximation() {
        // 1..1000: median 500.5; ranks 469 and 532 (1-based) hold 469 and 532
        long[] samples = LongStream.rangeClosed(1, 1000).toArray();
        assertThat(Sample.halfWidth(samples)).isCloseTo((532 - 500.5) / 500.5, within(1e-9));
        // the order the samples come in does not matter
        long[] reversed = LongStream.rangeClosed(1, 1000).map(v -> 1001 - v).toArray();
        assertThat(Sample.halfWidth(reversed)).isEqualTo(Sample.halfWidth(samples));
    }

    @Test
    void moreSamplesOfTheSameSpreadGiveANarrowerInterval() {
        long[] thousand = LongStream.rangeClosed(1, 1000).map(v -> 1000 + v % 100).toArray();
        long[] hundred = LongStream.rangeClosed(1, 100).map(v -> 1000 + v % 100).toArray();
        assertThat(Sample.halfWidth(thousand)).isLessThan(Sample.halfWidth(hundred));
        assertThat(Sample.halfWidth(new long[]{5})).isZero();
    }
}
