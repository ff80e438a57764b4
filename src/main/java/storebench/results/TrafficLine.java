package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A phase line of the traffic phase (phase.TrafficPhase): its column and op, what a run's open loop served, what it was
 * asked, and how many requests of each kind (hit, miss, write) its latency measured. A line with no rate reached
 * ({@link Served#reachedPerS} empty) is no run's: a warm-up's.
 */
public record TrafficLine(Column column, String op, Served served, Asked asked, Map<String, Long> kinds,
                          java.util.Optional<Collector> collector) {
    /**
     * The runtime's collector over the loop, where the line names it: its name as the runtime gives it, the one asked
     * (bench.trafficGc's id; Node's V8 whatever it asks), and the heap's limit (MiB).
     */
    public record Collector(String name, String asked, long heapMaxMb) {
    }

    /**
     * What the open loop served: the rate it reached, its requests and seconds, the writes among them, the stores it
     * closed to open others, and the utilization it reached (empty where the line does not say).
     */
    public record Served(OptionalDouble reachedPerS, long requests, double seconds, long writes, long evictions,
                         OptionalDouble utilization) {
    }

    /**
     * What the loop was asked: the most stores open at once (bench.trafficOpen), the reads' share of the requests
     * (bench.trafficMix; all reads where the line does not say), the load, and the tenants' distribution (zipf where
     * the line does not say).
     */
    public record Asked(int open, double readShare, double load, String dist) {
    }

    public static TrafficLine of(JsonNode line) {
        Served served = new Served(optional(line, "reachedPerS"), line.path("requests").asLong(),
                line.path("seconds").asDouble(), line.path("writes").asLong(), line.path("evictions").asLong(),
                optional(line, "utilization"));
        Asked asked = new Asked(line.path("open").asInt(), line.path("readShare").asDouble(1),
                line.path("load").asDouble(), line.path("dist").asText("zipf"));
        Map<String, Long> kinds = new LinkedHashMap<>();
        line.path("kinds").fields().forEachRemaining(k -> kinds.put(k.getKey(), k.getValue().asLong()));
        java.util.Optional<Collector> collector = line.has("collector") ? java.util.Optional.of(new Collector(
                line.path("collector").asText(), line.path("gc").asText(""), line.path("heapMaxMb").asLong()))
                : java.util.Optional.empty();
        return new TrafficLine(Column.of(line), PhaseLine.op(line), served, asked,
                java.util.Collections.unmodifiableMap(kinds), collector);
    }

    private static OptionalDouble optional(JsonNode line, String field) {
        return line.has(field) ? OptionalDouble.of(line.path(field).asDouble()) : OptionalDouble.empty();
    }
}
