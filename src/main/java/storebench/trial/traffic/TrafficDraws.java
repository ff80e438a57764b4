package storebench.trial.traffic;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * A run's requests, drawn in the parent and sent as the trial process' schedule, as YCSB's client draws and its
 * bindings only execute: one generator whatever the runtime. Tenants from stream 0 of the seed, the mix from stream 1;
 * fixtures/traffic-draws.json pins the sequence.
 */
public final class TrafficDraws {
    public final int[] tenants;
    public final boolean[] writes;

    private TrafficDraws(int[] tenants, boolean[] writes) {
        this.tenants = tenants;
        this.writes = writes;
    }

    /** {@code requests} requests over {@code stores} tenants of {@code dist}, {@code readShare} of them reads. */
    public static TrafficDraws draw(Tenants.Distribution dist, int stores, double readShare, long seed, int requests) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests " + requests + " is negative");
        }
        Tenants tenants = dist.over(stores, new Xoshiro128(seed, 0));
        if (!(readShare >= 0 && readShare <= 1)) {
            throw new IllegalArgumentException("the share of reads must lie in [0, 1], got " + readShare);
        }
        // each request writes (a note, in a transaction of its own) with probability 1 - readShare, else reads (the
        // count), drawn from a stream of its own, apart from the tenants'
        Xoshiro128 mix = new Xoshiro128(seed, 1);
        double writeShare = 1 - readShare;
        int[] drawn = new int[requests];
        boolean[] writes = new boolean[requests];
        for (int k = 0; k < requests; k++) {
            drawn[k] = tenants.next();
            writes[k] = mix.nextDouble() < writeShare;
        }
        return new TrafficDraws(drawn, writes);
    }

    public static TrafficDraws draw(int stores, double readShare, long seed, int requests) {
        return draw(Tenants.Distribution.ZIPF, stores, readShare, seed, requests);
    }

    public int requests() {
        return tenants.length;
    }

    public TrafficDraws first(int n) {
        if (n < 0 || n > requests()) {
            throw new IllegalArgumentException("the first " + n + " of " + requests() + " requests");
        }
        return new TrafficDraws(java.util.Arrays.copyOf(tenants, n), java.util.Arrays.copyOf(writes, n));
    }

    /** The fewest first requests holding {@code least} of each kind the mix draws; -1 where the draws hold fewer. */
    public int holding(int least, double readShare) {
        boolean needReads = readShare > 0;
        boolean needWrites = readShare < 1;
        int reads = 0;
        int writesSeen = 0;
        for (int k = 0; k < requests(); k++) {
            if (writes[k]) {
                writesSeen++;
            } else {
                reads++;
            }
            if ((!needReads || reads >= least) && (!needWrites || writesSeen >= least)) {
                return k + 1;
            }
        }
        return least == 0 ? 0 : -1;
    }

    /**
     * The schedule as the protocol carries it: per request one little-endian int32, the tenant shifted left by one,
     * its lowest bit set where the request writes; base64. Four bytes a request, whatever the pool.
     */
    public String encode() {
        ByteBuffer b = ByteBuffer.allocate(4 * requests()).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < requests(); k++) {
            b.putInt(tenants[k] << 1 | (writes[k] ? 1 : 0));
        }
        return Base64.getEncoder().encodeToString(b.array());
    }

    /** A schedule from {@link #encode()}'s form; one that is not whole int32s, or names a negative tenant, is refused. */
    public static TrafficDraws decode(String schedule) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(schedule);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a traffic schedule is not base64: " + e.getMessage(), e);
        }
        if (bytes.length % 4 != 0) {
            throw new IllegalArgumentException("a traffic schedule of " + bytes.length + " bytes is not whole requests"
                    + " (4 bytes each)");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int n = bytes.length / 4;
        int[] tenants = new int[n];
        boolean[] writes = new boolean[n];
        for (int k = 0; k < n; k++) {
            int v = b.getInt();
            if (v < 0) {
                throw new IllegalArgumentException("request " + k + " of a traffic schedule names a negative tenant");
            }
            tenants[k] = v >>> 1;
            writes[k] = (v & 1) != 0;
        }
        return new TrafficDraws(tenants, writes);
    }
}
