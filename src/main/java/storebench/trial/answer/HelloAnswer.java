package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** The answer to {@code hello}, kept as objects, since environment.json records them as they came. */
public record HelloAnswer(String runtime, JsonNode info, Optional<Timer> timer, Optional<JsonNode> limits) {
    /** The process' own clock: its source (System.nanoTime, process.hrtime.bigint) and its reads as answered. */
    public record Timer(String source, JsonNode asAnswered) {
    }

    public static HelloAnswer of(JsonNode answer) {
        JsonNode timer = answer.path("timer");
        JsonNode limits = answer.path("limits");
        return new HelloAnswer(answer.path("runtime").asText(), answer.path("info"),
                timer.isObject() ? Optional.of(new Timer(timer.path("source").asText(), timer)) : Optional.empty(),
                limits.isObject() ? Optional.of(limits) : Optional.empty());
    }
}
