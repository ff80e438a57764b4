package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * What every line of results.jsonl carries, whatever its kind: the kind, the time it was written ("at", as written:
 * empty where the line has none) and the column it belongs to (empty ids for a line of no trial: run, end).
 */
public record LineStamp(String kind, Optional<String> at, Column column) {
    public static LineStamp of(JsonNode line) {
        return new LineStamp(line.path("kind").asText(), line.has("at") ? Optional.of(line.path("at").asText())
                : Optional.empty(), Column.of(line));
    }

    /** Whether the line belongs to a trial: it names an engine. */
    public boolean ofTrial() {
        return !column.engine().isEmpty();
    }
}
