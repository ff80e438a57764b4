package storebench.trial.traffic;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

public class TrafficDrawsTest {
    /** What each store's count must exceed W by after a run of these draws. */
    public static int[] writesPerStore(TrafficDraws draws, int stores) {
        int[] per = new int[stores];
        for (int k = 0; k < draws.requests(); k++) {
            if (draws.writes[k]) {
                per[draws.tenants[k]]++;
            }
        }
        return per;
    }

    @Test
    void theDefaultMixWritesAboutOneRequestInTwentyAndFiftyFiftyAboutHalf() {
        for (double readShare : new double[] {0.95, 0.5}) {
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
        assertThat(writesPerStore(TrafficDraws.draw(10, 1, 1, 1_000), 10)).containsOnly(0);
        assertThat(Arrays.stream(writesPerStore(TrafficDraws.draw(10, 0, 1, 1_000), 10)).sum()).isEqualTo(1_000);
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
        int[] per = writesPerStore(d, 50);
        long writes = 0;
        for (boolean w : d.writes) {
            writes += w ? 1 : 0;
        }
        assertThat(Arrays.stream(per).asLongStream().sum()).isEqualTo(writes);
    }

    @Test
    void aScheduleCrossesThePipeAsFourBytesARequestAndComesBackTheSame() {
        TrafficDraws d = TrafficDraws.draw(Tenants.Distribution.YCSB, 10_000, 0.5, 5, 3_000);
        String schedule = d.encode();
        assertThat(schedule.length()).isEqualTo(4 * 3_000 * 4 / 3);
        TrafficDraws back = TrafficDraws.decode(schedule);
        assertThat(back.tenants).isEqualTo(d.tenants);
        assertThat(back.writes).isEqualTo(d.writes);
        assertThatThrownBy(() -> TrafficDraws.decode("AAA=")).hasMessageContaining("not whole requests");
        assertThatThrownBy(() -> TrafficDraws.decode("not base64!")).hasMessageContaining("not base64");
    }

    @Test
    void holdingFindsTheFirstRequestsWithEnoughReadsAndWrites() {
        TrafficDraws d = TrafficDraws.draw(1_000, 0.95, 1, 400_000);
        int n = d.holding(10_000, 0.95);
        int writes = 0;
        for (int k = 0; k < n; k++) {
            writes += d.writes[k] ? 1 : 0;
        }
        assertThat(writes).isEqualTo(10_000);
        assertThat(d.writes[n - 1]).as("the 10,000th write ends it").isTrue();
        assertThat(n).isBetween(190_000, 210_000);
        assertThat(TrafficDraws.draw(1_000, 1, 1, 20_000).holding(10_000, 1)).as("reads only: reads alone")
                .isEqualTo(10_000);
        assertThat(d.holding(1_000_000, 0.95)).as("more than the draws hold").isEqualTo(-1);
        assertThat(d.first(5).tenants).containsExactly(java.util.Arrays.copyOf(d.tenants, 5));
    }
}
