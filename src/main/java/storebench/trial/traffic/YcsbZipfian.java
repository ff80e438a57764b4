package storebench.trial.traffic;

/**
 * {@code bench.trafficDist=ycsb}: YCSB's ScrambledZipfianGenerator (site/ycsb/generator): a Zipfian over
 * {@link #ITEM_COUNT} items, each hashed with YCSB's fnvhash64 modulo the tenant count. Many items share a tenant, so it
 * is flatter than {@link PermutedZipfian} (docs/measuring.md, "traffic"); users who read YCSB's figures expect it.
 */
public final class YcsbZipfian implements Tenants {
    /** YCSB's ScrambledZipfianGenerator.ITEM_COUNT: the Zipfian it hashes from. */
    static final long ITEM_COUNT = 10_000_000_000L;
    /** YCSB's ScrambledZipfianGenerator.ZETAN: zeta(ITEM_COUNT, 0.99), which YCSB does not compute at run time. */
    static final double ZETAN = 26.46902820178302;
    private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
    private static final long FNV_PRIME_64 = 1099511628211L;
    /** YCSB's ZipfianGenerator(0, ITEM_COUNT): items = max - min + 1. */
    private static final PermutedZipfian.Ranks ITEMS = PermutedZipfian.Ranks.of(ITEM_COUNT + 1, PermutedZipfian.THETA,
            ZETAN);

    private final int tenants;
    private final Xoshiro128 random;

    public YcsbZipfian(int tenants, Xoshiro128 random) {
        if (tenants < 1) {
            throw new IllegalArgumentException("a pool needs at least 1 tenant, got " + tenants);
        }
        this.tenants = tenants;
        this.random = random;
    }

    @Override
    public int next() {
        return (int) Math.floorMod(fnvhash64(ITEMS.next(random)), (long) tenants);
    }

    /** YCSB's Utils.fnvhash64: FNV-1a over the value's eight bytes, least significant first, made non-negative. */
    static long fnvhash64(long value) {
        long hash = FNV_OFFSET_BASIS_64;
        for (int i = 0; i < 8; i++) {
            hash ^= (value >>> (8 * i)) & 0xFF;
            hash *= FNV_PRIME_64;
        }
        return Math.abs(hash);
    }
}
