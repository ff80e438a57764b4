package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A pool line of results.jsonl: how one trial's stores came to be, the stores it created and those it reused from an
 * earlier run's pool (bench.reuse), and why kept stores were not reused where the run said why (none before it did).
 */
public record PoolLine(Column column, int created, int reused, java.util.List<String> notReused) {
    public static final String KIND = "pool";

    public static PoolLine of(JsonNode line) {
        return new PoolLine(Column.of(line), line.path("created").asInt(), line.path("reused").asInt(),
                RunLine.texts(line.path("notReused")));
    }
}
