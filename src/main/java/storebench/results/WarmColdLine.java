package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/**
 * The profile's warm-against-cold line of a trial ({@link ProfileLine#WARM_COLD}, phase.WarmColdPhase): the load when
 * written, the root, the runs each way, the page cache before the warm runs, whether every cold run was cold, the load
 * at the start, and the runs' figures. Written from this record and read back into it ({@link ProfileLine#warmCold}).
 */
@JsonIgnoreProperties(ignoreUnknown = true) // the stamp: kind, at, engine, setting, workload, stores
public record WarmColdLine(String profile, double load1, String root, int runs, @JsonUnwrapped Before before,
                           boolean cold, double load1AtStart, @JsonUnwrapped Opens opens) implements ProfileLine.Figures {
    /** A trial's line of its warm and cold runs. */
    public WarmColdLine(double load1, int runs, Before before, boolean cold, double load1AtStart, Opens opens) {
        this(ProfileLine.WARM_COLD, load1, "disk", runs, before, cold, load1AtStart, opens);
    }

    /** The stores' files before the warm runs: the resident fraction, their pages, of them resident, the files. */
    public record Before(double residentBeforeWarm, long pages, long residentPagesBeforeWarm, int files) {
    }

    /**
     * The runs' figures: the medians of the runs' p50 of each step (open, count, close, oqc) and of the visit's p99
     * (oqc_p99), ms, warm and cold; the runs' own figures each way; and each cold run's check.
     */
    public record Opens(Map<String, Double> warmMs, Map<String, Double> coldMs, Map<String, List<Double>> warmRunsMs,
                        Map<String, List<Double>> coldRunsMs, List<EvictionCheck> coldChecks) {
        public Opens {
            warmMs = warmMs == null ? Map.of() : warmMs;
            coldMs = coldMs == null ? Map.of() : coldMs;
            coldChecks = coldChecks == null ? List.of() : coldChecks;
        }
    }

    /**
     * A cold run's check of its eviction: its number, the files' resident fraction and pages after the eviction, the
     * device's bytes read in all and per open, whether it was cold, the verdict in words, and why the eviction failed
     * (null where it did not).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EvictionCheck(int run, double residentAfterEviction, long residentPagesAfterEviction,
                                long deviceReadBytes, double deviceReadBytesPerOpen, boolean cold, String verdict,
                                String evictionError) {
    }
}
