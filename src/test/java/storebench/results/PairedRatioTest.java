package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairedRatioTest {
    private static final List<Double> A = List.of(0.1409, 0.1404, 0.1395, 0.1411, 0.1402, 0.1407);

    @Test
    void aSteadyTwoPercentApartIsNoChangeAgainstThreePercent() {
        // B 1.8-2.3% slower in every pair, as the two libSQL pools read
        List<Double> b = scaled(A, 1.021, 1.023, 1.018, 1.023, 1.020, 1.019);
        PairedRatio r = PairedRatio.of(A, b);
        assertThat(r.ratio()).isCloseTo(1.0207, within(0.001));
        assertThat(r.low()).isGreaterThan(1.0).isLessThan(r.ratio());
        assertThat(r.high()).isLessThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.NO_CHANGE);
        assertThat(r.text()).isEqualTo("1.02 [1.02, 1.02]");
    }

    @Test
    void aFivePercentSlowerSideIsWorseBeyondThreePercent() {
        PairedRatio r = PairedRatio.of(A, scaled(A, 1.05, 1.047, 1.052, 1.049, 1.051, 1.05));
        assertThat(r.low()).isGreaterThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.WORSE);
        // a rate that is 5% higher is better
        assertThat(r.decide(0.03, true)).isEqualTo(PairedRatio.Decision.BETTER);
    }

    @Test
    void pairsThatDisagreeAreInconclusive() {
        PairedRatio r = PairedRatio.of(A, scaled(A, 0.95, 1.08, 1.01, 0.99, 1.04, 0.96));
        assertThat(r.low()).isLessThan(0.97);
        assertThat(r.high()).isGreaterThan(1.03);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.INCONCLUSIVE);
        assertThat(r.decide(0.03, false).decided()).isFalse();
    }

    @Test
    void fewerThanSixPairsDecideNothing() {
        // five pairs that agree to 0.1%: their least and most Walsh average bound only 1 - 2/32 = 94%
        PairedRatio r = PairedRatio.of(A.subList(0, 5), scaled(A.subList(0, 5), 1.0, 1.001, 0.999, 1.0, 1.0));
        assertThat(r.high() - r.low()).isLessThan(0.003);
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.INCONCLUSIVE);
    }

    @Test
    void theIntervalIsTheSignedRankOneOverTheWalshAverages() {
        // two-sided 5% critical values of the signed-rank statistic (tables): n 6: 0, n 10: 8, n 20: 52
        assertThat(PairedRatio.lowerRank(6)).isZero();
        assertThat(PairedRatio.lowerRank(10)).isEqualTo(8);
        assertThat(PairedRatio.lowerRank(20)).isEqualTo(52);
        assertThat(PairedRatio.lowerRank(5)).isZero();
        // beyond the exact counts, the normal approximation: the exact count at n 80 is 1,210
        assertThat(PairedRatio.lowerRank(80)).isBetween(1205, 1215);
        // six log ratios 0.01 .. 0.06: Walsh averages from 0.01 to 0.06, their median 0.035
        List<Double> ones = List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0);
        List<Double> b = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            b.add(Math.exp(0.01 * i));
        }
        PairedRatio r = PairedRatio.of(ones, b);
        assertThat(Math.log(r.ratio())).isCloseTo(0.035, within(1e-9));
        assertThat(Math.log(r.low())).isCloseTo(0.01, within(1e-9));
        assertThat(Math.log(r.high())).isCloseTo(0.06, within(1e-9));
    }

    @Test
    void onePairStruckByABurstMovesTheIntervalByARankNotAWidth() {
        // eleven pairs within 1% of no change and one a burst struck, 18% off: Student's t over them reads
        // [0.98, 1.05] (inconclusive at 3%); the signed-rank interval stays within 3%
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        double[] ratios = {1.004, 0.995, 1.008, 0.998, 1.001, 0.993, 1.006, 1.0, 0.997, 1.003, 1.18, 0.999};
        for (double ratio : ratios) {
            a.add(0.26);
            b.add(0.26 * ratio);
        }
        PairedRatio r = PairedRatio.of(a, b);
        assertThat(r.ratio()).isCloseTo(1.0, within(0.01));
        assertThat(r.decide(0.03, false)).isEqualTo(PairedRatio.Decision.NO_CHANGE);
    }

    @Test
    void refusesUnpairedOrTooFewFigures() {
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 2.0), List.of(1.0)))
                .hasMessageContaining("one of each side per pair");
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0), List.of(1.0))).hasMessageContaining("two pairs");
        assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 0.0), List.of(1.0, 1.0))).hasMessageContaining("positive");
    }

    private static List<Double> scaled(List<Double> a, double... ratios) {
        List<Double> b = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            b.add(a.get(i) * ratios[i]);
        }
        return b;
    }
}
