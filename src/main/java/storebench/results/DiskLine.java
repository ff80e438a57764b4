package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A disk line of results.jsonl (the disk phase): one trial's store files on disk after create, in bytes: all its
 * stores' together, the median store's, and the median store's -wal file (0 for an engine without one). Written from
 * this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DiskLine(@JsonUnwrapped Column column, long totalBytes, double bytesMedian, double walBytesMedian) {
    public static final String KIND = "disk";

    public static DiskLine of(JsonNode line) {
        return ResultsFile.as(line, DiskLine.class);
    }
}
