package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/** A point of the capacity curve: the stores open, the holding process' memory and the resources it held. */
@JsonIgnoreProperties(ignoreUnknown = true) // the stamp: kind, at, workload
public record CapacityPointLine(@JsonUnwrapped Column column, double stores, @JsonUnwrapped Memory memory,
                                @JsonUnwrapped Resources resources) {
    public static final String KIND = "capacity-point";

    /** A point's memory: resident, virtual size (KB) and the managed heap in use (bytes). */
    public record Memory(double rssKb, double vszKb, double heapUsedBytes) {
    }

    /** What a point's process held of what the kernel limits: open descriptors, memory maps, threads. */
    public record Resources(double fds, double maps, double threads) {
    }

    public static CapacityPointLine of(JsonNode line) { return ResultsFile.as(line, CapacityPointLine.class); }
}
