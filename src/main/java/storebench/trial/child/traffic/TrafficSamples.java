package storebench.trial.child.traffic;

/**
 * What a traffic loop measured, one element per request in request order: what the request met (a
 * {@link storebench.measure.TrafficHistograms} code), its latency, and its service time. In an open loop the latency
 * runs from the time the request was due to its end (what a tenant waited), the service time from when the loop got to
 * it (what a closed-loop timer would record); in a closed loop the two are the same.
 */
public final class TrafficSamples {
    public final byte[] kinds;
    public final long[] latencyNs;
    public final long[] serviceNs;
    /** The requests served (a closed step may stop at its time budget before the last). */
    public int served;
    /** The rate asked of an open loop (requests per second); NaN for a closed loop. */
    public double askedPerS = Double.NaN;
    /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
    public long startMs;
    /** From the loop's start (the first request's due time) to the last request's end. */
    public long wallNs;

    TrafficSamples(int requests) {
        kinds = new byte[requests];
        latencyNs = new long[requests];
        serviceNs = new long[requests];
    }

    /** The requests served per second of the loop's wall time. */
    public double reachedPerS() {
        return wallNs <= 0 ? Double.NaN : served * 1e9 / wallNs;
    }
}
