package storebench.trial.child.traffic;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

class TrafficDrawsTest {
    @Test
    void theDefaultMixWritesAboutOneRequestInTwentyAndFiftyFiftyAboutHalf() {
        for (double readShare : new double[] {RequestMix.DEFAULT_READ_SHARE, 0.5}) {
            TrafficDraws d = TrafficDraws.draw(1_000, readShare, 4, 200_000);
            long writes = 0;
            for (boolean w : d.writes) {
                writes += w ? 1 : 0;
            }
            double share = 1 - readShare;
            double sigma = Math.sqrt(share * (1 - share) / 200_000);
            assertThat(writes / 200_000.0).as("writes at %s reads", readShare).isCloseTo(share, offset(6 * sigma));
        }
    }

    @Test
    void allReadsAndAllWritesAreAllowed() {
        assertThat(TrafficDraws.draw(10, 1, 1, 1_000).writesPerStore(10)).containsOnly(0);
        assertThat(Arrays.stream(TrafficDraws.draw(10, 0, 1, 1_000).writesPerStore(10)).sum()).isEqualTo(1_000);
        assertThatThrownBy(() -> TrafficDraws.draw(10, 1.2, 1, 1)).hasMessageContaining("must lie in [0, 1]");
    }

    @Test
    void theMixDoesNotChangeWhichTenantsAreDrawn() {
        TrafficDraws b = TrafficDraws.draw(1_000, 0.95, 9, 10_000);
        TrafficDraws a = TrafficDraws.draw(1_000, 0.5, 9, 10_000);
        assertThat(a.tenants).isEqualTo(b.tenants);
        assertThat(a.writes).isNotEqualTo(b.writes);
    }

    @Test
    void eachSeedDrawsItsOwnSequenceAndTheSameSeedTheSame() {
        assertThat(TrafficDraws.draw(1_000, 0.95, 1, 1_000).tenants)
                .isEqualTo(TrafficDraws.draw(1_000, 0.95, 1, 1_000).tenants)
                .isNotEqualTo(TrafficDraws.draw(1_000, 0.95, 2, 1_000).tenants);
    }

    @Test
    void writesPerStoreAddsUpToTheWrites() {
        TrafficDraws d = TrafficDraws.draw(50, 0.5, 3, 5_000);
        int[] per = d.writesPerStore(50);
        long writes = 0;
        for (boolean w : d.writes) {
            writes += w ? 1 : 0;
        }
        assertThat(Arrays.stream(per).asLongStream().sum()).isEqualTo(writes);
    }
}
