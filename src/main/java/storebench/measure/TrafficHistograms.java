package storebench.measure;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * One measure of a traffic loop's requests (latency from the due time, or service time) by what each met: read hit,
 * read miss (the evicted store's close included), write to an open store, write that opened one; ns, 3 digits. Latency
 * from the due time shows a stall in every request it delayed (coordinated omission corrected, as wrk2). Recorded after
 * the timed span, sent compressed.
 */
public final class TrafficHistograms {
    /** What a request met, as both trial processes report it (one code per request). */
    public static final int READ_HIT = 0;
    public static final int READ_MISS = 1;
    public static final int WRITE_HIT = 2;
    public static final int WRITE_MISS = 3;
    public static final int KINDS = 4;

    private final Histogram[] byKind = new Histogram[KINDS];

    public TrafficHistograms() {
        for (int k = 0; k < KINDS; k++) {
            byKind[k] = new Histogram(Latency.SIGNIFICANT_DIGITS);
        }
    }

    private TrafficHistograms(Histogram[] byKind) {
        System.arraycopy(byKind, 0, this.byKind, 0, KINDS);
    }

    public void record(int kind, long ns) {
        if (kind < 0 || kind >= KINDS) {
            throw new IllegalArgumentException("unknown request kind " + kind + " (0 read hit, 1 read miss, 2 write to"
                    + " an open store, 3 write that opened one)");
        }
        if (ns < 0) {
            throw new IllegalArgumentException("negative time: " + ns + " ns");
        }
        byKind[kind].recordValue(ns);
    }

    /** Reads that found their store open. */
    public Histogram hits() {
        return byKind[READ_HIT].copy();
    }

    /** Reads that opened their store. */
    public Histogram misses() {
        return byKind[READ_MISS].copy();
    }

    /** Writes, to an open store or not. */
    public Histogram writes() {
        Histogram h = byKind[WRITE_HIT].copy();
        h.add(byKind[WRITE_MISS]);
        return h;
    }

    /** Every request. */
    public Histogram all() {
        Histogram h = byKind[READ_HIT].copy();
        for (int k = 1; k < KINDS; k++) {
            h.add(byKind[k]);
        }
        return h;
    }

    public long requests() {
        return java.util.Arrays.stream(byKind).mapToLong(Histogram::getTotalCount).sum();
    }

    public long count(int kind) {
        return byKind[kind].getTotalCount();
    }

    /** The share of requests, reads and writes, that found their store open; NaN before any. */
    public double hitRate() {
        long n = requests();
        return n == 0 ? Double.NaN : (double) (count(READ_HIT) + count(WRITE_HIT)) / n;
    }

    /** The four histograms, in kind order, each in HdrHistogram's compressed encoding, base64. */
    public List<String> encode() {
        return java.util.Arrays.stream(byKind).map(TrafficHistograms::encode).toList();
    }

    /** The same from {@link #encode()}'s form (either runtime's: the Node worker encodes with hdr-histogram-js). */
    public static TrafficHistograms decode(List<String> encoded) {
        if (encoded.size() != KINDS) {
            throw new IllegalArgumentException("a traffic measure has " + KINDS + " histograms (one per request kind),"
                    + " not " + encoded.size());
        }
        return new TrafficHistograms(encoded.stream().map(TrafficHistograms::decode).toArray(Histogram[]::new));
    }

    /** One histogram in HdrHistogram's compressed encoding, base64 (as its log files hold them). */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    public static Histogram decode(String base64) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)),
                    0);
            // the Node worker's histograms may come with another precision: ours is the one the figures assume
            Histogram ours = new Histogram(Latency.SIGNIFICANT_DIGITS);
            ours.add(h);
            return ours;
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a traffic histogram is not HdrHistogram's compressed encoding in base64: "
                    + e.getMessage(), e);
        }
    }

    /** The time at {@code percentile} (50, 99, 99.9) of {@code h}, in milliseconds. */
    public static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e6;
    }
}
