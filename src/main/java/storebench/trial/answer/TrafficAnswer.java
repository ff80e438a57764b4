package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import storebench.measure.TrafficHistograms;
import storebench.measure.VisitCounters;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The answer to {@code traffic} (docs/protocol.md): its closed step, its open loop, what the cache did, the requests'
 * histograms, what the runtime did beside them, and the serving thread's counters where the runtime tells them.
 *
 * @param wallNs the whole request's: its stores made, both loops, the check
 */
public record TrafficAnswer(Closed closed, Open open, Cache cache, Measured measured, RuntimeWork runtime,
                            Optional<VisitCounters> counters, long wallNs) {
    public static final String OP = "traffic";

    /** The closed step: requests served back to back, its wall time, its rate over its second half. */
    public record Closed(int served, long wallNs, double perS) {
    }

    /**
     * The open loop: its wall time runs from its start (epoch ms) to the last request's end, its busy time is the sum
     * of its requests' service times.
     */
    public record Open(double askedPerS, double reachedPerS, int requests, long startMs, long loopWallNs, long busyNs,
                       boolean checked) {
        /** The utilization the loop ran at: busy time over wall time. */
        public double utilization() {
            return loopWallNs <= 0 ? Double.NaN : (double) busyNs / loopWallNs;
        }
    }

    /** Over the open loop: the cache's hits, misses and evictions, and the writes. */
    public record Cache(long hits, long misses, long evictions, long writes) {
    }

    /**
     * The open loop's requests: latency from the due time, service time from their start, the loop's late wake-ups;
     * the latencies of those no pause touched, and of those no write held back (empty where the answer has none).
     */
    public record Measured(TrafficHistograms latency, TrafficHistograms service, Histogram wakeLateness,
                           TrafficHistograms untouched, TrafficHistograms clearOfWrites) {
    }

    /**
     * The collector's pauses over the open loop (start after the loop's start and length, ms) and how many requests'
     * waits, due time to end, overlapped one; {@link Measured#untouched} holds the others' latencies.
     */
    public record Pauses(String collector, double[] startMs, double[] durationMs, long touched) {
        public int count() {
            return durationMs.length;
        }

        /** The longest pause, ms (0 where none). */
        public double longestMs() {
            return Math.max(0, java.util.Arrays.stream(durationMs).max().orElse(0));
        }
    }

    /** The runtime's own work during the open loop, where it tells it (JIT in a JVM, event loop in Node). */
    public record RuntimeWork(double gcMs, long gcCount, OptionalDouble jitMs, OptionalDouble loopDelayP99Ms,
                              OptionalDouble loopDelayMaxMs, Pauses pauses, Heap heap) {
        public long heapMaxMb() {
            return heap.maxMb();
        }

        public long allocatedBytes() {
            return heap.allocatedBytes();
        }

        public long survivedBytes() {
            return heap.survivedBytes();
        }
    }

    /**
     * Its limit (MiB), the bytes the serving thread allocated (-1: not told) and the bytes the loop left live (full
     * collections before and after; 0 outside a JVM).
     */
    public record Heap(long maxMb, long allocatedBytes, long survivedBytes) {
    }

    public static TrafficAnswer of(JsonNode answer) {
        JsonNode closed = answer.path("closed");
        JsonNode h = answer.path("histograms");
        JsonNode rt = answer.path("runtime");
        return new TrafficAnswer(
                new Closed(closed.path("served").asInt(), closed.path("wallNs").asLong(), closed.path("perS").asDouble()),
                new Open(answer.path("askedPerS").asDouble(), answer.path("reachedPerS").asDouble(),
                        answer.path("requests").asInt(), answer.path("startMs").asLong(),
                        answer.path("loopWallNs").asLong(), answer.path("busyNs").asLong(),
                        answer.path("checked").asBoolean()),
                new Cache(answer.path("hits").asLong(), answer.path("misses").asLong(), answer.path("evictions").asLong(),
                        answer.path("writes").asLong()),
                new Measured(byKind(h, "latency"), byKind(h, "service"),
                        TrafficHistograms.decode(h.path("wakeLateness").asText("")), byKind(h, "untouched"),
                        h.has("clearOfWrites") ? byKind(h, "clearOfWrites") : new TrafficHistograms()),
                new RuntimeWork(rt.path("gcMs").asDouble(0), rt.path("gcCount").asLong(0), optional(rt, "jitMs"),
                        optional(rt, "loopDelayP99Ms"), optional(rt, "loopDelayMaxMs"), pauses(rt),
                        new Heap(rt.path("heapMaxMb").asLong(0), rt.path("allocatedBytes").asLong(-1),
                                rt.path("survivedBytes").asLong(0))),
                Counters.of(answer.get("counters")), answer.path("wallNs").asLong());
    }

    private static Pauses pauses(JsonNode rt) {
        JsonNode p = rt.path("pauses");
        double[] starts = numbers(p.path("startMs"), "runtime.pauses.startMs");
        double[] lengths = numbers(p.path("durationMs"), "runtime.pauses.durationMs");
        if (starts.length != lengths.length) {
            throw new IllegalArgumentException("a traffic answer's pauses have " + starts.length + " starts and "
                    + lengths.length + " lengths");
        }
        return new Pauses(rt.path("collector").asText(""), starts, lengths, rt.path("touched").asLong(0));
    }

    private static double[] numbers(JsonNode array, String field) {
        return elements(array, field).mapToDouble(JsonNode::asDouble).toArray();
    }

    private static TrafficHistograms byKind(JsonNode histograms, String name) {
        return TrafficHistograms.decode(elements(histograms.path(name), "histograms." + name).map(JsonNode::asText)
                .toList());
    }

    private static Stream<JsonNode> elements(JsonNode array, String field) {
        if (!array.isArray()) {
            throw new IllegalArgumentException("a traffic answer has no array \"" + field + "\"");
        }
        return StreamSupport.stream(array.spliterator(), false);
    }

    /** A figure the runtime may not tell: absent, or negative (the JVM's "not supported"). */
    private static OptionalDouble optional(JsonNode node, String field) {
        return node.has(field) && node.path(field).asDouble(-1) >= 0 ? OptionalDouble.of(node.path(field).asDouble())
                : OptionalDouble.empty();
    }
}
