package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** What every line carries: its kind, when written ("at", empty where none) and its column (empty for run, end). */
public record LineStamp(String kind, Optional<String> at, Column column) {
    public static LineStamp of(JsonNode line) {
        return new LineStamp(line.path("kind").asText(), line.has("at") ? Optional.of(line.path("at").asText())
                : Optional.empty(), Column.of(line));
    }

    /** Whether the line belongs to a trial: it names an engine. */
    public boolean ofTrial() { return !column.engine().isEmpty(); }
}
