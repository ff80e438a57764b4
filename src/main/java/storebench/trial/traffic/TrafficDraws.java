package storebench.trial.child.traffic;

/**
 * A run's requests, drawn before its loop starts (so that drawing costs nothing between two requests): request k
 * goes to tenant {@code tenants[k]} and writes where {@code writes[k]}. Seeded per run: the tenants from stream 0 of
 * the seed, the mix from stream 1 (Xoshiro128). The Node worker's drawRequests answers the same arrays for the same
 * arguments; fixtures/traffic-draws.json pins both.
 */
public final class TrafficDraws {
    public final int[] tenants;
    public final boolean[] writes;

    private TrafficDraws(int[] tenants, boolean[] writes) {
        this.tenants = tenants;
        this.writes = writes;
    }

    /** {@code requests} requests over {@code stores} tenants, {@code readShare} of them reads, from {@code seed}. */
    public static TrafficDraws draw(int stores, double readShare, long seed, int requests) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests " + requests + " is negative");
        }
        ScrambledZipfian tenants = new ScrambledZipfian(stores, new Xoshiro128(seed, 0));
        RequestMix mix = new RequestMix(readShare, new Xoshiro128(seed, 1));
        int[] drawn = new int[requests];
        boolean[] writes = new boolean[requests];
        for (int k = 0; k < requests; k++) {
            drawn[k] = tenants.next();
            writes[k] = mix.nextIsWrite();
        }
        return new TrafficDraws(drawn, writes);
    }

    public int requests() {
        return tenants.length;
    }

    /** How many writes each store receives: what its count must exceed W by after the run. */
    public int[] writesPerStore(int stores) {
        int[] per = new int[stores];
        for (int k = 0; k < tenants.length; k++) {
            if (writes[k]) {
                per[tenants[k]]++;
            }
        }
        return per;
    }
}
