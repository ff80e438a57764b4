package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

/** What every answer and progress line says, whatever its op (docs/protocol.md). */
public final class Answers {
    private Answers() {
    }

    /** The wall time an answer reports for its request, ns (0 where it reports none: check, layout). */
    public static long wallNs(JsonNode answer) {
        return answer.path("wallNs").asLong();
    }

    /** The stores a progress line says are done. */
    public static int done(JsonNode progress) {
        return progress.path("done").asInt();
    }
}
