package storebench.trial.traffic;

import java.util.Arrays;

/**
 * {@code bench.trafficDist=zipf} (docs/measuring.md, "traffic"): ranks drawn as YCSB's ZipfianGenerator draws them
 * (Gray et al.), rank r then the r-th tenant in FNV hash order, so the hot tenants are spread over the pool and, unlike
 * {@link YcsbZipfian}, no two ranks share one. The permutation does not depend on the seed.
 */
public final class PermutedZipfian implements Tenants {
    /** YCSB's Zipfian constant. */
    public static final double THETA = 0.99;

    private final Ranks ranks;
    private final int[] tenantOfRank;
    private final Xoshiro128 random;

    public PermutedZipfian(int items, Xoshiro128 random) {
        this(items, THETA, random);
    }

    PermutedZipfian(int items, double theta, Xoshiro128 random) {
        if (items < 2) {
            throw new IllegalArgumentException("a Zipfian needs at least 2 items, got " + items);
        }
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("the Zipfian constant must lie in (0, 1), got " + theta);
        }
        this.random = random;
        ranks = Ranks.of(items, theta, zeta(items, theta));
        tenantOfRank = scramble(items);
    }

    /**
     * YCSB's ZipfianGenerator.nextLong over ranks 0..items-1 (Gray et al.), rank 0 the most frequent: ranks 0 and 1
     * exact, the rest by the inverse; {@code secondBound} is 1 + 0.5^theta, below which (times zeta) it is rank 1.
     */
    record Ranks(long items, double zetaN, double alpha, double eta, double secondBound) {
        static Ranks of(long items, double theta, double zetaN) {
            return new Ranks(items, zetaN, 1.0 / (1.0 - theta), (1 - StrictMath.pow(2.0 / items, 1 - theta))
                    / (1 - zeta(2, theta) / zetaN), 1 + StrictMath.pow(0.5, theta));
        }

        long next(Xoshiro128 random) {
            double u = random.nextDouble();
            double uz = u * zetaN;
            if (uz < 1) {
                return 0;
            }
            if (uz < secondBound) {
                return 1;
            }
            return (long) (items * StrictMath.pow(eta * u - eta + 1, alpha));
        }
    }

    /** zeta(n, theta) = the sum over i = 1..n of 1 / i^theta, summed in that order. */
    public static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += 1 / StrictMath.pow(i, theta);
        }
        return sum;
    }

    @Override
    public int next() {
        return tenantOfRank[nextRank()];
    }

    /** The next rank, 0 the most frequent. */
    int nextRank() {
        return (int) ranks.next(random);
    }

    /**
     * Tenant ids ordered by their FNV-1a hash (32 bits, the id's four bytes little-endian; ties by id): rank r is drawn
     * as the r-th of them. A permutation, so no two ranks share a tenant.
     */
    static int[] scramble(int items) {
        long[] keyed = new long[items];
        for (int id = 0; id < items; id++) {
            // the hash with its top bit flipped in the high word sorts as the unsigned hash; the id in the low word
            keyed[id] = ((long) (fnv1a(id) ^ Integer.MIN_VALUE) << 32) | id;
        }
        Arrays.sort(keyed);
        return Arrays.stream(keyed).mapToInt(k -> (int) k).toArray();
    }

    /** FNV-1a, 32 bits, over the four bytes of {@code id}, least significant first. */
    static int fnv1a(int id) {
        int hash = 0x811C9DC5;
        for (int b = 0; b < 4; b++) {
            hash ^= (id >>> (8 * b)) & 0xFF;
            hash *= 0x01000193;
        }
        return hash;
    }
}
