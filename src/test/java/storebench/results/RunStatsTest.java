package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RunStatsTest {

    @Test
    void medianOfOddRunCountIsTheMiddleFigureWhateverTheOrder() {
        assertThat(RunStats.median(List.of(0.40, 0.10, 0.30))).isEqualTo(0.30);
        assertThat(RunStats.median(List.of(5.0, 1.0, 9.0, 3.0, 7.0))).isEqualTo(5.0);
    }

    @Test
    void medianOfEvenRunCountIsTheMeanOfTheTwoMiddleFigures() {
        assertThat(RunStats.median(List.of(0.4, 0.1, 0.3, 0.2))).isCloseTo(0.25, within(1e-12));
        assertThat(RunStats.median(List.of(2.0, 1.0))).isEqualTo(1.5);
    }

    @Test
    void medianOfOneFigureIsThatFigure() {
        assertThat(RunStats.median(List.of(0.123))).isEqualTo(0.123);
    }

    @Test
    void medianOfNoFiguresIsRejected() {
        assertThatThrownBy(() -> RunStats.median(List.<Double>of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RunStats.median(new long[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void spreadIsMaxMinusMinOverMedian() {
        // median 0.30, (0.40 - 0.20) / 0.30
        assertThat(RunStats.spread(List.of(0.40, 0.20, 0.30))).isCloseTo(0.2 / 0.3, within(1e-12));
        // R even: median (2 + 3) / 2 = 2.5, (4 - 1) / 2.5
        assertThat(RunStats.spread(List.of(4.0, 1.0, 3.0, 2.0))).isCloseTo(1.2, within(1e-12));
    }

    @Test
    void spreadOfIdenticalFiguresIsZero() {
        assertThat(RunStats.spread(List.of(0.25, 0.25, 0.25))).isZero();
    }

    @Test
    void medianOfLongsIsMiddleOrMeanOfTwoMiddleWithoutIntegerTruncation() {
        assertThat(RunStats.median(new long[] {300, 100, 200})).isEqualTo(200.0);
        assertThat(RunStats.median(new long[] {4096, 1024, 2048, 3073})).isEqualTo(2560.5);
    }

    @Test
    void medianOfLongsLeavesTheCallersArrayUnsorted() {
        long[] values = {3, 1, 2};
        RunStats.median(values);
        assertThat(values).containsExactly(3, 1, 2);
    }

    @Test
    void theMediansIntervalIsTheWidestRangeWhereTooFewRunsAllowNinetyFivePercent() {
        RunStats.Interval three = RunStats.medianInterval(List.of(0.31, 0.29, 0.35));
        assertThat(three.low()).isEqualTo(0.29);
        assertThat(three.high()).isEqualTo(0.35);
        assertThat(three.confidence()).isCloseTo(0.75, within(1e-12)); // 1 - 2 / 8
        assertThat(RunStats.medianInterval(List.of(1.0, 2.0, 3.0, 4.0, 5.0)).confidence())
                .isCloseTo(0.9375, within(1e-12)); // 1 - 2 / 32
    }

    @Test
    void withEnoughRunsTheMediansIntervalNarrowsWhileItKeepsNinetyFivePercent() {
        List<Double> ten = List.of(10.0, 1.0, 9.0, 2.0, 8.0, 3.0, 7.0, 4.0, 6.0, 5.0);
        RunStats.Interval i = RunStats.medianInterval(ten);
        // [x(2), x(9)]: 1 - 2 (1 + 10) / 1024 = 97.85%; [x(3), x(8)] would have 1 - 2 * 56 / 1024 = 89%
        assertThat(i.low()).isEqualTo(2.0);
        assertThat(i.high()).isEqualTo(9.0);
        assertThat(i.confidence()).isCloseTo(1 - 22.0 / 1024, within(1e-12));
        assertThat(RunStats.medianInterval(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0)).confidence())
                .isCloseTo(1 - 2.0 / 64, within(1e-12)).isGreaterThanOrEqualTo(0.95);
    }
}
