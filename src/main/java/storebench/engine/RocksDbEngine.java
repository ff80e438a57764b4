package storebench.engine;

import com.fasterxml.jackson.annotation.JsonProperty;
import storebench.engine.Description.Named;
import org.rocksdb.Cache;
import org.rocksdb.CompressionType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBufferManager;
import org.rocksdb.WriteOptions;
import storebench.model.Setting;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * RocksDB (org.rocksdb:rocksdbjni), one database per store directory, with the engine's defaults: each store is
 * opened with a fresh default {@link Options}, as {@code RocksDB.open(path)} does, so each has its own block cache.
 * The notes are key-value pairs ({@link KeyValueNotes}) put in one WriteBatch. Under the tuned setting every open
 * shares the process' one block cache and write buffer manager, as OptimizeForSmallDb sets them, and the phases that
 * only read open a read-only instance.
 */
public final class RocksDbEngine implements Engine {
    /** A store on disk (the disk phase's layout): the rocksdb.* properties of the same names. */
    public record Layout(@JsonProperty("num-files-at-level0") long filesAtLevel0,
                         @JsonProperty("total-sst-files-size") long sstBytes,
                         @JsonProperty("cur-size-all-mem-tables") long memTableBytes,
                         @JsonProperty("block-cache-usage") long blockCacheBytes) {
    }

    /** The tuned setting's one block cache per process: the size Options::OptimizeForSmallDb gives its own. */
    static final long SHARED_CACHE_BYTES = 16L << 20;

    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("rocksdb", "RocksDB", RocksDbEngine::new)
            .library("rocksdb", "org.rocksdb:rocksdbjni")
            .kind(EngineDescriptor.Kind.KEY_VALUE, "an iteration over every key (seekToFirst, next): RocksDB keeps no"
                    + " exact count, only an estimate (`rocksdb.estimate-num-keys`), which is not used", "inside put:"
                    + " the binding copies each key and value into the WriteBatch; the commit writes the batch to the"
                    + " WAL and the memtable")
            .storeFiles("all in the store's directory: CURRENT, IDENTITY, LOCK, MANIFEST-*, OPTIONS-*, the WAL"
                    + " (*.log), the info log LOG (and one LOG.old.* per later open, up to keep_log_file_num), and"
                    + " *.sst tables (the first open after create flushes the WAL's notes into one)", 400, 64)
            .diskKbPerOpen(40).colour(0x882255)
            .syncedWhenDurable("the commit appends the batch to the WAL with a write(), unsynced (WriteOptions sync"
                    + " false, the default), and close does not sync the WAL either: creating a store syncs only the new"
                    + " database's MANIFEST, CURRENT, OPTIONS file and directory", "WriteOptions.setSync(true): the"
                    + " write fdatasyncs the WAL (and, the first time, fsyncs the directory) before it returns")
            .tuned("RocksDB.openReadOnly(options, path)", "the phases that only read open a read-only instance: it"
                    + " creates no file (no MANIFEST, CURRENT, OPTIONS, WAL or info LOG) and syncs nothing; it replays the"
                    + " store's WAL into a memtable at each open, as the notes stay in the WAL until a writable open"
                    + " flushes them", "RocksDB wiki, \"Read-only and Secondary instances\": they open \"all files in"
                    + " the primary DB Path in read-only mode and never create any new files in that directory\";"
                    + " db/db_impl/db_impl_open.cc, SanitizeOptions: no info LOG is created when read_only")
            .tuned("Options.optimizeForSmallDb(cache)", "every open: a 2 MiB write buffer, and the block-based tables'"
                    + " block cache is the process' one cache, holding index and filter blocks too",
                    "include/rocksdb/options.h, ColumnFamilyOptions::OptimizeForSmallDb: \"Use this if your DB is very"
                    + " small (like under 1GB) and you don't want to spend lots of memory for memtables. An optional"
                    + " cache object is passed in to be used as the block cache\"; java/rocksjni/options.cc,"
                    + " Options.optimizeForSmallDb(Cache) applies that column-family part")
            .tuned("one LRUCache of " + (SHARED_CACHE_BYTES >> 20) + " MiB for every open store", "the block cache"
                    + " shared by every store of the process instead of a 32 MiB cache per open store; its size is the"
                    + " one Options::OptimizeForSmallDb makes", "RocksDB wiki, \"Block Cache\": \"A Cache object can"
                    + " be shared by multiple RocksDB instances in the same process, allowing users to control the"
                    + " overall cache capacity\"; options/options.cc, Options::OptimizeForSmallDb: a 16MB block cache")
            .tuned("one WriteBufferManager(0, cache) for every open store; setMaxFileOpeningThreads(1),"
                    + " setMaxOpenFiles(5000)", "the memtables of every store charged to the one cache, and the"
                    + " database options the small-db optimization sets", "RocksDB wiki, \"Write Buffer Manager\":"
                    + " \"Users create one write buffer manager object and pass it to all the option of column families"
                    + " or DBs\"; options/options.cc, DBOptions::OptimizeForSmallDb: max_file_opening_threads = 1,"
                    + " max_open_files = 5000, a WriteBufferManager(0, cache) (\"Cost memtable to block cache too\")")
            .sharedPerProcess("one " + (SHARED_CACHE_BYTES >> 20) + " MiB block cache (LRUCache) and one"
                    + " WriteBufferManager charged to it")
            .caveats(RocksDbEngine::caveats).build();

    /** Null but under the tuned setting. */
    private final Cache sharedCache;
    private final WriteBufferManager sharedWriteBuffers;

    private final WriteOptions writeOptions;
    private final boolean syncCommits;

    public RocksDbEngine(Setting setting) {
        try {
            RocksDB.loadLibrary();
        } catch (RuntimeException e) {
            // its loader's own failures (no library for this platform in the jar, none extractable): at hello, a
            // LinkageError with the loader's reason is an engine that cannot load here
            StringBuilder why = new StringBuilder("RocksDB's native library cannot load: " + e.getMessage());
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                why.append("; caused by ").append(c);
            }
            UnsatisfiedLinkError error = new UnsatisfiedLinkError(why.toString());
            error.initCause(e);
            throw error;
        }
        this.syncCommits = setting == Setting.DURABLE;
        this.writeOptions = new WriteOptions().setSync(syncCommits);
        this.sharedCache = setting.readOnlyVisits() ? new LRUCache(SHARED_CACHE_BYTES) : null;
        this.sharedWriteBuffers = sharedCache == null ? null : new WriteBufferManager(0, sharedCache);
    }

    /** The defaults as RocksDB.open(path) makes them; under tuned, OptimizeForSmallDb over the shared cache. */
    private Options options() {
        Options options = new Options();
        if (sharedCache != null) {
            options.optimizeForSmallDb(sharedCache).setWriteBufferManager(sharedWriteBuffers)
                    .setMaxFileOpeningThreads(1).setMaxOpenFiles(5000);
        }
        return options;
    }

    @Override
    public OpenStore create(Path dir) throws RocksDBException {
        return open(dir, true, false);
    }

    @Override
    public OpenStore open(Path dir) throws RocksDBException {
        return open(dir, false, false);
    }

    @Override
    public OpenStore openForReading(Path dir) throws RocksDBException {
        return open(dir, false, sharedCache != null);
    }

    private OpenStore open(Path dir, boolean create, boolean readOnly) throws RocksDBException {
        // a fresh default Options per open, closed once the database has its own copy (as RocksDB.open(path) does)
        try (Options options = create ? options().setCreateIfMissing(true) : options()) {
            return new RocksStore(readOnly ? RocksDB.openReadOnly(options, dir.toString())
                    : RocksDB.open(options, dir.toString()), writeOptions);
        }
    }

    @Override
    public Description describe() throws Exception {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        versions.add(new Named("rocksdb", RocksDB.rocksdbVersion().toString()));
        try (Options o = options()) {
            options.add(new Named("write_buffer_size", Long.toString(o.writeBufferSize())));
            options.add(new Named("max_write_buffer_number", Integer.toString(o.maxWriteBufferNumber())));
            options.add(new Named("max_open_files", Integer.toString(o.maxOpenFiles())));
            options.add(new Named("compression", compression(o.compressionType())));
            options.add(new Named("WAL", "enabled (wal_dir: " + (o.walDir().isEmpty() ? "the store's directory"
                    : o.walDir()) + "), recovery mode " + o.walRecoveryMode() + ", max_total_wal_size " + o.maxTotalWalSize()
                    + ", WAL_ttl_seconds " + o.walTtlSeconds() + ", recycle_log_file_num " + o.recycleLogFileNum()
                    + ", manual_wal_flush " + o.manualWalFlush()));
            options.add(new Named("avoid_flush_during_recovery", Boolean.toString(o.avoidFlushDuringRecovery())));
            options.add(new Named("avoid_flush_during_shutdown", Boolean.toString(o.avoidFlushDuringShutdown())));
            options.add(new Named("info_log", "LOG in " + (o.dbLogDir().isEmpty() ? "the store's directory"
                    : o.dbLogDir()) + ", level " + o.infoLogLevel() + ", keep_log_file_num " + o.keepLogFileNum()
                    + ", max_log_file_size " + o.maxLogFileSize()));
            options.add(new Named("use_fsync", Boolean.toString(o.useFsync())));
        }
        Path tmp = Files.createTempDirectory("storebench-rocksdb-describe");
        try (Options o = options().setCreateIfMissing(true); RocksDB db = RocksDB.open(o, tmp.toString())) {
            options.add(new Named("block_cache", db.getProperty("rocksdb.block-cache-capacity") + (sharedCache == null
                    ? " bytes per store (the table factory's own LRU cache: each open has its own)" : " bytes for the process"
                    + " (one LRUCache shared by every open store)")));
        } finally {
            Description.deleteScratch(tmp);
        }
        String setting = syncCommits ? "durable: WriteOptions.setSync(true)" : sharedCache != null ? "tuned:"
                + " optimizeForSmallDb over one shared LRUCache and WriteBufferManager, openReadOnly where a phase only"
                + " reads (WriteOptions sync false)" : "defaults (WriteOptions sync false)";
        return new Description(versions, options, setting);
    }

    private static String compression(CompressionType type) {
        return type == null ? "not reported" : type.getLibraryName() == null ? type.name()
                : type.name() + " (" + type.getLibraryName() + ")";
    }

    /** What RocksDB's figures need said: the rules; docs/engines.md has what was measured. */
    static List<String> caveats(RunView run) {
        return List.of("RocksDB keeps no exact count, only an estimate (`rocksdb.estimate-num-keys`, not used): its count"
                        + " iterates over every key, reading the whole store, like a full scan in the SQL engines.",
                "RocksDB at its defaults does not sync a commit: the WriteBatch goes to the WAL with a write(), and close"
                        + " leaves the notes there. Creating a store still syncs the new database's MANIFEST, CURRENT,"
                        + " OPTIONS file and directory; the durable setting adds the WAL's fdatasync and the directory's"
                        + " fsync. A profile's count of syncs also counts RocksDB's sync_file_range(fd, 0, 0, 0) calls,"
                        + " its probe of whether the call works, which sync nothing " + EngineDescriptor.notebook("rocksdb")
                        + ".",
                "RocksDB's open is a write: the first open after create replays the WAL and flushes it into an SST"
                        + " table, and every open writes and syncs a new MANIFEST, CURRENT and OPTIONS file and the"
                        + " directory, starts a new WAL and a new info LOG, and keeps the old LOG as LOG.old.* (up to"
                        + " keep_log_file_num = 1,000 per store). So its open is bound by the disk's sync latency, and a"
                        + " store's directory grows by one LOG.old.* file per open; the disk rows are measured right after"
                        + " create (the notes in the WAL, no SST yet).",
                "RocksDB opens each store with its own default Options, as `RocksDB.open(path)` does, so each open store"
                        + " has its own block cache (its capacity under \"Engines and versions\", filled as blocks are"
                        + " read), memtables and table readers: an open store holds the blocks its count read, and more"
                        + " than RocksDB's own accounting of those covers " + EngineDescriptor.notebook("rocksdb") + ".");
    }

    private static final class RocksStore implements KeyedStore {
        private final RocksDB db;
        private final WriteOptions writeOptions;

        RocksStore(RocksDB db, WriteOptions writeOptions) {
            this.db = db;
            this.writeOptions = writeOptions;
        }

        /** One put of one key, under the engine's write options: RocksDB's single write (a batch of one inside). */
        @Override
        public void write(long id, Note note) throws RocksDBException {
            db.put(writeOptions, KeyValueNotes.key(id), KeyValueNotes.value(note));
        }

        /** One WriteBatch, one write: the notes' keys are their ids, firstId on (a new store's: 1..W). */
        @Override
        public void append(long firstId, Note[] notes) throws RocksDBException {
            try (WriteBatch batch = new WriteBatch()) {
                for (int k = 0; k < notes.length; k++) {
                    batch.put(KeyValueNotes.key(firstId + k), KeyValueNotes.value(notes[k]));
                }
                db.write(writeOptions, batch);
            }
        }

        @Override
        public long count() throws RocksDBException {
            long n = 0;
            try (RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    n++;
                }
                it.status();
            }
            return n;
        }

        @Override
        public List<Note> readAll() throws RocksDBException {
            List<Note> notes = new ArrayList<>();
            try (RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    notes.add(KeyValueNotes.note(it.key(), it.value()));
                }
                it.status();
            }
            return notes;
        }

        @Override
        public Optional<Record> layout() throws RocksDBException {
            return Optional.of(new Layout(property("num-files-at-level0"), property("total-sst-files-size"),
                    property("cur-size-all-mem-tables"), property("block-cache-usage")));
        }

        private long property(String name) throws RocksDBException {
            return Long.parseLong(db.getProperty("rocksdb." + name).trim());
        }

        @Override
        public void close() throws RocksDBException {
            db.closeE();
        }
    }
}
