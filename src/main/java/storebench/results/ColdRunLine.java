package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A phase line of the cold phase (phase.ColdPhase) with what the page-cache drop before a cold run left: its column
 * and op, and for a run's line the pool's pages and how many of them stayed resident after the drop (empty on a line
 * that records no drop: a warm-up's).
 */
public record ColdRunLine(Column column, String op, Optional<Drop> drop) {
    /** The pool's pages, and how many of them stayed in the page cache after the drop. */
    public record Drop(long poolPages, long residentPages) {
    }

    public static ColdRunLine of(JsonNode line) {
        return new ColdRunLine(Column.of(line), PhaseLine.op(line), line.has("residentPagesAfterDrop")
                ? Optional.of(new Drop(line.path("poolPages").asLong(), line.path("residentPagesAfterDrop").asLong()))
                : Optional.empty());
    }
}
