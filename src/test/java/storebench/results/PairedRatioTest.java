package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairedRatioTest {
    @Test
    void aSteadyTwoPercentApartIsNoChangeAgainstThreePercent() {
        // the libSQL pools: A 0.1409, 0.1404, 0.1395, 0.1411; B 0.1441, 0.1425, 0.1425, 0.1449
        PairedRatio r = PairedRatio.of(List.of(0.1409, 0.1404, 0.1395, 0.1411), List.of(0.1441, 0.1425, 0.1425,
                0.1449));
        assertThat(r.ratio()).isCloseTo(1.0207, within(0.001));
        assertThat(r.low()).isGreaterThan(1.0).isLessThan(r.ratio());
        assertThat(r.high()).isLessThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.NO_CHANGE);
        assertThat(r.text()).isEqualTo("1.02 [1.01, 1.03]");
    }

    @Test
    void aFivePercentSlowerSideIsWorseBeyondThreePercent() {
        List<Double> a = List.of(0.100, 0.102, 0.101, 0.103, 0.100, 0.101);
        List<Double> b = a.stream().map(v -> v * 1.05 * (1 + (v - 0.101) / 10)).toList();
        PairedRatio r = PairedRatio.of(a, b);
        assertThat(r.low()).isGreaterThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.WORSE);
        // a rate that is 5% higher is better
        assertThat(r.decide(0.03, true)).isEqualTo(PairedRatio.Decision.BETTER);
    }

    @Test
    void pairsThatDisagreeAreInconclusive() {
        PairedRatio r = PairedRatio.of(List.of(1.0, 1.0, 1.0), List.of(0.95, 1.08, 1.01));
        assertThat(r.low()).isLessThan(0.97);
        assertThat(r.high()).isGreaterThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.INCONCLUSIVE);
        assertThat(r.decide(0.03, false).decided()).isFalse();
    }

    @Test
    void theIntervalIsStudentsTOverThePairsLogRatios() {
        // log ratios 0.01 and 0.03: mean 0.02, sd 0.01414, n 2, t(1) 12.706: half-width 0.127
        PairedRatio r = PairedRatio.of(List.of(1.0, 1.0), List.of(Math.exp(0.01), Math.exp(0.03)));
        assertThat(Math.log(r.ratio())).isCloseTo(0.02, within(1e-9));
        assertThat(Math.log(r.high()) - Math.log(r.ratio())).isCloseTo(12.706 * 0.01, within(1e-3));
        assertThat(PairedRatio.t975(40)).isBetween(2.0, 2.03);
    }

    @Test
    void refusesUnpairedOrTooFewFigures() {
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 2.0), List.of(1.0)))
                .hasMessageContaining("one of each side per pair");
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0), List.of(1.0))).hasMessageContaining("two pairs");
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 0.0), List.of(1.0, 1.0))).hasMessageContaining("positive");
    }
}
