package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/** The profile's warm-against-cold line ({@link ProfileLine#WARM_COLD}) of a trial. */
@JsonIgnoreProperties(ignoreUnknown = true) // the stamp: kind, at, engine, setting, workload, stores
public record WarmColdLine(String profile, double load1, String root, int runs, @JsonUnwrapped Before before,
                           boolean cold, double load1AtStart, @JsonUnwrapped Opens opens) implements ProfileLine.Figures {
    public WarmColdLine(double load1, int runs, Before before, boolean cold, double load1AtStart, Opens opens) {
        this(ProfileLine.WARM_COLD, load1, "disk", runs, before, cold, load1AtStart, opens);
    }

    /** The stores' files before the warm runs: the resident fraction, their pages, of them resident, the files. */
    public record Before(double residentBeforeWarm, long pages, long residentPagesBeforeWarm, int files) {
    }

    /** The runs' figures (ms) warm and cold: medians of each step's p50 and of oqc_p99, runs, cold checks. */
    public record Opens(Map<String, Double> warmMs, Map<String, Double> coldMs, Map<String, List<Double>> warmRunsMs,
                        Map<String, List<Double>> coldRunsMs, List<EvictionCheck> coldChecks) {
        public Opens {
            warmMs = warmMs == null ? Map.of() : warmMs;
            coldMs = coldMs == null ? Map.of() : coldMs;
            coldChecks = coldChecks == null ? List.of() : coldChecks;
        }
    }

    /** A cold run's check: resident after eviction, device bytes read, whether cold, the verdict, why not. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EvictionCheck(int run, double residentAfterEviction, long residentPagesAfterEviction,
                                long deviceReadBytes, double deviceReadBytesPerOpen, boolean cold, String verdict,
                                String evictionError) {
    }
}
