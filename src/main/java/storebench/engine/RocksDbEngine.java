package storebench.engine;

import org.rocksdb.CompressionType;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import storebench.model.Setting;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RocksDB (org.rocksdb:rocksdbjni), one database per store directory, with the engine's defaults: each store is
 * opened with a fresh default {@link Options}, as {@code RocksDB.open(path)} does, so each has its own block cache.
 * The notes are key-value pairs ({@link KeyValueNotes}) put in one WriteBatch.
 */
public final class RocksDbEngine implements Engine {
    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("rocksdb", "RocksDB", RocksDbEngine::new)
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
            .caveats(RocksDbEngine::caveats).build();

    /** The commit's options: the default (sync false), or sync under the durable setting. */
    private final WriteOptions writeOptions;
    private final boolean syncCommits;

    public RocksDbEngine(Setting setting) {
        try {
            RocksDB.loadLibrary();
        } catch (RuntimeException e) {
            // its loader's own failures (no library for this platform in the jar, none extractable): at hello, a
            // LinkageError with the loader's reason is an engine that cannot load here
            throw cannotLoad(e);
        }
        this.syncCommits = setting == Setting.DURABLE;
        this.writeOptions = new WriteOptions().setSync(syncCommits);
    }

    /** A native library that cannot load, as the LinkageError the trial process reports at hello, with the reason. */
    private static UnsatisfiedLinkError cannotLoad(RuntimeException e) {
        StringBuilder why = new StringBuilder("RocksDB's native library cannot load: " + e.getMessage());
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            why.append("; caused by ").append(c);
        }
        UnsatisfiedLinkError error = new UnsatisfiedLinkError(why.toString());
        error.initCause(e);
        return error;
    }

    @Override
    public OpenStore create(Path dir) throws RocksDBException {
        try (Options options = new Options().setCreateIfMissing(true)) {
            return new RocksStore(RocksDB.open(options, dir.toString()), writeOptions);
        }
    }

    @Override
    public OpenStore open(Path dir) throws RocksDBException {
        // a fresh default Options per open, closed once the database has its own copy (as RocksDB.open(path) does)
        try (Options options = new Options()) {
            return new RocksStore(RocksDB.open(options, dir.toString()), writeOptions);
        }
    }

    @Override
    public Map<String, String> describe() throws Exception {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("rocksdb", RocksDB.rocksdbVersion().toString());
        try (Options o = new Options()) {
            info.put("write_buffer_size", Long.toString(o.writeBufferSize()));
            info.put("max_write_buffer_number", Integer.toString(o.maxWriteBufferNumber()));
            info.put("max_open_files", Integer.toString(o.maxOpenFiles()));
            info.put("compression", compression(o.compressionType()));
            info.put("WAL", "enabled (wal_dir: " + (o.walDir().isEmpty() ? "the store's directory" : o.walDir())
                    + "), recovery mode " + o.walRecoveryMode() + ", max_total_wal_size " + o.maxTotalWalSize()
                    + ", WAL_ttl_seconds " + o.walTtlSeconds() + ", recycle_log_file_num " + o.recycleLogFileNum()
                    + ", manual_wal_flush " + o.manualWalFlush());
            info.put("avoid_flush_during_recovery", Boolean.toString(o.avoidFlushDuringRecovery()));
            info.put("avoid_flush_during_shutdown", Boolean.toString(o.avoidFlushDuringShutdown()));
            info.put("info_log", "LOG in " + (o.dbLogDir().isEmpty() ? "the store's directory" : o.dbLogDir())
                    + ", level " + o.infoLogLevel() + ", keep_log_file_num " + o.keepLogFileNum()
                    + ", max_log_file_size " + o.maxLogFileSize());
            info.put("use_fsync", Boolean.toString(o.useFsync()));
        }
        Path tmp = Files.createTempDirectory("storebench-rocksdb-describe");
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(o, tmp.toString())) {
            info.put("block_cache", db.getProperty("rocksdb.block-cache-capacity") + " bytes per store (the"
                    + " table factory's own LRU cache: each open has its own)");
        } finally {
            deleteTree(tmp);
        }
        info.put("setting", syncCommits ? "durable: WriteOptions.setSync(true)" : "defaults (WriteOptions sync false)");
        return info;
    }

    private static String compression(CompressionType type) {
        return type == null ? "not reported" : type.getLibraryName() == null ? type.name()
                : type.name() + " (" + type.getLibraryName() + ")";
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
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

    private static final class RocksStore implements OpenStore {
        private final RocksDB db;
        private final WriteOptions writeOptions;

        RocksStore(RocksDB db, WriteOptions writeOptions) {
            this.db = db;
            this.writeOptions = writeOptions;
        }

        @Override
        public void putAll(Note[] notes) throws RocksDBException {
            put(1, notes);
        }

        @Override
        public void append(long firstId, Note[] notes) throws RocksDBException {
            put(firstId, notes);
        }

        /** One put of one key, under the engine's write options: RocksDB's single write (a batch of one inside). */
        @Override
        public void write(long id, Note note) throws RocksDBException {
            db.put(writeOptions, KeyValueNotes.key(id), KeyValueNotes.value(note));
        }

        /** One WriteBatch, one write: the notes' keys are their ids, firstId on (a new store's: 1..W). */
        private void put(long firstId, Note[] notes) throws RocksDBException {
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
        public Map<String, Object> layout() throws RocksDBException {
            Map<String, Object> layout = new LinkedHashMap<>();
            for (String p : List.of("rocksdb.num-files-at-level0", "rocksdb.total-sst-files-size",
                    "rocksdb.cur-size-all-mem-tables", "rocksdb.block-cache-usage")) {
                String value = db.getProperty(p).trim();
                layout.put(p.substring("rocksdb.".length()), value.matches("\\d+") ? Long.parseLong(value) : value);
            }
            return layout;
        }

        @Override
        public void close() throws RocksDBException {
            db.closeE();
        }
    }
}
