package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import storebench.measure.TrafficHistograms;
import storebench.measure.VisitCounters;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The answer to {@code traffic} (docs/protocol.md): its closed step, its open loop, what the cache and the writes did
 * over the open loop, the open loop's requests measured as histograms, what the runtime did beside them, and what the
 * loop asked of the machine (the serving thread's counters over it, where the runtime tells them).
 *
 * @param wallNs the whole request's: its stores made, both loops, the check
 */
public record TrafficAnswer(Closed closed, Open open, Cache cache, Measured measured, RuntimeWork runtime,
                            Optional<VisitCounters> counters, long wallNs) {
    /** The op this record answers (docs/protocol.md). */
    public static final String OP = "traffic";

    /**
     * The closed step: requests served back to back, its wall time, and what it served per second in its second half
     * (the engine's own rate, which the open loop's rate is a share of).
     */
    public record Closed(int served, long wallNs, double perS) {
    }

    /**
     * The open loop: the rate asked and reached, its requests, when it started (epoch ms), its wall time (from its start
     * to the last request's end) and the sum of its requests' service times (the engine's busy time), and whether every
     * store's count was checked after it.
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
     * The open loop's requests by kind: latency from the due time, service time from the loop's start of the request,
     * and how late the loop woke for the requests it waited for.
     */
    public record Measured(TrafficHistograms latency, TrafficHistograms service, Histogram wakeLateness,
                           TrafficHistograms untouched) {
    }

    /**
     * The runtime's collector over the open loop: its name as the runtime gives it, every pause (start after the loop's
     * start and length, ms; the JVM's to the millisecond, V8's finer), and how many requests a pause touched (their wait,
     * due time to end, overlapped one); {@link Measured#untouched} holds the others' latencies.
     */
    public record Pauses(String collector, double[] startMs, double[] durationMs, long touched) {
        public int count() {
            return durationMs.length;
        }

        /** The longest pause, ms (0 where none). */
        public double longestMs() {
            double max = 0;
            for (double d : durationMs) {
                max = Math.max(max, d);
            }
            return max;
        }
    }

    /**
     * The runtime's own work during the open loop, where the runtime tells it: the collector's pauses (ms, count), the
     * JIT compilers' time (a JVM), the event loop's delay (the Node worker: p99 and max, ms), every pause of its
     * collector, and its heap's limit (MiB: the JVM's -Xmx, V8's heap size limit).
     */
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
     * The runtime's heap over the open loop: its limit (MiB), the bytes the serving thread allocated (the JVM's; -1 where
     * not told) and the bytes the loop left live (after a full collection against one before it; the JVM's, else 0).
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
                new Measured(TrafficHistograms.decode(strings(h.path("latency"), "histograms.latency")),
                        TrafficHistograms.decode(strings(h.path("service"), "histograms.service")),
                        TrafficHistograms.decode(h.path("wakeLateness").asText("")),
                        TrafficHistograms.decode(strings(h.path("untouched"), "histograms.untouched"))),
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
        if (!array.isArray()) {
            throw new IllegalArgumentException("a traffic answer has no array \"" + field + "\"");
        }
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    private static List<String> strings(JsonNode array, String field) {
        if (!array.isArray()) {
            throw new IllegalArgumentException("a traffic answer has no array \"" + field + "\"");
        }
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    /** A figure the runtime may not tell: absent, or negative (the JVM's "not supported"). */
    private static OptionalDouble optional(JsonNode node, String field) {
        return node.has(field) && node.path(field).asDouble(-1) >= 0 ? OptionalDouble.of(node.path(field).asDouble())
                : OptionalDouble.empty();
    }
}
