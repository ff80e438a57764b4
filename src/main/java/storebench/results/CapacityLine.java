package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The capacity phase's summary line of a trial (phase.CapacityPhase): the stores its process held open, whether that
 * reached the cap (bench.capacityMax), the workload of its stores, and what stopped it.
 */
public record CapacityLine(Column column, int opened, boolean capReached, String workload, Stop stop) {
    public static final String KIND = "capacity";

    /**
     * What stopped it: its kind (cap, memory, disk, error, heap), the limit it reached there, the store that failed
     * (where one did), and the process limits it came within 10% of.
     */
    public record Stop(String kind, String limit, Optional<Failure> failure, List<String> near) {
    }

    /** The store that failed: the step it failed in (copy, open, count, hold), its number and the engine's message. */
    public record Failure(String during, int store, String message) {
    }

    public static CapacityLine of(JsonNode line) {
        Optional<Failure> failure = line.has("message") ? Optional.of(new Failure(line.path("during").asText(),
                line.path("store").asInt(), line.path("message").asText())) : Optional.empty();
        List<String> near = new ArrayList<>();
        line.path("near").forEach(n -> near.add(n.asText()));
        return new CapacityLine(Column.of(line), line.path("opened").asInt(), line.path("capReached").asBoolean(),
                line.path("capacityWorkload").asText(), new Stop(line.path("stop").asText(),
                line.path("limit").asText(), failure, List.copyOf(near)));
    }
}
