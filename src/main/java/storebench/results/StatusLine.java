package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A status line: a trial skipped or failed, a phase not measured, or the run interrupted, with the reason; a phase not
 * measured or failed describes the statistics it would give, so their empty rows say why.
 *
 * @param phaseId the phase it speaks of, null for the whole trial or run
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record StatusLine(@JsonUnwrapped Column column, String status, @JsonProperty("phase") String phaseId,
                         String reason, Map<String, JsonNode> stats) {
    public static final String KIND = "status";
    public static final String SKIPPED = "skipped";
    public static final String FAILED = "failed";
    public static final String INTERRUPTED = "interrupted";

    public StatusLine {
        column = column == null ? new Column("", "") : column;
        reason = reason == null ? "" : reason;
        stats = stats == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(stats));
    }

    public static StatusLine of(JsonNode line) { return ResultsFile.as(line, StatusLine.class); }

    public Optional<String> phase() { return Optional.ofNullable(phaseId); }

    /** The reason's first line: a failure's reason may carry the trial process' last lines of stderr. */
    public String firstLineOfReason() { return reason.lines().findFirst().orElse(""); }
}
