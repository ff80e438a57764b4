package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/** The profile's create line on one root ({@link ProfileLine#CREATE}): root, load, where, what the stores took. */
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

    /** What the stores took: count, wall ms, stores/s, load, each step's median ms per store, put's serialization. */
    public record Made(int profiled, double wallMs, double storesPerS, double load1AtStart, Map<String, Double> stepsMs,
                       String serialization, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> profilers) {
    }
}
