package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A column of the report: one engine under one setting, the key of a trial's lines in results.jsonl (in place of the
 * string "engine/setting").
 */
public record Column(String engine, String setting) {
    /** The column a line of results.jsonl belongs to (empty ids where it names none). */
    public static Column of(JsonNode line) {
        return new Column(line.path("engine").asText(""), line.path("setting").asText(""));
    }

    /** "engine/setting", as the console and the report's lists print a trial. */
    @Override
    public String toString() {
        return engine + "/" + setting;
    }
}
