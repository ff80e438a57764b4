package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer to {@code capacity}: how many stores the loop held open and why it stopped (for an error, the step, the
 * store and the engine's message), its points, and the limits the process ran under at the stop.
 *
 * @param stop    {@code cap}, {@code memory}, {@code disk}, {@code error} (or {@code heap}, the JVM's)
 * @param during  the step a store failed in (copy, open, count, hold), "" where none failed
 * @param message the engine's message where a store failed, null otherwise
 * @param limits  the limits by name (-1: unlimited), as numbers
 * @param limitsAsAnswered the same as the process answered them, which the capacity line keeps
 */
public record CapacityAnswer(int opened, String stop, String during, int store, String message, List<Point> points,
                             Map<String, Long> limits, JsonNode limitsAsAnswered, long wallNs) {
    /** The op this record answers (docs/protocol.md). */
    public static final String OP = "capacity";

    /**
     * A point of the curve: the stores open and the process' memory, virtual size, descriptors, maps, threads and
     * managed heap then; and the point as answered (a memory snapshot's other fields too), which results.jsonl keeps.
     */
    public record Point(double stores, double rssKb, double vszKb, double fds, double maps, double threads,
                        double heapUsedBytes, ObjectNode asAnswered) {
        static Point of(JsonNode p) {
            return new Point(p.path("stores").asDouble(), p.path("rssKb").asDouble(), p.path("vszKb").asDouble(),
                    p.path("fds").asDouble(), p.path("maps").asDouble(), p.path("threads").asDouble(),
                    p.path("heapUsedBytes").asDouble(), (ObjectNode) p);
        }
    }

    public static CapacityAnswer of(JsonNode answer) {
        List<Point> points = new ArrayList<>();
        answer.path("points").forEach(p -> points.add(Point.of(p)));
        Map<String, Long> limits = new LinkedHashMap<>();
        answer.path("limits").fields().forEachRemaining(e -> limits.put(e.getKey(), e.getValue().asLong()));
        return new CapacityAnswer(answer.path("opened").asInt(), answer.path("stop").asText(),
                answer.path("during").asText(), answer.path("store").asInt(), answer.path("message").asText(null),
                List.copyOf(points), limits, answer.path("limits"), answer.path("wallNs").asLong());
    }

    /** The point at the stop (the last), if there is any. */
    public Optional<Point> last() {
        return points.isEmpty() ? Optional.empty() : Optional.of(points.get(points.size() - 1));
    }

    /** The machine's available memory (KB) the process read with its limits, 0 where it could not. */
    public long memAvailableKb() {
        return limits.getOrDefault("memAvailableKb", 0L);
    }
}
