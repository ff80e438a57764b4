package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The run line of results.jsonl, the run's first: the format its lines are written in, what the run measured at what
 * scale, what it was asked for, and when it started. A run without one (a damaged file) reads as {@link #NONE}.
 */
public record RunLine(int format, Scale scale, Asked asked, String started) {
    /** What a file without a run line reads as: format 1, no scale, nothing asked. */
    public static final RunLine NONE = new RunLine(1, new Scale("", 0, 0, 0, 0, 0), new Asked(List.of(), List.of(),
            Optional.empty(), "", ""), "");

    /**
     * The scale of the run: the workload and its notes per store (W), the stores per engine (N), the runs (R), the
     * warm-up's ceiling of opens and the stores held open at once (M).
     */
    public record Scale(String workload, int stores, int notesPerStore, int runs, int warmupOpens, int hold) {
    }

    /**
     * What the run was asked for: its engines and settings in column order, the phases it measured (empty for a run
     * from before the line listed them), and bench.engines and bench.phases as given.
     */
    public record Asked(List<String> engines, List<String> settings, Optional<List<String>> phases,
                        String enginesAsked, String phasesAsked) {
    }

    public static RunLine of(JsonNode line) {
        if (line.isMissingNode()) {
            return NONE;
        }
        int stores = line.path("stores").asInt();
        Scale scale = new Scale(line.path("workload").asText(""), stores, line.path("notesPerStore").asInt(),
                line.path("runs").asInt(), line.path("warmupOpens").asInt(), line.path("hold").asInt(stores));
        Asked asked = new Asked(texts(line.path("engines")), texts(line.path("settings")),
                line.path("phases").isArray() ? Optional.of(texts(line.path("phases"))) : Optional.empty(),
                line.path("enginesAsked").asText(""), line.path("phasesAsked").asText(""));
        return new RunLine(line.path("format").asInt(1), scale, asked, line.path("started").asText(""));
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return List.copyOf(out);
    }
}
