package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.OptionalDouble;

/**
 * A run's phase line read for its sample (phase.Sample; read, cold and concurrency visit a seeded sample of the pool):
 * its column and op, the stores the run visited, the 95% interval of its median as the farther end's fraction of it,
 * and where the run was sized by its own precision (bench.samplePrecision), the target it visited until. A phase line
 * of a step that did not sample has neither the interval nor the target.
 */
public record SampleLine(Column column, String op, int visits, OptionalDouble halfWidth, OptionalDouble target) {
    public static final String KIND = PhaseLine.KIND;

    public static SampleLine of(JsonNode line) {
        return new SampleLine(Column.of(line), PhaseLine.op(line), line.path("sample").asInt(),
                optional(line, "sampleHalfWidth"), optional(line, "sampleTarget"));
    }

    /** Whether the run visited a sample (its line records the sample's interval, or the precision it was sized by). */
    public boolean sampled() {
        return halfWidth.isPresent() || target.isPresent();
    }

    private static OptionalDouble optional(JsonNode line, String field) {
        return line.has(field) ? OptionalDouble.of(line.path(field).asDouble()) : OptionalDouble.empty();
    }
}
