package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/** The capacity phase's summary line: stores held, whether the cap was reached, workload, what stopped it, limits. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityLine(@JsonUnwrapped Column column, int opened, boolean capReached, int max,
                           @JsonProperty("capacityWorkload") String workload, @JsonUnwrapped Stop stopped,
                           JsonNode limits) {
    public static final String KIND = "capacity";
    // each group is named apart from the line's fields: Jackson would read a field of its name ("stop") into it

    /** What stopped it (cap, memory, disk, error, heap), the failed store, the limits it came within 10% of. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Stop(@JsonProperty("stop") String kind, String limit, @JsonUnwrapped Failure failure,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> near) {
        public Stop {
            near = near == null ? List.of() : List.copyOf(near);
            failure = failure == null || failure.message() == null ? null : failure;
        }

        public Optional<Failure> failed() { return Optional.ofNullable(failure); }
    }

    /** The store that failed: the step it failed in (copy, open, count, hold), its number and the engine's message. */
    public record Failure(String during, int store, String message) {
    }

    public static CapacityLine of(JsonNode line) { return ResultsFile.as(line, CapacityLine.class); }
}
