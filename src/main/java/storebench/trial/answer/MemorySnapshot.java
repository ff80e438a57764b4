package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A memory snapshot: the figures the parent computes with, and as answered (results.jsonl keeps every field). */
public record MemorySnapshot(double rssKb, double anonKb, double heapUsedBytes, ObjectNode asAnswered) {
    static MemorySnapshot of(JsonNode snapshot) {
        return new MemorySnapshot(snapshot.path("rssKb").asDouble(), snapshot.path("anonKb").asDouble(),
                snapshot.path("heapUsedBytes").asDouble(), snapshot.isObject() ? ((ObjectNode) snapshot).deepCopy()
                        : storebench.trial.Protocol.JSON.createObjectNode());
    }
}
