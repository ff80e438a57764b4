package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A resample line of results.jsonl (-Dbench.resample): the gate added an open run to a trial whose baseline verdicts
 * were inconclusive. It holds the open runs the trial has now, how many it added, and where the added run failed, why
 * (null where it did not: the trial keeps the runs it had). Written from this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResampleLine(@JsonUnwrapped Column column, int runs, int added, String failed) {
    public static final String KIND = "resample";

    public static ResampleLine of(JsonNode line) {
        return ResultsFile.as(line, ResampleLine.class);
    }

    /** The failure's first line: its message may carry the trial process' last lines of stderr. */
    public Optional<String> firstLineOfFailure() {
        return Optional.ofNullable(failed).map(f -> f.lines().findFirst().orElse(""));
    }
}
