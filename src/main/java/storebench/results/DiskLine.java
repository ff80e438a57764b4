package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A disk line of results.jsonl (the disk phase): one trial's store files on disk after create, in bytes: all its
 * stores' together, the median store's, and the median store's -wal file (0 for an engine without one).
 */
public record DiskLine(Column column, long totalBytes, double bytesMedian, double walBytesMedian) {
    public static final String KIND = "disk";

    public static DiskLine of(JsonNode line) {
        return new DiskLine(Column.of(line), line.path("totalBytes").asLong(), line.path("bytesMedian").asDouble(),
                line.path("walBytesMedian").asDouble());
    }
}
