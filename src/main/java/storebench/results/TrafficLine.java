package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * A phase line of the traffic phase (phase.TrafficPhase), the fields a run adds to its step's phase line: what its
 * step did (its run; no store of the pool visited: its requests go to copies; its seconds as plan units), what its
 * open loop served, what its requests met, what it was asked, what its closed step served, and the runtime's collector
 * over the loop. Written from this record and read back into it (Jackson), each group as fields of the line. A line
 * with no rate reached ({@link Served#reachedPerS} null) is no run's: a warm-up's.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrafficLine(@JsonUnwrapped Column column, String op, @JsonUnwrapped StepWork work,
                          @JsonUnwrapped Served served, @JsonUnwrapped Met met, @JsonUnwrapped Asked asked,
                          @JsonUnwrapped Closed closed, @JsonUnwrapped Collector runtime) {
    // each group is named apart from the line's fields: Jackson would read a field of its name ("collector") into it
    /**
     * What the open loop served: the rate reached and asked (req/s), the utilization reached (null where the line does
     * not say), its requests, the schedule's, its seconds, and whether every store's count was checked after.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Served(Double reachedPerS, double askedPerS, Double utilization, long requests, long scheduled,
                         double seconds, boolean checked) {
    }

    /** The cache's hits, misses, writes and stores closed to open others; the requests of each kind measured. */
    public record Met(long hits, long misses, long writes, long evictions, Map<String, Long> kinds) {
        public Met {
            kinds = kinds == null ? Map.of() : kinds;
        }
    }

    /**
     * What the loop was asked: the most stores open at once (bench.trafficOpen), the reads' share of the requests
     * (bench.trafficMix), the load, the tenants' distribution (zipf where the line does not say), the requests of each
     * kind it was to hold (bench.trafficPerKind) and the least requests its schedule had for that.
     */
    public record Asked(int open, double readShare, double load, String dist, int perKind, int leastRequests) {
        public Asked {
            dist = dist == null ? "zipf" : dist;
        }
    }

    /** What the closed step before the open loop served: its requests, and its rate over its second half (req/s). */
    public record Closed(long closedServed, double closedPerS) {
    }

    /**
     * The runtime's collector over the loop: its name as the runtime gives it (null where the line does not name it),
     * the one asked (bench.trafficGc's id; null for Node's V8, whatever it asks), the heap's limit (MiB), its collections'
     * time and count, its pauses, what it allocated and what the runtime's own work delayed.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Collector(@JsonProperty("collector") String name, @JsonProperty("gc") String asked, long heapMaxMb,
                            double gcMs, long gcCount, @JsonUnwrapped Paused paused,
                            @JsonUnwrapped Allocation allocation, @JsonUnwrapped Delays delays) {
        /** Whether the line names the collector (it then records every pause). */
        public boolean named() {
            return name != null;
        }
    }

    /** Pauses: how many, the longest, each start after the loop's (whole ms) and length (0.1 ms), requests touched. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Paused(@JsonProperty("pauses") int count, double pauseMaxMs, List<Long> pauseStartMs,
                         List<Double> pauseMs, long touched) {
    }

    /** The bytes allocated per request (-1 unknown) and those that survived a collection. */
    public record Allocation(long allocatedPerRequest, long survivedBytes) {
    }

    /** The JIT's time (a JVM's) and the event loop's delay, p99 and most (Node's), ms; null where not told. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Delays(Double jitMs, Double loopDelayP99Ms, Double loopDelayMaxMs) {
    }

    public static TrafficLine of(JsonNode line) {
        return ResultsFile.as(line, TrafficLine.class);
    }

    /** Whether the line is a run's: it says the rate its open loop reached. */
    public boolean ranLoop() {
        return served.reachedPerS() != null;
    }
}
