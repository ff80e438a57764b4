package storebench.phase;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PrecisionTest {
    @Test
    void aTargetReadsAsAPercentOrAFractionAndOffIsTheDefault() {
        assertThat(Precision.TARGET.read("3%")).hasValue(0.03);
        assertThat(Precision.TARGET.read(" 0.05 ")).hasValue(0.05);
        assertThat(Precision.TARGET.read(Precision.TARGET.fallback())).isEqualTo(OptionalDouble.empty());
        assertThat(Precision.MAX_RUNS.read(Precision.MAX_RUNS.fallback())).isEqualTo(12);
    }

    @Test
    void aBadTargetNamesTheOptionAndWhatWouldBeValid() {
        for (String bad : List.of("0", "-3%", "60%", "three", "%")) {
            assertThatThrownBy(() -> Precision.TARGET.read(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("bench.precision='" + bad + "' is not valid: give off")
                    .hasMessageContaining("3% or 0.03");
        }
    }

    @Test
    void fewerThanSixRunsNeverReachA95PercentIntervalHoweverClose() {
        assertThat(Precision.reached(List.of(1.0, 1.0, 1.0, 1.0, 1.0), 0.03)).isFalse();
        assertThat(Precision.reached(List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0), 0.03)).isTrue();
    }

    @Test
    void theIntervalsFartherEndFromTheMedianDecides() {
        // six runs: the interval is [lowest, highest] (96.9%); the median 1.0
        List<Double> runs = List.of(0.99, 1.0, 1.0, 1.0, 1.0, 1.04);
        assertThat(Precision.reached(runs, 0.05)).isTrue();
        assertThat(Precision.reached(runs, 0.03)).as("the highest is 4% above the median").isFalse();
        assertThat(Precision.reached(List.of(), 0.5)).isFalse();
    }

    @Test
    void theMostRunsAreMaxRunsOnlyUnderAPrecisionTargetAndNeverFewerThanR() {
        PhaseOptions off = new PhaseOptions() {
            @Override
            public <T> T option(PhaseOption<T> option) {
                return option.read(option.fallback());
            }
        };
        PhaseOptions on = new PhaseOptions() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T option(PhaseOption<T> option) {
                return option == Precision.TARGET ? (T) OptionalDouble.of(0.03) : option.read(option.fallback());
            }
        };
        assertThat(Precision.mostRuns(3, off)).isEqualTo(3);
        assertThat(Precision.mostRuns(3, on)).isEqualTo(12);
        assertThat(Precision.mostRuns(20, on)).isEqualTo(20);
    }
}
