package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/** A cold phase line, read for what the page-cache drop left: the pool's pages, and those still resident. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ColdRunLine(@JsonUnwrapped Column column, String op, @JsonUnwrapped Drop drop) {
    public ColdRunLine {
        drop = drop == null || drop.residentPages() == null ? null : drop;
    }

    /** The pool's pages, and how many of them stayed in the page cache after the drop. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Drop(long poolPages, @JsonProperty("residentPagesAfterDrop") Long residentPages) {
    }

    public static ColdRunLine of(JsonNode line) { return ResultsFile.as(line, ColdRunLine.class); }
}
