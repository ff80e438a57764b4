package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.trial.Protocol;

/**
 * The answer to {@code traffic}: the closed step (requests served back to back, its wall time, what it served per
 * second in its second half: the engine's own rate, which the rate asked is a share of), the open loop's rate
 * asked and reached, its requests, the cache's hits, misses and evictions and the writes over it, whether every
 * store's count was checked after it, and per request what it met (a TrafficHistograms code) and its latency from its
 * due time, ns; the open loop's wall time and the whole request's (its stores made, both loops, the check).
 */
public record TrafficAnswer(int closedServed, long closedWallNs, double closedPerS, double askedPerS, double reachedPerS, int requests,
                            long hits, long misses, long evictions, long writes, boolean checked, int[] kinds,
                            long[] latencyNs, long startMs, long loopWallNs, long wallNs) {
    /** The op this record answers (docs/protocol.md). */
    public static final String OP = "traffic";

    public static TrafficAnswer of(JsonNode answer) {
        JsonNode samples = answer.path("samples");
        String codes = samples.path("kinds").asText("");
        int[] kinds = new int[codes.length()];
        for (int k = 0; k < kinds.length; k++) {
            kinds[k] = codes.charAt(k) - '0';
        }
        long[] latency = Protocol.toLongs(samples.get("latency"), "samples.latency");
        if (latency.length != kinds.length) {
            throw new IllegalArgumentException("a traffic answer has " + kinds.length + " request kinds but "
                    + latency.length + " latencies");
        }
        JsonNode closed = answer.path("closed");
        return new TrafficAnswer(closed.path("served").asInt(), closed.path("wallNs").asLong(),
                closed.path("perS").asDouble(),
                answer.path("askedPerS").asDouble(), answer.path("reachedPerS").asDouble(),
                answer.path("requests").asInt(), answer.path("hits").asLong(), answer.path("misses").asLong(),
                answer.path("evictions").asLong(), answer.path("writes").asLong(), answer.path("checked").asBoolean(),
                kinds, latency, answer.path("startMs").asLong(), answer.path("loopWallNs").asLong(),
                answer.path("wallNs").asLong());
    }
}
