package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.CapacityLine.Failure;
import storebench.results.CapacityPointLine.Memory;
import storebench.results.CapacityPointLine.Resources;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer to {@code capacity}: how many stores the loop held open and why it stopped (for an error, the store that
 * failed), its points, and the limits the process ran under at the stop.
 *
 * @param stop    {@code cap}, {@code memory}, {@code disk}, {@code error} (or {@code heap}, the JVM's)
 * @param failure where a store failed: "" and store 0 where none did, and a null message
 */
public record CapacityAnswer(int opened, String stop, Failure failure, List<Point> points, Limits limits,
                             long wallNs) {
    public static final String OP = "capacity";

    /** The limits the process ran under at the stop, by name (-1: unlimited), and as answered. */
    public record Limits(Map<String, Long> byName, JsonNode asAnswered) {
    }

    /** A point of the curve, and as answered (results.jsonl keeps that). */
    public record Point(double stores, Memory memory, Resources resources, ObjectNode asAnswered) {
        static Point of(JsonNode p) {
            return new Point(p.path("stores").asDouble(), new Memory(p.path("rssKb").asDouble(),
                    p.path("vszKb").asDouble(), p.path("heapUsedBytes").asDouble()), new Resources(
                    p.path("fds").asDouble(), p.path("maps").asDouble(), p.path("threads").asDouble()), (ObjectNode) p);
        }
    }

    public static CapacityAnswer of(JsonNode answer) {
        List<Point> points = new ArrayList<>();
        answer.path("points").forEach(p -> points.add(Point.of(p)));
        Map<String, Long> limits = new LinkedHashMap<>();
        answer.path("limits").fields().forEachRemaining(e -> limits.put(e.getKey(), e.getValue().asLong()));
        return new CapacityAnswer(answer.path("opened").asInt(), answer.path("stop").asText(),
                new Failure(answer.path("during").asText(), answer.path("store").asInt(),
                        answer.path("message").asText(null)),
                List.copyOf(points), new Limits(limits, answer.path("limits")), answer.path("wallNs").asLong());
    }

    public Optional<Point> last() {
        return points.isEmpty() ? Optional.empty() : Optional.of(points.get(points.size() - 1));
    }

    /** The machine's available memory (KB) the process read with its limits, 0 where it could not. */
    public long memAvailableKb() {
        return limits.byName().getOrDefault("memAvailableKb", 0L);
    }
}
