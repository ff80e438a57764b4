package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** An about line: one statistic's description ({@link Stat#about}), once per run, before its first stat line. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AboutLine(String stat, JsonNode about) {
    public static final String KIND = "about";

    public ObjectNode line() { return ResultsFile.with(ResultsFile.line(KIND), this); }

    public static AboutLine of(JsonNode line) { return ResultsFile.as(line, AboutLine.class); }
}
