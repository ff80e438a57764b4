package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/** What a step did: stores visited, a warm-up's JIT floor, its run of R, its {@link #PLAN_UNITS}. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepWork(long visited, Long jitFloor, Integer run, @JsonProperty(StepWork.PLAN_UNITS) double planUnits) {
    /** The plan units a step did where its options do not tell (a traffic run as long as its requests took). */
    public static final String PLAN_UNITS = "planUnits";

    public static StepWork of(JsonNode line) { return ResultsFile.as(line, StepWork.class); }

    /** Whether a warm-up stopped at its JIT floor: it visited no more than the floor asked. */
    public boolean floored() { return jitFloor != null && visited <= jitFloor; }
}
