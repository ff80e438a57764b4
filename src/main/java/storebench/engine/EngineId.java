package storebench.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The engines, in the report's column order (shared/DESIGN.md, "Engines"). The ids are part of the
 * interface: options, results.jsonl and thresholds.yaml use them.
 */
public enum EngineId {
    OBJECTBOX("objectbox", "ObjectBox, sync every open", Runtime.JVM),
    OBJECTBOX_CACHED("objectbox-cached", "ObjectBox, cached model", Runtime.JVM),
    OBJECTBOX_NOSYNC("objectbox-nosync", "ObjectBox, skip model sync", Runtime.JVM),
    SQLITE("sqlite", "SQLite", Runtime.JVM),
    TURSO("turso", "Turso Database", Runtime.NODE),
    LIBSQL("libsql", "libSQL", Runtime.NODE),
    SQLITE_NODE("sqlite-node", "SQLite (Node.js)", Runtime.NODE);

    /** Why objectbox-nosync has no figures (issue 2, point 8). */
    public static final String NOSYNC_UNAVAILABLE = "objectbox-java 5.1.0 has no public way to open a store without"
            + " syncing its model: BoxStoreBuilder has no such option (its only related field, skipReadSchema, is"
            + " package-private, has no setter, and means not reading the stored schema, which is not the same)";

    /** Where an engine's trials run. */
    public enum Runtime { JVM, NODE }

    private final String id;
    private final String title;
    private final Runtime runtime;

    EngineId(String id, String title, Runtime runtime) {
        this.id = id;
        this.title = title;
        this.runtime = runtime;
    }

    public String id() {
        return id;
    }

    /** The report's column heading. */
    public String title() {
        return title;
    }

    public Runtime runtime() {
        return runtime;
    }

    /** Why this engine cannot be measured at all, whatever the machine; empty if it can. */
    public Optional<String> unavailable() {
        return this == OBJECTBOX_NOSYNC ? Optional.of(NOSYNC_UNAVAILABLE) : Optional.empty();
    }

    /** A new instance of a JVM engine; called only inside a trial process, so the test JVM loads no engine. */
    public Engine newJvmEngine() {
        switch (this) {
            case OBJECTBOX:
                return new ObjectBoxEngine(false);
            case OBJECTBOX_CACHED:
                return new ObjectBoxEngine(true);
            case SQLITE:
                return new SqliteEngine();
            default:
                throw new IllegalArgumentException("engine '" + id + "' does not run in a JVM"
                        + unavailable().map(why -> ": " + why).orElse(""));
        }
    }

    /** SQL engines keep one database file per store; their count query scans the table. */
    public boolean isSql() {
        return this != OBJECTBOX && this != OBJECTBOX_CACHED && this != OBJECTBOX_NOSYNC;
    }

    public static EngineId of(String id) {
        for (EngineId e : values()) {
            if (e.id.equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown engine id '" + id + "'; valid engine ids: " + String.join(", ", ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(EngineId::id).collect(Collectors.toList());
    }
}
