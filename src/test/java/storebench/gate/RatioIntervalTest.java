package storebench.gate;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The bootstrap interval of a ratio of medians: where it lies, how wide, and that it is the same every time. */
class RatioIntervalTest {
    @Test
    void identicalRunsGiveAPointAndTheRatio() {
        RatioInterval i = RatioInterval.of(List.of(2.0, 2.0, 2.0), List.of(3.0, 3.0, 3.0));
        assertThat(i.ratio()).isEqualTo(1.5);
        assertThat(i.low()).isEqualTo(1.5);
        assertThat(i.high()).isEqualTo(1.5);
        assertThat(i.resolution()).isZero();
    }

    @Test
    void threeRunsSpanAboutTheirExtremes() {
        RatioInterval i = RatioInterval.of(List.of(1.0, 1.1, 0.9), List.of(1.0, 1.2, 0.8));
        assertThat(i.ratio()).isEqualTo(1.0);
        assertThat(i.low()).isCloseTo(0.8 / 1.1, within(1e-9));
        assertThat(i.high()).isCloseTo(1.2 / 0.9, within(1e-9));
        assertThat(i.inverse().low()).isCloseTo(0.9 / 1.2, within(1e-9));
    }

    @Test
    void moreRunsNarrowIt() {
        RatioInterval three = RatioInterval.of(List.of(1.0, 1.1, 0.9), List.of(1.0, 1.1, 0.9));
        RatioInterval nine = RatioInterval.of(List.of(1.0, 1.1, 0.9, 1.0, 1.05, 0.95, 1.0, 1.02, 0.98),
                List.of(1.0, 1.1, 0.9, 1.0, 1.05, 0.95, 1.0, 1.02, 0.98));
        assertThat(nine.resolution()).isLessThan(three.resolution());
    }

    @Test
    void sameFiguresSameInterval() {
        List<Double> b = List.of(0.61, 0.59, 0.64, 0.6);
        List<Double> n = List.of(0.66, 0.62, 0.6);
        assertThat(RatioInterval.of(b, n)).isEqualTo(RatioInterval.of(b, n));
    }

    @Test
    void needsTwoRunsASide() {
        assertThatThrownBy(() -> RatioInterval.of(List.of(1.0), List.of(1.0, 2.0)))
                .hasMessageContaining("two or more run figures");
    }
}
