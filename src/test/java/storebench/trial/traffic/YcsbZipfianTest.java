package storebench.trial.traffic;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

/**
 * bench.trafficDist=ycsb against YCSB's own constants: its Zipfian over 10^10 items hashed onto the pool gives the
 * hottest of 1,000 tenants about 4% of the draws and an LRU of 100 about a fifth of hits, where zipf (the same Zipfian
 * over the pool itself) gives 13% and more than half.
 */
class YcsbZipfianTest {
    private static final int N = 1_000;
    private static final int DRAWS = 400_000;

    /** YCSB's ZETAN is zeta(10^10, 0.99): Euler-Maclaurin, n^(1-t)/(1-t) + zeta(t) + n^-t/2, with zeta(0.99) = -100 + gamma. */
    @Test
    void ycsbsZetanIsTheZetaOfItsItemCount() {
        double theta = 0.99;
        double n = YcsbZipfian.ITEM_COUNT;
        double riemannZeta = 1 / (theta - 1) + 0.5772156649; // the Laurent series at 1, to its constant term
        double approx = Math.pow(n, 1 - theta) / (1 - theta) + riemannZeta + Math.pow(n, -theta) / 2;
        assertThat(YcsbZipfian.ZETAN).isCloseTo(approx, offset(0.01));
    }

    @Test
    void theHottestOfAThousandTenantsGetsAbout4PercentAndAnLruOfAHundredHitsAboutAFifth() {
        double[] ycsb = shares(Tenants.Distribution.YCSB);
        assertThat(ycsb[0]).as("hottest tenant's share").isBetween(1 / YcsbZipfian.ZETAN, 0.043);
        assertThat(ycsb[1]).as("hit rate of an LRU of 100").isBetween(0.15, 0.27);

        double[] zipf = shares(Tenants.Distribution.ZIPF);
        assertThat(zipf[0]).as("zipf's hottest").isCloseTo(0.129, offset(0.003));
        assertThat(zipf[1]).as("zipf's hit rate").isBetween(0.52, 0.62);
    }

    @Test
    void hashesAsYcsbsFnvhash64() {
        // FNV-1a 64 of eight zero bytes, made non-negative: YCSB's Utils.fnvhash64(0)
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < 8; i++) {
            h *= 1099511628211L;
        }
        assertThat(YcsbZipfian.fnvhash64(0)).isEqualTo(Math.abs(h));
        assertThat(YcsbZipfian.fnvhash64(123_456_789L)).isNotNegative();
    }

    @Test
    void everyDrawIsATenantOfThePoolAndTheDistributionsAreNamedById() {
        YcsbZipfian z = new YcsbZipfian(7, new Xoshiro128(3, 0));
        for (int k = 0; k < 10_000; k++) {
            assertThat(z.next()).isBetween(0, 6);
        }
        assertThat(Tenants.Distribution.of("YCSB")).isEqualTo(Tenants.Distribution.YCSB);
        assertThatThrownBy(() -> Tenants.Distribution.of("uniform")).hasMessage("unknown tenant distribution"
                + " 'uniform'; valid: zipf, ycsb");
    }

    /** The hottest tenant's share of DRAWS draws from seed 1, and the hit rate of an LRU cache of 100 over them. */
    private static double[] shares(Tenants.Distribution dist) {
        TrafficDraws d = TrafficDraws.draw(dist, N, 1, 1, DRAWS);
        long[] byTenant = new long[N];
        Map<Integer, Boolean> lru = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
                return size() > 100;
            }
        };
        long hits = 0;
        for (int t : d.tenants) {
            byTenant[t]++;
            hits += lru.put(t, true) != null ? 1 : 0;
        }
        long hottest = 0;
        for (long c : byTenant) {
            hottest = Math.max(hottest, c);
        }
        return new double[] {(double) hottest / DRAWS, (double) hits / DRAWS};
    }
}
