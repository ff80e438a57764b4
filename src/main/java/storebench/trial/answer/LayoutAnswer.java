package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The answer to {@code layout}: how a store lies on disk as the engine tells it, an object of the engine's own fields
 * (a SQL engine's pages and cells; empty where the engine can tell nothing), kept as it came.
 */
public record LayoutAnswer(ObjectNode layout) {
    public static final String OP = "layout";

    public static LayoutAnswer of(JsonNode answer) {
        JsonNode layout = answer.path("layout");
        return new LayoutAnswer(layout.isObject() ? (ObjectNode) layout : storebench.trial.Protocol.JSON.createObjectNode());
    }

    public boolean isEmpty() {
        return layout.size() == 0;
    }
}
