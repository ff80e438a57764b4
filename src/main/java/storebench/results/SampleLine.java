package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's phase line with its sample (phase.Sample; read, cold and concurrency visit a seeded sample of the pool): its
 * column and op, the run of R it was, the stores the run visited, the 95% interval of its median as the farther end's
 * fraction of it, and where the run was sized by its own precision (bench.samplePrecision), the target it visited
 * until. A phase line of a step that did not sample has none of the three (null). Written from this record and read
 * back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SampleLine(@JsonUnwrapped Column column, String op, Integer run, @JsonProperty("sample") Integer visits,
                         @JsonProperty("sampleHalfWidth") Double halfWidth,
                         @JsonProperty("sampleTarget") Double target) {
    public static final String KIND = PhaseLine.KIND;

    public static SampleLine of(JsonNode line) {
        return ResultsFile.as(line, SampleLine.class);
    }

    /** Whether the run visited a sample (its line records the sample's interval, or the precision it was sized by). */
    public boolean sampled() {
        return halfWidth != null || target != null;
    }
}
