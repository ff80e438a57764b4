package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/** A disk line: one trial's store files after create, in bytes: all stores, the median store and its -wal file. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DiskLine(@JsonUnwrapped Column column, long totalBytes, double bytesMedian, double walBytesMedian) {
    public static final String KIND = "disk";

    public static DiskLine of(JsonNode line) { return ResultsFile.as(line, DiskLine.class); }
}
