package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The profile's noise over time for one engine (a profile line, {@code "profile": "noise"}, phase.WarmColdPhase): the
 * same warm open run back to back in one process, its column, how many runs over how many seconds, and the least,
 * median and most of their oqc figures (ms) with their spread ((max - min) / median).
 */
public record NoiseLine(Column column, int runs, double seconds, double minMs, double medianMs, double maxMs,
                        double spread) {
    public static final String KIND = "profile";
    /** The line's {@code profile} field. */
    public static final String PROFILE = "noise";

    public static NoiseLine of(JsonNode line) {
        return new NoiseLine(Column.of(line), line.path("runs").asInt(), line.path("seconds").asDouble(),
                line.path("minMs").asDouble(), line.path("medianMs").asDouble(), line.path("maxMs").asDouble(),
                line.path("spread").asDouble());
    }
}
