package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * A traffic phase line's own fields (phase.TrafficPhase): its run, what its open loop served, what its requests met,
 * what it was asked, its closed step and the collector over the loop. A line with no rate reached ({@link
 * Served#reachedPerS} null) is a warm-up's.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrafficLine(@JsonUnwrapped Column column, String op, @JsonUnwrapped StepWork work,
                          @JsonUnwrapped Served served, @JsonUnwrapped Met met, @JsonUnwrapped Asked asked,
                          @JsonUnwrapped Closed closed, @JsonUnwrapped Collector runtime) {
    // each group is named apart from the line's fields: Jackson would read a field of its name ("collector") into it
    /** What the open loop served: rates reached and asked, utilization, requests, seconds, counts checked. */
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

    /** What the loop was asked: open stores, read share, load, distribution, requests per kind and in all. */
    public record Asked(int open, double readShare, double load, String dist, int perKind, int leastRequests) {
        public Asked {
            dist = dist == null ? "zipf" : dist;
        }
    }

    /** What the closed step before the open loop served: its requests, and its rate over its second half (req/s). */
    public record Closed(long closedServed, double closedPerS) {
    }

    /** The collector over the loop: its name, the one asked, heap limit, collections, pauses, allocation, delays. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Collector(@JsonProperty("collector") String name, @JsonProperty("gc") String asked, long heapMaxMb,
                            double gcMs, long gcCount, @JsonUnwrapped Paused paused,
                            @JsonUnwrapped Allocation allocation, @JsonUnwrapped Delays delays) {
        /** Whether the line names the collector (it then records every pause). */
        public boolean named() { return name != null; }
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

    public static TrafficLine of(JsonNode line) { return ResultsFile.as(line, TrafficLine.class); }

    /** Whether the line is a run's: it says the rate its open loop reached. */
    public boolean ranLoop() { return served.reachedPerS() != null; }
}
