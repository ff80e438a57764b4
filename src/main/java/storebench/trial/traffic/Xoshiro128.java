package storebench.trial.traffic;

/**
 * The traffic schedule's seeded pseudo-random generator: xoshiro128** (Blackman and Vigna) on 32-bit words, seeded
 * from a 64-bit seed by splitmix64; fixtures/traffic-draws.json pins its sequence, so a run's requests stay the same
 * from one version to the next. Not thread-safe: one per draw.
 */
public final class Xoshiro128 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final double TWO_TO_MINUS_53 = 0x1.0p-53;

    private int s0;
    private int s1;
    private int s2;
    private int s3;

    /**
     * Stream {@code stream} (0, 1, ...) of {@code seed}: its state is splitmix64's outputs 2 * stream and
     * 2 * stream + 1 from {@code seed}, so that the tenants and the mix of one run draw from unrelated streams.
     */
    public Xoshiro128(long seed, int stream) {
        if (stream < 0) {
            throw new IllegalArgumentException("stream " + stream + " is negative");
        }
        long state = seed + 2L * stream * GOLDEN_GAMMA + GOLDEN_GAMMA; // wraps, as splitmix64's state does
        long a = splitmix64(state);
        state += GOLDEN_GAMMA;
        long b = splitmix64(state);
        s0 = (int) (a >>> 32);
        s1 = (int) a;
        s2 = (int) (b >>> 32);
        s3 = (int) b;
        if ((s0 | s1 | s2 | s3) == 0) {
            s0 = 1; // the one state xoshiro never leaves; splitmix64 practically never yields it
        }
    }

    /** A generator in the given state (the reference implementation's test vectors start from one). */
    Xoshiro128(int s0, int s1, int s2, int s3) {
        this.s0 = s0;
        this.s1 = s1;
        this.s2 = s2;
        this.s3 = s3;
    }

    /** splitmix64's output for the state {@code z} (its state after the increment). */
    static long splitmix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next 32 random bits (as a signed int; JavaScript's is the same bits as an unsigned number). */
    public int nextInt() {
        int result = Integer.rotateLeft(s1 * 5, 7) * 9;
        int t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Integer.rotateLeft(s3, 11);
        return result;
    }

    /** A double in [0, 1) from 53 random bits (27 of one word, 26 of the next): exact in both runtimes. */
    public double nextDouble() {
        long high = nextInt() >>> 5;
        long low = nextInt() >>> 6;
        return (high * 67_108_864L + low) * TWO_TO_MINUS_53;
    }
}
