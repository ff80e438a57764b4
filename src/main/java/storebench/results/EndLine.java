package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.OptionalInt;

/**
 * The end line of results.jsonl, written when the run finished: its wall time from start to end in ms and, for a run
 * merged from several (tools.Merge), how many it was made of (their wall times added up).
 */
public record EndLine(double wallMs, OptionalInt merged) {
    public static final String KIND = "end";

    public static EndLine of(JsonNode line) {
        return new EndLine(line.path("wallMs").asDouble(),
                line.has("merged") ? OptionalInt.of(line.path("merged").asInt()) : OptionalInt.empty());
    }
}
