package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A memory snapshot of a trial process (docs/protocol.md): the figures the parent computes with, and the snapshot as
 * the process answered it (every field, RssAnon, RssFile, RssShmem and the settle wait too), which results.jsonl keeps.
 */
public record MemorySnapshot(double rssKb, double anonKb, double heapUsedBytes, ObjectNode asAnswered) {
    static MemorySnapshot of(JsonNode snapshot) {
        return new MemorySnapshot(snapshot.path("rssKb").asDouble(), snapshot.path("anonKb").asDouble(),
                snapshot.path("heapUsedBytes").asDouble(), snapshot.isObject() ? ((ObjectNode) snapshot).deepCopy()
                        : storebench.trial.Protocol.JSON.createObjectNode());
    }
}
