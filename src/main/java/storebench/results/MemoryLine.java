package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A memory line of results.jsonl (phase.MemoryPhase): the stores its fresh process opened and held, and the process'
 * memory before and after, as the process answered it. Written from this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MemoryLine(@JsonUnwrapped Column column, int opened, JsonNode before, JsonNode after) {
    public static final String KIND = "memory";

    public static MemoryLine of(JsonNode line) {
        return ResultsFile.as(line, MemoryLine.class);
    }
}
