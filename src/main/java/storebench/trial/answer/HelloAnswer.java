package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.results.EnvironmentFile.Timer;
import storebench.results.ResultsFile;

import java.util.Optional;

/** The answer to {@code hello}: info and limits kept as objects, since environment.json records them as they came. */
public record HelloAnswer(String runtime, JsonNode info, Optional<Timer> timer, Optional<JsonNode> limits) {
    public static HelloAnswer of(JsonNode answer) {
        JsonNode timer = answer.path("timer");
        JsonNode limits = answer.path("limits");
        return new HelloAnswer(answer.path("runtime").asText(), answer.path("info"),
                timer.isObject() ? Optional.of(ResultsFile.as(timer, Timer.class)) : Optional.empty(),
                limits.isObject() ? Optional.of(limits) : Optional.empty());
    }
}
