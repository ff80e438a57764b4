package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The answer to {@code notes}: notes j of one store as the engine read them back, in request order, kept as they came
 * ({@code j}, {@code id}, {@code text}, {@code ts}: tests compare them with the fixture, the JSON types included).
 */
public record NotesAnswer(int store, JsonNode notes) {
    public static final String OP = "notes";

    public static NotesAnswer of(JsonNode answer) {
        return new NotesAnswer(answer.path("store").asInt(), answer.path("notes"));
    }
}
