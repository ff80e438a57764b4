package storebench.report.model;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * environment.json as the HTML report lists it: the machine, the JVM and the timers, then each engine's versions and
 * settings, every nested object flattened into "parent › child" keys.
 *
 * @param machine every field but the engines
 * @param engines each engine environment.json describes, in its order
 */
public record EnvironmentTable(List<KeyValue> machine, List<EngineFields> engines) {
    public EnvironmentTable {
        machine = List.copyOf(machine);
        engines = List.copyOf(engines);
    }

    /** What environment.json says about one engine (its "info" fields at the top, its title left out). */
    public record EngineFields(String engine, String title, List<KeyValue> fields) {
        public EngineFields {
            fields = List.copyOf(fields);
        }
    }

    /** The environment of a run; empty where it has no environment.json. */
    public static Optional<EnvironmentTable> of(JsonNode env) {
        if (env.isMissingNode()) {
            return Optional.empty();
        }
        List<KeyValue> machine = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = env.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().equals("engines")) {
                flatten(machine, f.getKey(), f.getValue());
            }
        }
        List<EngineFields> engines = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = env.path("engines").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            List<KeyValue> fields = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = e.getValue().fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> field = f.next();
                if (field.getKey().equals("info") && field.getValue().isObject()) {
                    field.getValue().fields().forEachRemaining(i -> flatten(fields, i.getKey(), i.getValue()));
                } else if (!field.getKey().equals("title")) {
                    flatten(fields, field.getKey(), field.getValue());
                }
            }
            engines.add(new EngineFields(e.getKey(), Titles.engineTitle(e.getKey()), fields));
        }
        return Optional.of(new EnvironmentTable(machine, engines));
    }

    /** One field per scalar, nested objects flattened as "parent › child"; an array as its JSON. */
    private static void flatten(List<KeyValue> out, String key, JsonNode value) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> flatten(out, key + " › " + f.getKey(), f.getValue()));
            return;
        }
        out.add(new KeyValue(key, value.isValueNode() ? value.asText() : value.toString()));
    }
}
