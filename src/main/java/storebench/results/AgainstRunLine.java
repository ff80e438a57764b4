package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * One run of an A/B comparison: its side (A, the project's version or setting; B, the other), its pair and place in it,
 * what its process ran, and its figure per statistic (both runs of pair k visit in the order of {@code new Random(k)}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgainstRunLine(String side, int pair, String ran, Map<String, Double> figures) {
    public static final String KIND = "against-run";
    public static final String A = "A";
    public static final String B = "B";

    public ObjectNode into(ObjectNode stamped) { return ResultsFile.with(stamped, this); }

    public static AgainstRunLine of(JsonNode line) { return ResultsFile.as(line, AgainstRunLine.class); }

    public boolean isB() { return B.equals(side); }
}
