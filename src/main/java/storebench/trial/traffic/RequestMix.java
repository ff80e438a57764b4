package storebench.trial.traffic;

/** Each request writes with probability {@code writeShare}, drawn from a stream of its own, apart from the tenants'. */
public final class RequestMix {
    /** bench.trafficMix's default: 95% of the requests read. */
    public static final double DEFAULT_READ_SHARE = 0.95;

    private final double writeShare;
    private final Xoshiro128 random;

    public RequestMix(double readShare, Xoshiro128 random) {
        if (!(readShare >= 0 && readShare <= 1)) {
            throw new IllegalArgumentException("the share of reads must lie in [0, 1], got " + readShare);
        }
        this.writeShare = 1 - readShare;
        this.random = random;
    }

    /** Whether the next request writes (a note, in a transaction of its own) rather than reads (the count). */
    public boolean nextIsWrite() {
        return random.nextDouble() < writeShare;
    }
}
