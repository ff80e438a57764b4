package storebench.report.model;

import storebench.results.EnvironmentFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** environment.json as report.html lists it, nested objects flattened into "parent › child" keys in words. */
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
    public static Optional<EnvironmentTable> of(EnvironmentFile env) {
        if (!env.recorded()) {
            return Optional.empty();
        }
        List<KeyValue> machine = env.fields().orElseThrow().stream().map(f -> new KeyValue(key(f.path()), f.text()))
                .toList();
        List<EngineFields> engines = new ArrayList<>();
        env.engines().forEach((id, engine) -> {
            List<KeyValue> fields = new ArrayList<>();
            for (EnvironmentFile.Field f : engine.fields()) {
                List<String> path = f.path();
                if (path.get(0).equals("info") && path.size() > 1) {
                    fields.add(new KeyValue(key(path.subList(1, path.size())), f.text()));
                } else if (!path.get(0).equals("title")) {
                    fields.add(new KeyValue(key(path), f.text()));
                }
            }
            engines.add(new EngineFields(id, Titles.engineTitle(id), fields));
        });
        return Optional.of(new EnvironmentTable(machine, engines));
    }

    /** A nested field's key: its path, "parent › child", each name in words ("page size", not "pageSize"). */
    private static String key(List<String> path) {
        return String.join(" › ", path.stream().map(Titles::words).toList());
    }
}
