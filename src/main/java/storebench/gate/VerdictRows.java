package storebench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** verdicts.json as it is, whatever its shape, for a table that leaves nothing out. */
public record VerdictRows(Map<String, JsonNode> fields, List<Row> rows) {
    /** One verdict's fields, in the file's order (none for an entry that is not an object). */
    public record Row(Map<String, JsonNode> fields) {
        public JsonNode field(String name) {
            return fields.getOrDefault(name, MissingNode.getInstance());
        }

        /** The verdict's status as the file has it ("" where none). */
        public String status() {
            return field("status").asText("");
        }

        /** The id of the statistic the verdict judged ("" where none: a rule over several statistics). */
        public String stat() {
            return field("stat").asText();
        }
    }

    public static VerdictRows of(JsonNode root) {
        JsonNode list = verdictList(root);
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        if (root.isObject()) {
            root.fields().forEachRemaining(f -> {
                if (f.getValue() != list) {
                    fields.put(f.getKey(), f.getValue());
                }
            });
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode v : list) {
            Map<String, JsonNode> row = new LinkedHashMap<>();
            if (v.isObject()) {
                v.fields().forEachRemaining(f -> row.put(f.getKey(), f.getValue()));
            }
            rows.add(new Row(row));
        }
        return new VerdictRows(fields, rows);
    }

    /** The verdicts: the root if an array, else its first array that is empty or holds objects. */
    private static JsonNode verdictList(JsonNode root) {
        if (root.isArray()) {
            return root;
        }
        for (JsonNode f : root) {
            if (f.isArray() && (f.isEmpty() || f.get(0).isObject())) {
                return f;
            }
        }
        return MissingNode.getInstance();
    }
}
