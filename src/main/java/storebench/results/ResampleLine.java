package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A resample line of results.jsonl (-Dbench.resample): the gate added an open run to a trial whose baseline verdicts
 * were inconclusive. It holds the open runs the trial has now, and where the added run failed, why (the trial keeps the
 * runs it had).
 */
public record ResampleLine(Column column, int runs, Optional<String> failed) {
    public static final String KIND = "resample";

    public static ResampleLine of(JsonNode line) {
        return new ResampleLine(Column.of(line), line.path("runs").asInt(),
                line.has("failed") ? Optional.of(line.path("failed").asText()) : Optional.empty());
    }

    /** The failure's first line: its message may carry the trial process' last lines of stderr. */
    public Optional<String> firstLineOfFailure() {
        return failed.map(f -> f.lines().findFirst().orElse(""));
    }
}
