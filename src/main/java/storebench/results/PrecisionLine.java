package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A precision line of results.jsonl (-Dbench.precision): for one trial and phase with runs, the statistic that decided
 * how many runs were made, the runs made, the target, whether it was reached, and the 95% interval's farther end from
 * the median as a fraction of it.
 */
public record PrecisionLine(Column column, String phase, String stat, int runs, double target, boolean reached,
                            double farther) {
    public static final String KIND = "precision";

    public static PrecisionLine of(JsonNode line) {
        return new PrecisionLine(Column.of(line), line.path("phase").asText(), line.path("stat").asText(),
                line.path("runs").asInt(), line.path("target").asDouble(), line.path("reached").asBoolean(),
                line.path("farther").asDouble());
    }
}
