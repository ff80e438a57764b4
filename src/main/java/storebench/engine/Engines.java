package storebench.engine;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The engines, registered once, in the report's column order (docs/engines.md, "The engines"): the reference's engines
 * and its calibration column first, then the JVM's other embedded stores. Adding an engine is its class (or its part
 * of the Node worker) and one line here.
 */
public final class Engines {
    /** Every engine, in column order. */
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

    private Engines() {
    }

    /** The engine with this id; the error names every valid id. */
    public static EngineDescriptor of(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown engine id '" + id
                + "'; valid engine ids: " + String.join(", ", ids())));
    }

    /** The names of groups of engines (bench.engines): the reference's engines, the others, all. */
    public static final List<String> GROUPS = List.of("reference", "beyond", "all");

    /**
     * The engines of a group, in column order: "reference" (the reference write-up's engines and its calibration
     * column), "beyond" (the others), "all"; empty for a name that is no group.
     */
    public static Optional<List<EngineDescriptor>> group(String name) {
        return switch (name) {
            case "reference" -> Optional.of(ALL.stream().filter(EngineDescriptor::inReference).toList());
            case "beyond" -> Optional.of(ALL.stream().filter(e -> !e.inReference()).toList());
            case "all" -> Optional.of(ALL);
            default -> Optional.empty();
        };
    }

    /** What bench.engines takes, for a message: every engine id, then the groups. */
    public static String validNames() {
        return "valid engine ids: " + String.join(", ", ids()) + "; groups: reference (the reference's engines: "
                + String.join(", ", group("reference").orElseThrow().stream().map(EngineDescriptor::id).toList())
                + "), beyond (the others), all";
    }

    public static Optional<EngineDescriptor> find(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    public static List<String> ids() {
        return ALL.stream().map(EngineDescriptor::id).collect(Collectors.toList());
    }

    /** An engine's place in the column order (unknown ids last, in the order given). */
    public static int rank(String id) {
        for (int k = 0; k < ALL.size(); k++) {
            if (ALL.get(k).id().equals(id)) {
                return k;
            }
        }
        return Integer.MAX_VALUE;
    }
}
