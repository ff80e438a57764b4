package storebench.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The engines, registered once, in the report's column order (docs/engines.md, "The engines"): the reference's engines
 * and its calibration column first, then the JVM's other embedded stores. Adding an engine is its class (or its part
 * of the Node worker) and one line here.
 */
public final class Engines {
    public static final List<EngineDescriptor> ALL = List.of(
            ObjectBoxEngine.SYNC_EVERY_OPEN,
            ObjectBoxEngine.CACHED_MODEL,
            ObjectBoxEngine.SKIP_MODEL_SYNC,
            SqliteEngine.DESCRIPTOR,
            NodeEngines.TURSO,
            NodeEngines.LIBSQL,
            NodeEngines.SQLITE_NODE,
            H2Engine.DESCRIPTOR,
            RocksDbEngine.DESCRIPTOR,
            LmdbEngine.DESCRIPTOR,
            XodusEngine.DESCRIPTOR,
            DuckDbEngine.DESCRIPTOR);

    /** The groups bench.engines may name: reference (with its calibration column), beyond, all. */
    public static final Map<String, List<EngineDescriptor>> GROUPS = java.util.Collections.unmodifiableMap(
            java.util.stream.Stream.of(Map.entry("reference", ALL.stream().filter(EngineDescriptor::inReference).toList()),
                    Map.entry("beyond", ALL.stream().filter(e -> !e.inReference()).toList()), Map.entry("all", ALL))
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new)));

    private Engines() {
    }

    /** The engines named by ids and groups, each once, in column order. */
    public static List<EngineDescriptor> select(List<String> idsAndGroups) {
        Set<EngineDescriptor> chosen = new LinkedHashSet<>();
        for (String item : idsAndGroups) {
            List<EngineDescriptor> group = GROUPS.get(item);
            if (group != null) {
                chosen.addAll(group);
            } else {
                chosen.add(find(item).orElseThrow(() -> new IllegalArgumentException("unknown engine id or group '"
                        + item + "'; " + validNames())));
            }
        }
        List<EngineDescriptor> ordered = new ArrayList<>(ALL);
        ordered.retainAll(chosen);
        return List.copyOf(ordered);
    }

    /** The groups with their engines: "reference (objectbox, ...), beyond (h2, ...), all (every engine)". */
    private static String groupList() {
        return GROUPS.entrySet().stream().map(g -> g.getKey() + " (" + (g.getValue() == ALL ? "every engine"
                : g.getValue().stream().map(EngineDescriptor::id).collect(Collectors.joining(", "))) + ")")
                .collect(Collectors.joining(", "));
    }

    /** The groups a set of ids holds whole (the widest first), then its other ids: [reference, lmdb]. */
    public static List<String> inGroups(List<String> engineIds) {
        List<String> left = new ArrayList<>(ids());
        left.retainAll(engineIds);
        List<String> named = new ArrayList<>();
        for (Map.Entry<String, List<EngineDescriptor>> g : GROUPS.entrySet().stream()
                .sorted((a, b) -> b.getValue().size() - a.getValue().size()).toList()) {
            List<String> members = g.getValue().stream().map(EngineDescriptor::id).toList();
            if (left.containsAll(members)) {
                named.add(g.getKey());
                left.removeAll(members);
            }
        }
        named.addAll(left);
        engineIds.stream().filter(id -> find(id).isEmpty()).forEach(named::add); // an id this build does not know
        return named;
    }

    /** The error names every valid id. */
    public static EngineDescriptor of(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown engine id '" + id
                + "'; valid engine ids: " + String.join(", ", ids())));
    }

    /** What bench.engines takes, for a message: every engine id, then the groups. */
    public static String validNames() {
        return "valid engine ids: " + String.join(", ", ids()) + "; groups: " + groupList();
    }

    public static Optional<EngineDescriptor> find(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    public static List<String> ids() {
        return ALL.stream().map(EngineDescriptor::id).collect(Collectors.toList());
    }

    /** An engine's place in the column order (unknown ids last, in the order given). */
    public static int rank(String id) {
        int k = ids().indexOf(id);
        return k < 0 ? Integer.MAX_VALUE : k;
    }
}
