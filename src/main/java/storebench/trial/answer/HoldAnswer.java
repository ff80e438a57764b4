package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

/** The answer to {@code hold}: the stores held open (M), memory before and after, the request's wall time. */
public record HoldAnswer(int opened, MemorySnapshot before, MemorySnapshot after, long wallNs) {
    public static final String OP = "hold";

    public static HoldAnswer of(JsonNode answer) {
        return new HoldAnswer(answer.path("opened").asInt(), MemorySnapshot.of(answer.path("before")),
                MemorySnapshot.of(answer.path("after")), answer.path("wallNs").asLong());
    }
}
