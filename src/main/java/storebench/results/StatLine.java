package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A stat line's fields beside its stamp: the statistic, its figure, the R runs it is the median of (spread and interval
 * are computed where shown) and the profilers it ran under. Written and read as this record, so the sides cannot drift.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record StatLine(String stat, double value, List<String> profilers, List<Double> runs) {
    public static final String KIND = "stat";

    public StatLine {
        profilers = profilers == null ? List.of() : List.copyOf(profilers);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    public ObjectNode into(ObjectNode stamped) { return ResultsFile.with(stamped, this); }

    public static StatLine of(JsonNode line) { return ResultsFile.as(line, StatLine.class); }
}
