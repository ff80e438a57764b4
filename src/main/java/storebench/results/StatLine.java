package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A stat line of results.jsonl: one statistic of one column and workload, its figure, the profilers its trial processes
 * ran under (none for a measurement), and the row group its description names (the phase that measured it; "" where it
 * names none).
 */
public record StatLine(Column column, String workload, String stat, Figure figure, List<String> profilers,
                       String group) {
    public static final String KIND = "stat";

    /**
     * The figure, the R run figures it is the median of (none for a statistic without runs) and their spread, (max -
     * min) / median, where the line has one.
     */
    public record Figure(double value, List<Double> runs, OptionalDouble spread) {
    }

    public static StatLine of(JsonNode line) {
        List<Double> runs = new ArrayList<>();
        line.path("runs").forEach(r -> runs.add(r.asDouble()));
        Figure figure = new Figure(line.path("value").asDouble(), List.copyOf(runs), line.hasNonNull("spread")
                ? OptionalDouble.of(line.get("spread").asDouble()) : OptionalDouble.empty());
        return new StatLine(Column.of(line), line.path("workload").asText(""), line.path("stat").asText(""), figure,
                RunLine.texts(line.path("profilers")), line.path("about").path("group").asText(""));
    }
}
