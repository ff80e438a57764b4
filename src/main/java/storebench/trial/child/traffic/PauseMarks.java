package storebench.trial.child.traffic;

import storebench.measure.TrafficHistograms;

import java.util.List;

/**
 * Marks the requests whose wait (due time to end) overlapped a collector pause; the others' latencies make the tail no
 * pause touched. Apart from that it marks the requests a write held back: the loop serves one request at a time, so a
 * request waited behind a write where a write was served in the same busy stretch before it (the loop busy from that
 * write until the request started: directly, or behind the requests the write had held back); the others' latencies
 * are the tail a tenant meets where writes are served on another thread than reads. Pauses are known to the millisecond, so each is widened by {@link #SLACK_NS} on both sides. The Node
 * worker's twin is lib/traffic-loop.js' markPauses.
 */
public final class PauseMarks {
    static final long SLACK_NS = 1_000_000;

    /**
     * The pauses, the untouched requests' latencies by kind, how many requests a pause touched, and the latencies of
     * the requests no write held back.
     */
    public record Marked(List<GcPauses.Pause> pauses, TrafficHistograms untouched, int touched,
                         TrafficHistograms clearOfWrites) {
    }

    private PauseMarks() {
    }

    /**
     * {@code s} must have kept each request's kind and latency; {@code pauses} in order, starts after the loop's, each
     * widened by {@code uncertaintyMs} more on both sides (GcPauses#uncertaintyMs).
     */
    public static Marked mark(TrafficSamples s, double ratePerS, List<GcPauses.Pause> pauses, long uncertaintyMs) {
        if (s.served > s.latencyNs.length) {
            throw new IllegalArgumentException("the loop kept " + s.latencyNs.length + " requests' latencies of "
                    + s.served + ": every request's is needed to set it against the pauses");
        }
        int n = pauses.size();
        long[] from = new long[n];
        long[] to = new long[n];
        for (int j = 0; j < n; j++) {
            GcPauses.Pause p = pauses.get(j);
            long slack = SLACK_NS + Math.max(0, uncertaintyMs) * 1_000_000L;
            from[j] = p.startMs() * 1_000_000L - slack;
            to[j] = (p.startMs() + p.durationMs()) * 1_000_000L + slack;
        }
        TrafficHistograms untouched = new TrafficHistograms();
        TrafficHistograms clearOfWrites = new TrafficHistograms();
        long lastEnd = Long.MIN_VALUE;
        boolean writeInStretch = false; // a write was served since the loop was last idle
        int touched = 0;
        int first = 0; // pauses before it ended before this request was due, so before every later one's too
        for (int k = 0; k < s.served; k++) {
            long due = OpenLoop.dueOffsetNs(k, ratePerS);
            long end = due + s.latencyNs[k];
            while (first < n && to[first] < due) {
                first++;
            }
            boolean hit = false;
            for (int j = first; j < n && from[j] <= end; j++) {
                if (to[j] >= due) {
                    hit = true;
                    break;
                }
            }
            if (hit) {
                touched++;
            } else {
                untouched.record(s.kinds[k], s.latencyNs[k]);
            }
            if (lastEnd <= due) { // the loop was idle when it fell due: a new busy stretch
                writeInStretch = false;
            }
            if (!writeInStretch) {
                clearOfWrites.record(s.kinds[k], s.latencyNs[k]);
            }
            writeInStretch |= s.kinds[k] == TrafficHistograms.WRITE_HIT || s.kinds[k] == TrafficHistograms.WRITE_MISS;
            lastEnd = end;
        }
        return new Marked(pauses, untouched, touched, clearOfWrites);
    }
}
