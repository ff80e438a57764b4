package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/** How a column's A/B comparison (bench.against) ended: what was asked and ran, tolerances, pairs, why it stopped. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgainstLine(Asked what, Ran ran, Map<String, Double> tolerances, int pairs, String stopped) {
    public static final String KIND = "against";
    public static final String VERSION = "version";
    public static final String SETTING = "setting";
    public static final String DECIDED = "decided";

    /** What side B differs by ({@code differs}: version or setting), as asked, and B's injected slowdown (0: none). */
    public record Asked(String differs, String value, double slowdown) {
    }

    /** What each side ran, whether one pool (or why B had its own), visits a turn ({@code inStep}; 0: runs apart). */
    public record Ran(String a, String b, boolean samePool, int inStep, String ownPool) {
        /** A pair's runs one after the other. */
        public static final int ONE_AFTER_THE_OTHER = 0;
    }

    public ObjectNode into(ObjectNode stamped) { return ResultsFile.with(stamped, this); }

    public static AgainstLine of(JsonNode line) { return ResultsFile.as(line, AgainstLine.class); }

    /** The section's title: "sqlite-jdbc 3.50.3.0 under default against sqlite-jdbc 3.54.1.0 under default". */
    public String title() { return ran.b() + " against " + ran.a(); }

    /** Whether B is another setting (else another version). */
    public boolean ofSetting() { return SETTING.equals(what.differs()); }
}
