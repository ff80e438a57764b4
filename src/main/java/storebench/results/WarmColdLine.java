package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The profile's warm and cold opens of one engine (a profile line, {@code "profile": "warmcold"},
 * phase.WarmColdPhase): its column, the pool's resident fraction before the warm runs, the warm and the cold runs'
 * medians, whether every cold run was really cold, and each cold run's check.
 */
public record WarmColdLine(Column column, double residentBeforeWarm, Steps warmMs, Steps coldMs, boolean cold,
                           List<ColdCheck> coldChecks) {
    public static final String KIND = "profile";
    /** The line's {@code profile} field. */
    public static final String PROFILE = "warmcold";

    public WarmColdLine {
        coldChecks = List.copyOf(coldChecks);
    }

    /** Medians over the runs of each run's p50, ms: open, count, close, and the three together (oqc). */
    public record Steps(double open, double count, double close, double oqc) {
        static Steps of(JsonNode steps) {
            return new Steps(steps.path("open").asDouble(), steps.path("count").asDouble(),
                    steps.path("close").asDouble(), steps.path("oqc").asDouble());
        }
    }

    /**
     * One cold run's check: its run, the pool's resident fraction after the eviction, the device's bytes read per open
     * (NaN where the process could not say), whether it was cold, and the verdict's words.
     */
    public record ColdCheck(int run, double residentAfterEviction, double deviceReadBytesPerOpen, boolean cold,
                            String verdict) {
    }

    public static WarmColdLine of(JsonNode line) {
        List<ColdCheck> checks = new ArrayList<>();
        for (JsonNode c : line.path("coldChecks")) {
            checks.add(new ColdCheck(c.path("run").asInt(), c.path("residentAfterEviction").asDouble(),
                    c.path("deviceReadBytesPerOpen").asDouble(), c.path("cold").asBoolean(),
                    c.path("verdict").asText()));
        }
        return new WarmColdLine(Column.of(line), line.path("residentBeforeWarm").asDouble(),
                Steps.of(line.path("warmMs")), Steps.of(line.path("coldMs")), line.path("cold").asBoolean(), checks);
    }
}
