package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/** A memory line (phase.MemoryPhase): the stores a fresh process held, its memory before and after. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MemoryLine(@JsonUnwrapped Column column, int opened, JsonNode before, JsonNode after) {
    public static final String KIND = "memory";
}
