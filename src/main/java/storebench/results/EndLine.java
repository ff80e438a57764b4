package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.OptionalInt;

/** The end line: the run's wall time (ms) and, for a merged run, how many runs it was made of (null otherwise). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EndLine(double wallMs, @JsonProperty("merged") Integer runs) {
    public static final String KIND = "end";

    public static EndLine of(JsonNode line) { return ResultsFile.as(line, EndLine.class); }

    public ObjectNode line() { return ResultsFile.with(ResultsFile.line(KIND), this); }

    public OptionalInt merged() { return runs == null ? OptionalInt.empty() : OptionalInt.of(runs); }
}
