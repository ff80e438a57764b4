package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A pool line of results.jsonl: how one trial's stores came to be, the stores it created and those it reused from an
 * earlier run's pool (bench.reuse).
 */
public record PoolLine(Column column, int created, int reused) {
    public static final String KIND = "pool";

    public static PoolLine of(JsonNode line) {
        return new PoolLine(Column.of(line), line.path("created").asInt(), line.path("reused").asInt());
    }
}
