package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/**
 * A status line of results.jsonl: a trial skipped or failed, or a phase of it not measured here, with the reason; a
 * phase that was not measured also names the statistics it would have given.
 */
public record StatusLine(Column column, String status, Optional<String> phase, String reason, List<String> stats) {
    public static final String KIND = "status";
    public static final String SKIPPED = "skipped";
    public static final String FAILED = "failed";

    public static StatusLine of(JsonNode line) {
        List<String> stats = new java.util.ArrayList<>();
        line.path("stats").fieldNames().forEachRemaining(stats::add);
        return new StatusLine(Column.of(line), line.path("status").asText(""),
                line.hasNonNull("phase") ? Optional.of(line.get("phase").asText()) : Optional.empty(),
                line.path("reason").asText(""), List.copyOf(stats));
    }

    /** The reason's first line: a failure's reason may carry the trial process' last lines of stderr. */
    public String firstLineOfReason() {
        return reason.lines().findFirst().orElse("");
    }
}
