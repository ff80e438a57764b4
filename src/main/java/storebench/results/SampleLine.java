package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's phase line with its sample (phase.Sample): column, op, run, stores visited, the median's 95% interval as a
 * fraction, and the precision target it ran to; null on a step that did not sample.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SampleLine(@JsonUnwrapped Column column, String op, Integer run, @JsonProperty("sample") Integer visits,
                         @JsonProperty("sampleHalfWidth") Double halfWidth,
                         @JsonProperty("sampleTarget") Double target) {
    public static final String KIND = PhaseLine.KIND;

    public static SampleLine of(JsonNode line) { return ResultsFile.as(line, SampleLine.class); }

    /** Whether the run visited a sample (its line records the sample's interval, or the precision it was sized by). */
    public boolean sampled() { return halfWidth != null || target != null; }
}
