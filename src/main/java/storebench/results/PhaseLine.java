package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** A phase line: one step of a trial's phase (warm-up, run, pass), its wall time, load at start, op and phase. */
public record PhaseLine(Column column, String op, Optional<String> phase, double wallMs, double load1,
                        long loadWaitMs, boolean loadGaveUp) {
    public static final String KIND = "phase";

    public static PhaseLine of(JsonNode line) {
        return new PhaseLine(Column.of(line), op(line), phase(line), line.path("wallMs").asDouble(),
                line.path("load1").asDouble(), line.path("loadWaitMs").asLong(), line.path("loadGaveUp").asBoolean(false));
    }

    public static String op(JsonNode line) { return line.path("op").asText(); }

    /** The id of the phase a phase line's step belongs to; empty where the line does not say. */
    public static Optional<String> phase(JsonNode line) {
        return line.hasNonNull("phase") ? Optional.of(line.get("phase").asText()) : Optional.empty();
    }
}
