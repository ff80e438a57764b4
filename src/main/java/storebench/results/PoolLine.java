package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * A pool line of results.jsonl: how one trial's stores came to be, the stores it created and those it reused from an
 * earlier run's pool (bench.reuse), and why kept stores were not reused where the run said why. Written from this
 * record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PoolLine(@JsonUnwrapped Column column, int created, int reused,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notReused) {
    public static final String KIND = "pool";

    public PoolLine {
        notReused = notReused == null ? List.of() : List.copyOf(notReused);
    }

    public static PoolLine of(JsonNode line) {
        return ResultsFile.as(line, PoolLine.class);
    }
}
