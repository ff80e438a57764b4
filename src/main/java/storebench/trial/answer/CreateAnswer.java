package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/**
 * The answer to {@code create} and {@code createprofile}: the samples by name, one per store in request order (ns;
 * {@code create}, or the profile's {@code open}, {@code build}, {@code put}, {@code close}, {@code total}), when the
 * loop started (create only; 0 otherwise) and how long it took.
 */
public record CreateAnswer(Map<String, long[]> samples, long startMs, long wallNs) {
    public static final String OP = "create";
    public static final String PROFILE_OP = "createprofile";

    public static CreateAnswer of(JsonNode answer) {
        return new CreateAnswer(Samples.of(answer), answer.path("startMs").asLong(), answer.path("wallNs").asLong());
    }

    /** The samples of this name; an error naming it where the answer has none. */
    public long[] samples(String name) {
        return Samples.named(samples, name);
    }
}
