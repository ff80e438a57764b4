package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A precision line (-Dbench.precision): per trial and phase the deciding statistic, target, runs made, whether reached,
 * the interval's farther end as a fraction of the median and its confidence.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PrecisionLine(@JsonUnwrapped Column column, String phase, String stat, double target, int runs,
                            boolean reached, double farther, double confidence) {
    public static final String KIND = "precision";

    public static PrecisionLine of(JsonNode line) {
        return ResultsFile.as(line, PrecisionLine.class);
    }
}
