package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A phase line of the cold phase (phase.ColdPhase) read for what the page-cache drop before a cold run left: its
 * column and op, and for a run's line the pool's pages and how many of them stayed resident after the drop (none on a
 * line that records no drop: a warm-up's). The drop's fields are written from {@link Drop} and read back (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ColdRunLine(@JsonUnwrapped Column column, String op, @JsonUnwrapped Drop drop) {
    public ColdRunLine {
        drop = drop == null || drop.residentPages() == null ? null : drop;
    }

    /** The pool's pages, and how many of them stayed in the page cache after the drop. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Drop(long poolPages, @JsonProperty("residentPagesAfterDrop") Long residentPages) {
    }

    public static ColdRunLine of(JsonNode line) {
        return ResultsFile.as(line, ColdRunLine.class);
    }

    /** What the drop left, where the line records one. */
    public Optional<Drop> dropped() {
        return Optional.ofNullable(drop);
    }
}
