package storebench.engine;

import storebench.model.StatId;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The engines of the Node worker (src/main/node/lib/engines.js has a part for each, package.json its package): libSQL and
 * Turso Database have no JVM binding served here, and SQLite through better-sqlite3 is the calibration column.
 */
public final class NodeEngines {
    private static final String SQL_PUT = "inside put: the binding binds each note's values to the prepared INSERT";

    public static final EngineDescriptor TURSO = EngineDescriptor.node("turso", "Turso Database").sql(SQL_PUT)
            .library("package @tursodatabase/database", "@tursodatabase/database")
            .reference().storeFiles("store.db and its -wal file (not checkpointed on close) in the store's directory",
                    360, 16).colour(0x009E73).syncedByDefault("WAL with synchronous=FULL (its default): the log is"
                    + " synced at each commit")
            .tuned("new Database(path, { readonly: true })", "the phases that only read open the database read-only (a"
                    + " write throws \"Resource is read-only\"); create and traffic open it writable",
                    "@tursodatabase/database-common 0.7.2, dist/compat.js, the Database constructor: \"opts.readonly -"
                    + " Open the database in read-only mode\"; its own test dist/compat.test.js, \"readonly-db\"")
            .caveats(NodeEngines::turso).build();
    public static final EngineDescriptor LIBSQL = EngineDescriptor.node("libsql", "libSQL").sql(SQL_PUT)
            .library("package libsql", "libsql")
            .reference().storeFiles("store.db in the store's directory (rollback journal)", 360, 16).colour(0xCC79A7)
            .syncedByDefault(SqliteEngine.ROLLBACK_FULL)
            .nothingToTune("libsql 0.5.29 (the npm package) takes no read-only open: its types declare a `readonly`"
                    + " option, but its Database constructor (index.js) passes none to the native open and sets"
                    + " `this.readonly = false`, and a write through a connection opened with `{ readonly: true }`"
                    + " succeeds (NodeReadOnlyTest); it documents no other option for many small stores")
            .caveats(NodeEngines::libsql).build();
    public static final EngineDescriptor SQLITE_NODE = EngineDescriptor.node("sqlite-node", "SQLite (Node.js)")
            .sql(SQL_PUT).library("package better-sqlite3", "better-sqlite3").reference().storeFiles("store.db in the store's directory (rollback journal)", 360, 16)
            .colour(0xD55E00).syncedByDefault(SqliteEngine.ROLLBACK_FULL)
            .tuned("new Database(path, { readonly: true })", SqliteEngine.READONLY_WHAT, "better-sqlite3 12.11.1,"
                    + " docs/api.md, \"new Database(path, [options])\": \"options.readonly: open the database"
                    + " connection in readonly mode\" (src/objects/database.cpp line 159: readonly ? SQLITE_OPEN_READONLY"
                    + " for sqlite3_open_v2); " + SqliteEngine.READONLY_SQLITE)
            .build();

    private NodeEngines() {
    }

    /** Close against the reference's, and the huge-page map that moves its open and count from worker to worker. */
    private static List<String> turso(RunView run) {
        List<String> c = new ArrayList<>();
        if (!run.measured(TURSO.id(), run.firstSetting())) {
            return c;
        }
        c.add("Turso Database differs from the reference mostly in close: the newest npm package"
                + " (@tursodatabase/database, see the versions) is older than the reference's pyturso 0.8.1 and"
                + " does not checkpoint the -wal file when a store closes, where the reference's close (6.4 ms)"
                + " wrote the log back into the database file (its stores had the other SQL engines' size, 316 KB)."
                + " Open, query, close differs by the same amount " + EngineDescriptor.notebook("turso-database")
                + ".");
        String thp = run.results().environmentFile().host().transparentHugepage();
        c.add("Turso Database maps a few MiB of memory on every open, asks for transparent huge pages on it"
                + " (MADV_HUGEPAGE) and unmaps it on close. With transparent huge pages in `madvise` or `always`"
                + " mode (this machine: `" + thp + "`), where the kernel puts that map decides, for a worker's"
                + " whole life, whether the store's pages land in one 2 MiB page or in 4 KiB pages, each a page"
                + " fault in the first query. So its open and count rows move from worker to"
                + " worker, each steady within its worker, its open, query, close much less" + countRuns(run) + ".");
        return c;
    }

    /** This run's Turso count figures, one per open run (each in a fresh worker), as a parenthesis; or "". */
    private static String countRuns(RunView run) {
        String setting = run.firstSetting();
        return run.results().measurement(TURSO.id(), setting, StatId.COUNT_MS.id())
                .filter(m -> m.runs().size() > 1)
                .map(m -> " (count in this run's workers under " + setting + ": " + m.runs().stream()
                        .map(v -> Stat.number(v, 3)).collect(Collectors.joining(", ")) + " ms)")
                .orElse("");
    }

    /** libSQL's close releases nothing until a GC finalizes its statements: its real close, from this run. */
    private static List<String> libsql(RunView run) {
        return List.of("libSQL's close() returns at once while a prepared statement of the connection is still alive:"
                + " the file and its page cache are released when the garbage collector finalizes the statement. The"
                + " Node worker gives a minor GC and one event-loop turn between stores, as an application's event"
                + " loop would (without it every visited store stays open), outside the open, query, close span."
                + " So libSQL's close row leaves out the real close; the row \"" + run.label(StatId.CLOSE_FIN_MS.id())
                + "\" times close with that GC and turn, for every Node engine alike" + realClose(run) + ".");
    }

    /** libSQL's close with its finalization against SQLite (Node.js)'s, whose close releases everything itself. */
    private static String realClose(RunView run) {
        String setting = run.firstSetting();
        RunResults r = run.results();
        Optional<RunResults.Measurement> lib = r.measurement(LIBSQL.id(), setting, StatId.CLOSE_FIN_MS.id());
        Optional<RunResults.Measurement> libClose = r.measurement(LIBSQL.id(), setting, StatId.CLOSE_MS.id());
        Optional<RunResults.Measurement> node = r.measurement(SQLITE_NODE.id(), setting, StatId.CLOSE_FIN_MS.id());
        Optional<RunResults.Measurement> nodeClose = r.measurement(SQLITE_NODE.id(), setting, StatId.CLOSE_MS.id());
        if (lib.isEmpty() || libClose.isEmpty()) {
            return "";
        }
        String text = ": " + run.format(StatId.CLOSE_FIN_MS.id(), lib.get().value()) + " against its close() of "
                + run.format(StatId.CLOSE_MS.id(), libClose.get().value());
        if (node.isPresent() && nodeClose.isPresent()) {
            double real = lib.get().value() - node.get().value() + nodeClose.get().value();
            return text + " (" + setting + "); SQLite (Node.js), whose close() releases the store itself, takes "
                    + run.format(StatId.CLOSE_FIN_MS.id(), node.get().value()) + " for the same span, so libSQL's real"
                    + " close costs about " + run.format(StatId.CLOSE_MS.id(), Math.max(0, real)) + " (its span minus"
                    + " SQLite (Node.js)'s GC and turn), and its open, query, close reads against the others with"
                    + " that in place of its close";
        }
        return text + " (" + setting + ")";
    }
}
