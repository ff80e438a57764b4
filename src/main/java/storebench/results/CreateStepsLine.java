package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/**
 * The profile's create line of a trial on one root ({@link ProfileLine#CREATE}, phase.CreateStepsPhase): the root
 * ("disk", "tmpfs"), the load when written, why it was not measured (null where it was), where the root is, and what
 * the stores made on it took. Written from this record.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CreateStepsLine(String profile, String root, double load1, String unavailable,
                              @JsonUnwrapped Where where, @JsonUnwrapped Made made) {
    /** A root's create line: measured there, or not, and why. */
    public CreateStepsLine(String root, double load1, String unavailable, Where where, Made made) {
        this(ProfileLine.CREATE, root, load1, unavailable, where, made);
    }

    /** Where the root is: its path, file system and mount options. */
    public record Where(String rootPath, String fsType, String mountOptions) {
    }

    /**
     * What the stores made on it took: how many were profiled, the wall time (ms), stores a second, the load at the
     * start, each step's median ms per store, how the engine serializes a put, and the profilers it ran under.
     */
    public record Made(int profiled, double wallMs, double storesPerS, double load1AtStart, Map<String, Double> stepsMs,
                       String serialization, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> profilers) {
    }
}
