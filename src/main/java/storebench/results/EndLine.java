package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.OptionalInt;

/**
 * The end line of results.jsonl, written when the run finished: its wall time from start to end in ms and, for a run
 * merged from several (tools.Merge), how many it was made of (their wall times added up; null for a run of its own).
 * Written from this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EndLine(double wallMs, @JsonProperty("merged") Integer runs) {
    public static final String KIND = "end";

    public static EndLine of(JsonNode line) {
        return ResultsFile.as(line, EndLine.class);
    }

    public ObjectNode line() {
        return ResultsFile.with(ResultsFile.line(KIND), this);
    }

    /** How many runs it was merged from, where it was. */
    public OptionalInt merged() {
        return runs == null ? OptionalInt.empty() : OptionalInt.of(runs);
    }
}
