package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** A pool line: the stores a trial created and reused (bench.reuse), and why kept stores were not reused. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PoolLine(@JsonUnwrapped Column column, int created, int reused,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notReused) {
    public static final String KIND = "pool";

    public PoolLine {
        notReused = notReused == null ? List.of() : List.copyOf(notReused);
    }

    public static PoolLine of(JsonNode line) { return ResultsFile.as(line, PoolLine.class); }
}
