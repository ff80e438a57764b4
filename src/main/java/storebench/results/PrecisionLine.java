package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/** A precision line (-Dbench.precision): the deciding statistic, target, runs, whether reached, half-width. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PrecisionLine(@JsonUnwrapped Column column, String phase, String stat, double target, int runs,
                            boolean reached, double farther, double confidence) {
    public static final String KIND = "precision";

    public static PrecisionLine of(JsonNode line) { return ResultsFile.as(line, PrecisionLine.class); }
}
