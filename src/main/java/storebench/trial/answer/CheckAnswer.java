package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** The answer to {@code check}: the stores that exist, open and count W. */
public record CheckAnswer(List<Integer> valid) {
    public static final String OP = "check";

    public static CheckAnswer of(JsonNode answer) {
        List<Integer> valid = new ArrayList<>();
        answer.path("valid").forEach(v -> valid.add(v.asInt()));
        return new CheckAnswer(List.copyOf(valid));
    }
}
