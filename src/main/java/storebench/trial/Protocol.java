package storebench.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Optional;

/**
 * Encoding and decoding of the trial protocol's lines (docs/protocol.md is the one definition). Both the
 * parent ({@link TrialProcess}) and the child JVM (storebench.trial.child.TrialMain) use this class.
 */
public final class Protocol {
    public static final ObjectMapper JSON = new ObjectMapper();

    /** The parent names the child's main class, never uses it (ArchitectureTest). */
    public static final String JVM_MAIN = "storebench.trial.child.TrialMain";

    /** The protocol's own ops; every other is named by its answer record's {@code OP} (storebench.trial.answer). */
    public static final String HELLO = "hello";
    public static final String EXIT = "exit";

    private Protocol() {
    }

    public static ObjectNode request(String op) {
        return JSON.createObjectNode().put("op", op);
    }

    /** The op a request asks for ({@link #request}); "" where it names none. */
    public static String op(JsonNode request) {
        return request.path("op").asText();
    }

    public static ObjectNode result(String op) {
        return JSON.createObjectNode().put("type", "result").put("op", op);
    }

    public static ObjectNode error(String op, String message) {
        return JSON.createObjectNode().put("type", "error").put("op", op).put("message", message);
    }

    public static ObjectNode progress(String op, int done, int total) {
        return JSON.createObjectNode().put("type", "progress").put("op", op).put("done", done).put("total", total);
    }

    public static String encode(JsonNode line) {
        try {
            return JSON.writeValueAsString(line);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A protocol line, or empty for anything else on stdout (engine noise, see docs/protocol.md). */
    public static Optional<ObjectNode> decode(String line) {
        String trimmed = line.trim();
        if (!trimmed.startsWith("{")) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(trimmed);
            return node instanceof ObjectNode o && o.hasNonNull("type") ? Optional.of(o) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public static int[] toInts(JsonNode array, String name) {
        return java.util.Arrays.stream(toLongs(array, name)).mapToInt(v -> (int) v).toArray();
    }

    public static long[] toLongs(JsonNode array, String name) {
        if (array == null || !array.isArray()) {
            throw new IllegalArgumentException("'" + name + "' must be an array of integers");
        }
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).mapToLong(JsonNode::asLong).toArray();
    }
}
