package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * One run of an A/B comparison (bench.against) in results.jsonl: which side measured it (A, the project's version or
 * setting; B, the other), the pair it belongs to and its place in it, what the side's trial process said it ran, and
 * the run's figure of each statistic (both runs of pair k visit the stores in the order of {@code new Random(k)}). Written from this record and read back into it (Jackson), so that its two sides
 * cannot drift; the column is the line's stamp.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgainstRunLine(String side, int pair, String ran, Map<String, Double> figures) {
    public static final String KIND = "against-run";
    public static final String A = "A";
    public static final String B = "B";

    /** The line's fields beside its stamp (kind, at, engine, setting), ready for ResultsFile.append. */
    public ObjectNode into(ObjectNode stamped) {
        return ResultsFile.with(stamped, this);
    }

    public static AgainstRunLine of(JsonNode line) {
        return ResultsFile.as(line, AgainstRunLine.class);
    }

    public boolean isB() {
        return B.equals(side);
    }
}
