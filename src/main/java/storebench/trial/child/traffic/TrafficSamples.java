package storebench.trial.child.traffic;

import org.HdrHistogram.Histogram;
import storebench.measure.Latency;
import storebench.measure.TrafficHistograms;

/**
 * What a traffic loop measured, in histograms by kind so that their size does not grow with the requests: latency
 * from the due time (what a tenant waited), service time from when the loop got to it (the same in a closed loop).
 * Where asked ({@link #keepingEach}) each request's figures are also kept in request order.
 */
public final class TrafficSamples {
    public final TrafficHistograms latency = new TrafficHistograms();
    public final TrafficHistograms service = new TrafficHistograms();
    /** For each request the loop waited for: how long after its due time the request started, ns. */
    public final Histogram wakeLateness = new Histogram(Latency.SIGNIFICANT_DIGITS);
    /** Per request, where kept; else empty. */
    public final byte[] kinds;
    public final long[] latencyNs;
    public final long[] serviceNs;
    /** Per request, where kept: from the loop's start to the end of its turn (prepared, served, checked), ns. */
    public final long[] endNs;
    public int served;
    /** The sum of the requests' service times, ns. */
    public long busyNs;
    /** The rate asked of an open loop (requests per second); NaN for a closed loop. */
    public double askedPerS = Double.NaN;
    /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
    public long startMs;
    /** From the loop's start (the first request's due time) to the last request's end. */
    public long wallNs;
    /** A closed loop's requests served before its cache was full (OpenLoop#closed); -1: it never was. */
    public int filledAt;

    private TrafficSamples(int kept, int keptWhole) {
        kinds = new byte[kept];
        latencyNs = new long[kept];
        serviceNs = new long[keptWhole];
        endNs = new long[keptWhole];
    }

    /** Also each request's kind and latency (9 bytes a request), for PauseMarks. */
    public static TrafficSamples keepingLatencies(int requests) {
        return new TrafficSamples(requests, 0);
    }

    public static TrafficSamples keepingEach(int requests) {
        return new TrafficSamples(requests, requests);
    }

    /** Request {@code k}'s figures, after its timed span. */
    void record(int k, int kind, long latency, long service) {
        this.latency.record(kind, latency);
        this.service.record(kind, service);
        busyNs += service;
        if (k < kinds.length) {
            kinds[k] = (byte) kind;
            latencyNs[k] = latency;
        }
        if (k < serviceNs.length) {
            serviceNs[k] = service;
        }
        served = k + 1;
    }

    /** Request {@code k}'s turn ended {@code ns} after the loop's start (where kept). */
    void ended(int k, long ns) {
        if (k < endNs.length) {
            endNs[k] = ns;
        }
    }

    public double reachedPerS() {
        return wallNs <= 0 ? Double.NaN : served * 1e9 / wallNs;
    }

    /** Busy time over the loop's wall time. */
    public double utilization() {
        return wallNs <= 0 ? Double.NaN : (double) busyNs / wallNs;
    }
}
