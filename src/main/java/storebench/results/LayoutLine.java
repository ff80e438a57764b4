package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A layout line of results.jsonl (the disk phase): how one store of a column lies on disk as its engine tells it (an
 * object of the engine's own fields), written from this record and read back into it (Jackson); the pages where the
 * engine reports them (the SQL engines: PRAGMA page_count and page_size, the b-tree from dbstat).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LayoutLine(@JsonUnwrapped Column column, int store, JsonNode layout) {
    public static final String KIND = "layout";

    /**
     * A SQL store's pages: the page size (4096 where not reported), the pages, of them the b-tree's leaves and interior
     * pages, the rows in the leaves and their records' bytes (0 where the engine has no dbstat).
     */
    public record Pages(long pageSize, long pageCount, long leafPages, long interiorPages, long leafCells,
                        long leafPayloadBytes) {
    }

    public static LayoutLine of(JsonNode line) {
        return ResultsFile.as(line, LayoutLine.class);
    }

    /** Its pages, where the engine reports them. */
    public Optional<Pages> pages() {
        JsonNode l = layout == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : layout;
        return l.has("pageCount") ? Optional.of(new Pages(l.path("pageSize").asLong(4096), l.path("pageCount").asLong(),
                l.path("leafPages").asLong(), l.path("interiorPages").asLong(), l.path("leafCells").asLong(),
                l.path("leafPayloadBytes").asLong())) : Optional.empty();
    }
}
