package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** A layout line: how one store lies on disk as its engine tells it, with a SQL engine's pages. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LayoutLine(@JsonUnwrapped Column column, int store, JsonNode layout) {
    public static final String KIND = "layout";

    /** A SQL store's pages: size (4096 if unreported), count, leaves, interior, leaf rows, record bytes. */
    public record Pages(long pageSize, long pageCount, long leafPages, long interiorPages, long leafCells,
                        long leafPayloadBytes) {
    }

    public static LayoutLine of(JsonNode line) { return ResultsFile.as(line, LayoutLine.class); }

    /** Its pages, where the engine reports them. */
    public Optional<Pages> pages() {
        JsonNode l = layout == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : layout;
        return l.has("pageCount") ? Optional.of(new Pages(l.path("pageSize").asLong(4096), l.path("pageCount").asLong(),
                l.path("leafPages").asLong(), l.path("interiorPages").asLong(), l.path("leafCells").asLong(),
                l.path("leafPayloadBytes").asLong())) : Optional.empty();
    }
}
