package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A layout line of results.jsonl (the disk phase): how one store of a column lies on disk as its engine tells it; the
 * pages where the engine reports them (the SQL engines: PRAGMA page_count and page_size, the b-tree from dbstat).
 */
public record LayoutLine(Column column, int store, Optional<Pages> pages) {
    public static final String KIND = "layout";

    /**
     * A SQL store's pages: the page size (4096 where not reported), the pages, of them the b-tree's leaves and interior
     * pages, the rows in the leaves and their records' bytes (0 where the engine has no dbstat).
     */
    public record Pages(long pageSize, long pageCount, long leafPages, long interiorPages, long leafCells,
                        long leafPayloadBytes) {
    }

    public static LayoutLine of(JsonNode line) {
        JsonNode l = line.path("layout");
        Optional<Pages> pages = l.has("pageCount") ? Optional.of(new Pages(l.path("pageSize").asLong(4096),
                l.path("pageCount").asLong(), l.path("leafPages").asLong(), l.path("interiorPages").asLong(),
                l.path("leafCells").asLong(), l.path("leafPayloadBytes").asLong())) : Optional.empty();
        return new LayoutLine(Column.of(line), line.path("store").asInt(), pages);
    }
}
