package storebench.engine;

import storebench.engine.Description.Named;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.JarFile;

/**
 * DuckDB (org.duckdb:duckdb_jdbc), one database file per store, with the engine's and the driver's defaults. The schema
 * is the SQL engines', in DuckDB's types: its INTEGER is 32 bits (ts needs 64: BIGINT), and the id is a BIGINT primary
 * key bound explicitly (1..W), as DuckDB has no rowid alias and its Appender does not evaluate a sequence default. The
 * notes go in through the Appender, DuckDB's bulk path, in one JDBC transaction: duckdb_jdbc's executeBatch runs the
 * prepared INSERT once per row, a whole query each. Under the tuned setting one in-memory instance serves the whole
 * process: an open ATTACHes the store's file to it (READ_ONLY where a phase only reads), a close DETACHes it.
 */
public final class DuckDbEngine extends JdbcEngine {
    /** A store on disk (the disk phase's layout): its blocks, WAL, ts's type and each column's segments. */
    public record Layout(long blockSize, long totalBlocks, long usedBlocks, long freeBlocks, String walSize,
                         String tsType, Map<String, String> columns) {
    }

    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("duckdb", "DuckDB", DuckDbEngine::new)
            .library("duckdb_jdbc", "org.duckdb:duckdb_jdbc")
            .kind(EngineDescriptor.Kind.SQL, "`SELECT count(*) FROM note`, which DuckDB's optimizer answers from"
                    + " the exact row counts its row groups keep (the plan is a constant, no table scan)", "inside put:"
                    + " the Appender copies each note's values (id, text, ts) into its column buffers and appends them"
                    + " to the table at close; the commit writes them to the WAL")
            .storeFiles("store.duckdb in the store's directory (256 KiB blocks), with store.duckdb.wal while it"
                    + " holds commits not yet checkpointed (a close checkpoints them and deletes it), and"
                    + " store.duckdb.tmp only if a query spills", 800, 790)
            .colour(0xDDCC77)
            .syncedByDefault("each commit appends to the WAL (store.duckdb.wal) and fsyncs it before it returns"
                    + " (fsync_mode STANDARD, the default); a close checkpoints into store.duckdb and fsyncs it")
            .tuned("one in-memory instance per process; ATTACH '<store.duckdb>' AS <alias>, USE <alias>; DETACH at"
                    + " close", "every open attaches the store's file to the process' one DuckDB instance (its catalog,"
                    + " buffer manager, threads and extensions made once) on a connection of its own"
                    + " (DuckDBConnection.duplicate()), instead of starting a database instance per open; the close"
                    + " detaches it, which checkpoints and closes the file as closing its own instance did", "DuckDB"
                    + " documentation, \"ATTACH and DETACH Statements\" (duckdb.org/docs/2.0/sql/statements/attach):"
                    + " \"DuckDB allows attaching to and detaching from database files\"; duckdb_jdbc 2.0.0.1,"
                    + " DuckDBConnection.duplicate(): another connection to the same database instance")
            .tuned("ATTACH ... (READ_ONLY)", "the phases that only read attach the file read-only: nothing can be"
                    + " written, and the detach has nothing to checkpoint", "DuckDB documentation, \"ATTACH and DETACH"
                    + " Statements\": \"Attach the database file.db in read only mode: ATTACH 'file.db' (READ_ONLY)\"")
            .sharedPerProcess("one in-memory DuckDB instance (its catalog, buffer manager, worker and I/O threads,"
                    + " extensions) that every store is attached to")
            .caveats(DuckDbEngine::caveats).build();

    static final String FILE_NAME = "store.duckdb";
    static final String SCHEMA = "CREATE TABLE note (id BIGINT PRIMARY KEY, text VARCHAR NOT NULL, ts BIGINT NOT NULL)";
    static final String TABLE = "note";
    static final String INSERT_WITH_ID = "INSERT INTO note (id, text, ts) VALUES (?, ?, ?)";

    private final DuckDBDriver driver;
    /** The tuned setting's one instance of the process, every store attached to it; null under the others. */
    private final SharedInstance shared;

    public DuckDbEngine(Setting setting) {
        // a commit is synced at DuckDB's defaults (fsync_mode STANDARD) under every setting, the tuned one too
        this(new DuckDBDriver(), setting.readOnlyVisits());
    }

    private DuckDbEngine(DuckDBDriver driver, boolean tuned) {
        super("jdbc:duckdb:", FILE_NAME, driver::connect, SCHEMA, c -> new DuckDbStore(c, null, () -> { }),
                new Properties(), new Properties());
        this.driver = driver;
        this.shared = tuned ? new SharedInstance(driver) : null;
    }

    @Override
    public OpenStore create(Path dir) throws SQLException {
        if (shared == null) {
            return super.create(dir);
        }
        DuckDbStore store = shared.attach(dir.resolve(FILE_NAME), false);
        try (Statement statement = store.connection.createStatement()) {
            statement.execute(SCHEMA);
        } catch (SQLException e) {
            store.close();
            throw e;
        }
        return store;
    }

    @Override
    public OpenStore open(Path dir) throws SQLException {
        return shared == null ? super.open(dir) : shared.attach(dir.resolve(FILE_NAME), false);
    }

    @Override
    public OpenStore openForReading(Path dir) throws SQLException {
        return shared == null ? super.openForReading(dir) : shared.attach(dir.resolve(FILE_NAME), true);
    }

    /** The process' one in-memory instance: an attach is a connection with the store's file as its default database. */
    static final class SharedInstance {
        /** The in-memory instance's own database, the default a connection returns to before it detaches a store. */
        static final String HOME = "memory";
        private final DuckDBDriver driver;
        private final AtomicLong aliases = new AtomicLong();
        private final java.util.Set<String> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private DuckDBConnection instance;

        SharedInstance(DuckDBDriver driver) {
            this.driver = driver;
        }

        synchronized DuckDBConnection instance() throws SQLException {
            if (instance == null) {
                instance = (DuckDBConnection) driver.connect("jdbc:duckdb:", new Properties());
            }
            return instance;
        }

        DuckDbStore attach(Path file, boolean readOnly) throws SQLException {
            // named by its store (store-49: store_49), so that DuckDB's messages name the right one; a second
            // attach of a name still attached gets a number after it
            String name = file.getParent() == null ? "store" : file.getParent().getFileName().toString()
                    .replaceAll("[^A-Za-z0-9]", "_");
            String alias = live.add(name) ? name : name + "_" + aliases.incrementAndGet();
            live.add(alias);
            try {
                return attach(file, readOnly, alias);
            } catch (SQLException | RuntimeException e) {
                live.remove(alias);
                throw e;
            }
        }

        private DuckDbStore attach(Path file, boolean readOnly, String alias) throws SQLException {
            Connection connection = instance().duplicate();
            try (Statement statement = connection.createStatement()) {
                statement.execute("ATTACH '" + file.toString().replace("'", "''") + "' AS " + alias
                        + (readOnly ? " (READ_ONLY)" : ""));
                statement.execute("USE " + alias);
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
            return new DuckDbStore(connection, alias, () -> live.remove(alias));
        }
    }

    /** The first connect loads the native library: one that cannot load fails the hello, and no create pays for it. */
    @Override
    public Description describe() throws Exception {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        versions.add(new Named("duckdb_jdbc", jarVersion()));
        try (Connection memory = driver.connect("jdbc:duckdb:", new Properties())) {
            // the native library loads here, before anything else can fail
            options.add(new Named("library", "loaded (an in-memory database opened)"));
        } catch (LinkageError e) {
            throw new LinkageError("DuckDB's native library did not load: " + rootCause(e), e);
        }
        Path tmp = Files.createTempDirectory("storebench-duckdb-describe");
        try {
            if (shared != null) {
                shared.instance(); // the process' one instance, made here so no phase's figure pays for it
            }
            long before = osThreads();
            DuckDbStore attached = shared == null ? null : shared.attach(tmp.resolve(FILE_NAME), false);
            try (Connection connection = attached == null ? connect(tmp) : attached.connection;
                 Statement statement = connection.createStatement()) {
                long open = osThreads();
                try (ResultSet rs = statement.executeQuery("SELECT library_version, source_id FROM pragma_version()")) {
                    rs.next();
                    versions.add(new Named("duckdb", rs.getString(1) + " (" + rs.getString(2) + ")"));
                }
                for (String name : List.of("threads", "external_threads", "async_threads", "memory_limit",
                        "fsync_mode", "checkpoint_threshold", "default_block_size", "storage_compatibility_version",
                        "allocator_background_threads", "temp_directory")) {
                    try (ResultSet rs = statement.executeQuery("SELECT value FROM duckdb_settings() WHERE name = '"
                            + name + "'")) {
                        // the temp directory lies beside the database file: name it for a store, not for this one
                        options.add(new Named(name, rs.next() ? rs.getString(1).replace(tmp.toString(),
                                "<store directory>") : "not reported"));
                    }
                }
                List<String> extensions = new ArrayList<>();
                try (ResultSet rs = statement.executeQuery("SELECT extension_name FROM duckdb_extensions() WHERE loaded"
                        + " ORDER BY 1")) {
                    while (rs.next()) {
                        extensions.add(rs.getString(1));
                    }
                }
                options.add(new Named("extensions loaded in every database", String.join(" ", extensions)));
                if (attached != null) {
                    attached.close();
                }
                connection.close();
                options.add(new Named("threads per open database", "opening a " + (shared == null ? "database"
                        : "store (an attach to the shared instance)") + " started " + (open - before) + " OS threads,"
                        + " closing it left " + (osThreads() - before) + " of them (/proc/self/task)"));
            }
        } finally {
            Description.deleteScratch(tmp);
        }
        options.add(new Named("put", "DuckDBAppender in one JDBC transaction, ids bound explicitly"));
        return new Description(versions, options, shared != null ? "tuned: one in-memory instance per process, each"
                + " store ATTACHed to it (READ_ONLY where a phase only reads) and DETACHed at close; a commit is synced"
                + " as by default" : "defaults (a commit is synced by default: the durable setting changes nothing)");
    }

    /** The loader's own reason (an ExceptionInInitializerError has no message of its own). */
    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.toString();
    }

    private static long osThreads() throws java.io.IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.count();
        }
    }

    /** duckdb_jdbc's version as its jar's manifest gives it (its driver reports 1.0). */
    private static String jarVersion() {
        try (JarFile jar = new JarFile(Path.of(DuckDBDriver.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toFile())) {
            return String.valueOf(jar.getManifest().getMainAttributes().getValue("Bundle-Version"));
        } catch (Exception e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** What DuckDB's figures need said: the rules; docs/engines.md has what was measured. */
    static List<String> caveats(RunView run) {
        return List.of("DuckDB keeps the notes in the SQL engines' schema written in its own types (BIGINT id primary"
                + " key, VARCHAR text, BIGINT ts: its INTEGER has 32 bits); it has no rowid alias, so the ids 1..W are"
                + " bound explicitly. The notes go in through DuckDB's Appender in one JDBC transaction, as duckdb_jdbc's"
                + " executeBatch runs the prepared INSERT once per row, each a whole query. Its count query is answered"
                + " from the exact row counts its row groups keep (EXPLAIN: a constant, no table scan); what it costs"
                + " is DuckDB's work per query (parse, plan, run on its scheduler), which a constant query pays too "
                + EngineDescriptor.notebook("duckdb") + ".",
                "DuckDB syncs a commit by default (fsync_mode STANDARD): it appends to the WAL (store.duckdb.wal) and"
                + " fsyncs it. The close checkpoints into store.duckdb, syncs it and deletes the WAL, under either"
                + " setting; an open that only counts writes nothing. Its file grows in 256 KiB blocks after its 12 KiB"
                + " header.",
                "Every open store is a whole DuckDB database instance: its own catalog (the core_functions, icu, json"
                + " and parquet extensions loaded into it), buffer manager, memory_limit (80% of the RAM, each), worker"
                + " threads (threads = the cores, less the caller's) and async I/O threads (async_threads = 4 x the"
                + " cores): 5 x cores - 1 OS threads per open store, all stopped by its close. Starting and stopping"
                + " the instance is most of an open and a close, and the instance, not its threads, is most of its"
                + " memory " + EngineDescriptor.notebook("duckdb") + ".");
    }

    private static final class DuckDbStore extends JdbcStore implements KeyedStore {
        /** The store's alias in the shared instance (tuned), or null where the connection has a database of its own. */
        private final String attached;
        private final Runnable detached;

        DuckDbStore(Connection connection, String attached, Runnable detached) {
            super(connection);
            this.attached = attached;
            this.detached = detached;
        }

        /** An attached store is detached (its file checkpointed and closed) before its connection closes. */
        @Override
        public void close() throws SQLException {
            if (attached != null) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("USE " + SharedInstance.HOME);
                    statement.execute("DETACH " + attached);
                } catch (SQLException e) {
                    connection.close();
                    throw e;
                } finally {
                    detached.run();
                }
            }
            super.close();
        }

        /** One INSERT of the row with its id bound, in auto-commit: its own transaction (the Appender is the bulk path). */
        @Override
        public void write(long id, Note note) throws SQLException {
            JdbcNotes.writeOne(connection, INSERT_WITH_ID, id, note);
        }

        /** One transaction: the Appender's rows (ids bound, firstId on), flushed at its close, then one commit. */
        @Override
        public void append(long firstId, Note[] notes) throws SQLException {
            connection.setAutoCommit(false);
            DuckDBConnection duck = connection.unwrap(DuckDBConnection.class);
            try (DuckDBAppender appender = attached == null ? duck.createAppender(TABLE)
                    : duck.createAppender(attached, "main", TABLE)) {
                for (int j = 0; j < notes.length; j++) {
                    appender.beginRow();
                    appender.append(firstId + j);
                    appender.append(notes[j].text);
                    appender.append(notes[j].ts);
                    appender.endRow();
                }
            } catch (SQLException e) {
                throw JdbcNotes.rolledBack(connection, e);
            }
            connection.commit();
            connection.setAutoCommit(true);
        }

        /** DuckDB's columns are strictly typed: no per-value storage classes to count, so no tsTypes. */
        @Override
        public Optional<Record> layout() throws SQLException {
            try (Statement statement = connection.createStatement()) {
                long[] blocks = new long[4];
                String walSize;
                // the store's own database: under tuned the instance has its own and other stores attached too
                try (ResultSet rs = statement.executeQuery("SELECT block_size, total_blocks, used_blocks, free_blocks,"
                        + " wal_size FROM pragma_database_size() WHERE database_name = current_database()")) {
                    rs.next();
                    for (int k = 0; k < blocks.length; k++) {
                        blocks[k] = rs.getLong(k + 1);
                    }
                    walSize = rs.getString(5);
                }
                String tsType;
                try (ResultSet rs = statement.executeQuery("SELECT data_type FROM information_schema.columns"
                        + " WHERE table_catalog = current_database() AND table_name = 'note' AND column_name = 'ts'")) {
                    tsType = rs.next() ? rs.getString(1) : "";
                }
                Map<String, String> columns = new LinkedHashMap<>();
                try (ResultSet rs = statement.executeQuery("SELECT column_name, count(*), string_agg(DISTINCT"
                        + " compression, ',') FROM pragma_storage_info('note') WHERE segment_type <> 'VALIDITY'"
                        + " GROUP BY column_name ORDER BY column_name")) {
                    while (rs.next()) {
                        columns.put(rs.getString(1), rs.getLong(2) + " segments, " + rs.getString(3));
                    }
                }
                return Optional.of(new Layout(blocks[0], blocks[1], blocks[2], blocks[3], walSize, tsType, columns));
            }
        }
    }
}
