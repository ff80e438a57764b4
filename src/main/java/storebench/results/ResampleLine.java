package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A resample line (-Dbench.resample): the gate added an open run to a trial with inconclusive baseline verdicts: the
 * runs now, those added, and why the added run failed (null: it did not).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResampleLine(@JsonUnwrapped Column column, int runs, int added, String failed) {
    public static final String KIND = "resample";

    public static ResampleLine of(JsonNode line) { return ResultsFile.as(line, ResampleLine.class); }

    /** The failure's first line: its message may carry the trial process' last lines of stderr. */
    public Optional<String> firstLineOfFailure() {
        return Optional.ofNullable(failed).map(f -> f.lines().findFirst().orElse(""));
    }
}
