package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A precision line of results.jsonl (-Dbench.precision): for one trial and phase with runs, the statistic that decided
 * how many runs were made, the target, the runs made, whether it was reached, the 95% interval's farther end from the
 * median as a fraction of it, and the interval's confidence. Written from this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PrecisionLine(@JsonUnwrapped Column column, String phase, String stat, double target, int runs,
                            boolean reached, double farther, double confidence) {
    public static final String KIND = "precision";

    public static PrecisionLine of(JsonNode line) {
        return ResultsFile.as(line, PrecisionLine.class);
    }
}
