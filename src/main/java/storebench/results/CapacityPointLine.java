package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A point of the capacity phase's curve (phase.CapacityPhase): the stores open then, the holding process' memory and
 * the resources it held.
 */
public record CapacityPointLine(Column column, double stores, Memory memory, Resources resources) {
    public static final String KIND = "capacity-point";

    /** A point's memory: resident, virtual size (KB) and the managed heap in use (bytes). */
    public record Memory(double rssKb, double vszKb, double heapUsedBytes) {
    }

    /** What a point's process held of what the kernel limits: open descriptors, memory maps, threads. */
    public record Resources(double fds, double maps, double threads) {
    }

    public static CapacityPointLine of(JsonNode line) {
        return new CapacityPointLine(Column.of(line), line.path("stores").asDouble(),
                new Memory(line.path("rssKb").asDouble(), line.path("vszKb").asDouble(),
                        line.path("heapUsedBytes").asDouble()),
                new Resources(line.path("fds").asDouble(), line.path("maps").asDouble(),
                        line.path("threads").asDouble()));
    }
}
