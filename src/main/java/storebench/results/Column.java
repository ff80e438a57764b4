package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/** A report column, one engine under one setting: the key of a trial's lines. A line of no trial has empty ids. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Column(String engine, String setting) {
    public Column {
        engine = engine == null ? "" : engine;
        setting = setting == null ? "" : setting;
    }

    /** The column a line of results.jsonl belongs to (empty ids where it names none). */
    public static Column of(JsonNode line) {
        return new Column(line.path("engine").asText(""), line.path("setting").asText(""));
    }

    /** "engine/setting", as the console and the report's lists print a trial. */
    @Override
    public String toString() { return engine + "/" + setting; }
}
