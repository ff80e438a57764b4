package storebench.engine;

import storebench.engine.Description.Named;
import org.sqlite.JDBC;
import org.sqlite.SQLiteConfig;
import storebench.model.Setting;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Properties;

/**
 * SQLite through org.xerial:sqlite-jdbc, with the engine's and the driver's defaults; under the tuned setting the
 * phases that only read open the file read-only (SQLITE_OPEN_READONLY).
 */
public final class SqliteEngine extends JdbcEngine {
    /** A store on disk (the disk phase's layout): its pages, the note b-tree's (dbstat), rows per class of ts. */
    public record Layout(long pageSize, long pageCount, long freelistCount, long leafPages, long interiorPages,
                         long leafCells, long leafPayloadBytes, Map<String, Long> tsTypes) {
    }

    /** SQLite's default durability, here and in the Node worker's SQLite-family engines. */
    static final String ROLLBACK_FULL = "rollback journal with synchronous=FULL (the default): the journal and the"
            + " database file are synced at each commit";
    /** The read-only open, as SQLite documents it, for the tuned setting's phases that only read. */
    static final String READONLY_WHAT = "the phases that only read open the database file read-only: SQLite takes no"
            + " write lock, creates no journal and cannot change the file; create and traffic open it read-write as"
            + " before";
    static final String READONLY_SQLITE = "SQLite C interface, \"Opening A New Database Connection\""
            + " (sqlite.org/c3ref/open.html): SQLITE_OPEN_READONLY, \"The database is opened in read-only mode\"";
    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("sqlite", "SQLite", SqliteEngine::new)
            .library("sqlite-jdbc", "org.xerial:sqlite-jdbc")
            .sql("inside put: the binding binds each note's values to the prepared INSERT").reference()
            .storeFiles("store.db in the store's directory (rollback journal: store.db-journal only during a"
                    + " transaction)", 360, 16)
            .colour(0xE69F00).syncedByDefault(ROLLBACK_FULL).caveats(SqliteEngine::caveats)
            .heapKbPerOpenStore(2) // heap_kb 1.2-1.3 in the kept runs (N = 1,000 and 10,000, both settings)
            .tuned("SQLiteConfig.setReadOnly(true)", READONLY_WHAT, "sqlite-jdbc 3.54.1.0,"
                    + " org/sqlite/SQLiteConfig.java, setReadOnly: sets SQLiteOpenMode.READONLY and clears READWRITE and"
                    + " CREATE, the flags sqlite3_open_v2 gets; " + READONLY_SQLITE)
            .build();

    /** The database file inside a store's directory (docs/protocol.md, "Store layout"). */
    public static final String FILE_NAME = "store.db";
    static final String SCHEMA = "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, ts INTEGER NOT NULL)";

    private final boolean tuned;

    public SqliteEngine(Setting setting) {
        // JDBC.createConnection skips DriverManager's driver lookup, which is harness, not engine.
        super("jdbc:sqlite:", FILE_NAME, JDBC::createConnection, SCHEMA, SqliteStore::new, new Properties(),
                setting.readOnlyVisits() ? readOnly() : new Properties());
        this.tuned = setting.readOnlyVisits();
    }

    /** The driver's properties of a read-only open: its open-mode flags without READWRITE and CREATE. */
    private static Properties readOnly() {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        return config.toProperties();
    }

    @Override
    public Description describe() throws Exception {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        String setting;
        Path tmp = Files.createTempDirectory("storebench-sqlite-describe");
        try (Connection connection = connect(tmp); Statement statement = connection.createStatement()) {
            versions.add(new Named("sqlite-jdbc", connection.getMetaData().getDriverVersion()));
            versions.add(new Named("sqlite", one(statement, "select sqlite_version()")));
            options.add(new Named("journal_mode", one(statement, "pragma journal_mode")));
            options.add(new Named("synchronous", one(statement, "pragma synchronous")));
            options.add(new Named("page_size", one(statement, "pragma page_size")));
            options.add(new Named("cache_size", one(statement, "pragma cache_size")));
            List<String> compiled = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery("pragma compile_options")) {
                while (rs.next()) {
                    compiled.add(rs.getString(1));
                }
            }
            options.add(new Named("compile_options", String.join(" ", compiled)));
            setting = tuned ? "tuned: SQLiteConfig.setReadOnly(true) for the phases that only read (open"
                    + " flags " + new SQLiteConfig(readingProperties()).getOpenModeFlags() + ")" : "defaults";
        } finally {
            Description.deleteScratch(tmp);
        }
        return new Description(versions, options, setting);
    }

    /** Where its open time goes: in the driver's Java code, which the warm-up compiles. */
    static List<String> caveats(RunView run) {
        return List.of("SQLite's open through sqlite-jdbc is mostly the driver's Java code (SQLiteConfig.apply: twelve"
                + " sqlite3_limit calls and a `pragma busy_timeout` statement on every open), not the native"
                + " sqlite3_open_v2, as in the reference. Until the JIT has compiled that code (a few thousand opens,"
                + " hence the warm-up) the open is several times slower " + EngineDescriptor.notebook("sqlite") + ".");
    }

    private static String one(Statement statement, String sql) throws SQLException {
        try (ResultSet rs = statement.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "";
        }
    }

    private static final class SqliteStore extends JdbcStore {
        SqliteStore(Connection connection) {
            super(connection);
        }

        /** sqlite-jdbc's executeBatch loops in Java (a native reset, bind, step per row): it saves driver work only. */
        @Override
        public void putAll(Note[] notes) throws SQLException {
            JdbcNotes.putAll(connection, notes, c -> { });
        }

        /** SQLite assigns the rowid: the store's n notes have ids 1..n, so the next is {@code id}. */
        @Override
        public void write(long id, Note note) throws SQLException {
            JdbcNotes.writeOne(connection, JdbcNotes.INSERT, null, note);
        }

        /** Its pages (PRAGMA), the note table's b-tree pages by type (dbstat), and ts's storage classes. */
        @Override
        public Optional<Record> layout() throws SQLException {
            try (Statement statement = connection.createStatement()) {
                long leafPages = 0;
                long interiorPages = 0;
                long leafCells = 0;
                long leafPayload = 0;
                try (ResultSet rs = statement.executeQuery("SELECT pagetype, count(*), sum(ncell), sum(payload)"
                        + " FROM dbstat WHERE name = 'note' GROUP BY pagetype")) {
                    while (rs.next()) {
                        if ("leaf".equals(rs.getString(1))) {
                            leafPages = rs.getLong(2);
                            leafCells = rs.getLong(3);
                            leafPayload = rs.getLong(4);
                        } else if ("internal".equals(rs.getString(1))) {
                            interiorPages = rs.getLong(2);
                        }
                    }
                }
                Map<String, Long> types = new LinkedHashMap<>();
                try (ResultSet rs = statement.executeQuery("SELECT typeof(ts), count(*) FROM note GROUP BY 1")) {
                    while (rs.next()) {
                        types.put(rs.getString(1), rs.getLong(2));
                    }
                }
                return Optional.of(new Layout(Long.parseLong(one(statement, "PRAGMA page_size")),
                        Long.parseLong(one(statement, "PRAGMA page_count")),
                        Long.parseLong(one(statement, "PRAGMA freelist_count")), leafPages, interiorPages, leafCells,
                        leafPayload, types));
            }
        }
    }
}
