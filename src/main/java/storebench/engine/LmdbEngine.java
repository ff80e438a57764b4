package storebench.engine;

import storebench.engine.Description.Named;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.CursorIterable;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.EnvInfo;
import org.lmdbjava.Meta;
import org.lmdbjava.Stat;
import org.lmdbjava.Txn;
import storebench.model.Setting;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * LMDB through org.lmdbjava:lmdbjava, one environment per store directory (data.mdb, lock.mdb) with one named
 * database, with the engine's defaults (no environment flags, so every commit is synced) but for the map size, which
 * LMDB asks every application to set. The notes are key-value pairs ({@link KeyValueNotes}) put in one write
 * transaction. Keys and values cross the binding as Agrona buffers (lmdbjava's DirectBufferProxy): its ByteBuffer
 * proxies need java.nio opened to them on Java 17, and its byte[] proxy in 0.9.1 lets the GC free a put's native copy
 * of the key before LMDB reads it (lmdbjava issue 252). Under the tuned setting no environment takes a thread-specific
 * key (MDB_NOTLS) and the phases that only read open it read-only (MDB_RDONLY).
 */
public final class LmdbEngine implements Engine {
    /** A store on disk (the disk phase's layout): the named database's mdb_stat, the last page and map size. */
    public record Layout(long pageSize, long depth, long branchPages, long leafPages, long overflowPages, long entries,
                         long lastPageNumber, long mapSize) {
    }

    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("lmdb", "LMDB", LmdbEngine::new)
            .library("lmdbjava", "org.lmdbjava:lmdbjava")
            .kind(EngineDescriptor.Kind.KEY_VALUE, "the named database's entry count from its B-tree's header"
                    + " (`mdb_stat`'s ms_entries, in a read transaction), exact, without reading the notes", "inside"
                    + " put: each key and value is copied into a direct buffer, then by LMDB into its pages")
            .storeFiles("data.mdb (the B-tree's pages; it grows as pages are written, up to the map size) and lock.mdb"
                    + " (the reader table) in the store's directory", 420, 32)
            .colour(0x117733)
            .syncedByDefault("LMDB's default (no MDB_NOSYNC, MDB_NOMETASYNC or MDB_WRITEMAP): a commit writes its"
                    + " pages, fdatasyncs the data file and writes the meta page through a descriptor opened with"
                    + " O_DSYNC before it returns; an open, count, read or close syncs nothing")
            .openStoresLimit(EngineDescriptor.PTHREAD_KEYS_STORES, EngineDescriptor.pthreadKeys("each open"
                    + " environment holds a thread-specific data key (its reader slots', unless MDB_NOTLS)"),
                    Setting.TUNED) // tuned opens with MDB_NOTLS: no key, and the capacity phase held 1,100 open
            .tuned("MDB_NOTLS", "every open: the environment's reader slots are tied to transactions, not to"
                    + " threads, so the environment takes no pthread key (glibc allows 1,024 per process)",
                    "lmdb.h, mdb_env_open: MDB_NOTLS, \"Don't use Thread-Local Storage. Tie reader locktable slots to"
                    + " MDB_txn objects instead of to threads\"; libraries/liblmdb/mdb.c (LMDB 0.9.32, mdb.RE/0.9),"
                    + " mdb_env_setup_locks: pthread_key_create only without MDB_NOTLS (lines 4839-4840)")
            .tuned("MDB_RDONLY_ENV (MDB_RDONLY)", "the phases that only read open the environment read-only: no free-page"
                    + " list or 2 MiB dirty-page list is allocated, and lmdbjava opens the named database in a read"
                    + " transaction instead of a write one", "lmdb.h, mdb_env_open: MDB_RDONLY, \"Open the environment in"
                    + " read-only mode. No write operations will be allowed\"; mdb.c (0.9.32), mdb_env_open: me_free_pgs"
                    + " and me_dirty_list allocated only without MDB_RDONLY (lines 5054-5059); lmdbjava 0.9.1,"
                    + " Env.java line 335: openDbi uses txnRead() in a read-only environment")
            .caveats(LmdbEngine::caveats).build();

    static final String DATABASE = "note";
    /**
     * LMDB's default map size (1 MiB) is, in its words, too small for any actual application; 4 MiB holds the large
     * workload's store (97 pages) ten times over, and the file grows only as pages are written.
     */
    static final long MAP_SIZE = 4L << 20;

    /** LMDB's page is the OS page: 4 KiB here (the layout's pageSize says so per store). */
    private static final long PAGE_BYTES = 4096;

    /**
     * {@link #MAP_SIZE}, or four times a larger store's data and 1 MiB, in whole MiB: a value just over half a page
     * takes a whole overflow page, and a write transaction copies the pages it changes.
     */
    static long mapSizeFor(long used, long bytes, int notes) {
        long data = used + bytes + (long) notes * (KeyValueNotes.KEY_BYTES + 16);
        long fits = 4 * data + (1L << 20);
        return Math.max(MAP_SIZE, (fits + (1L << 20) - 1) & -(1L << 20));
    }

    /** The flags of every open (the tuned setting's MDB_NOTLS, or none), and of an open for a phase that only reads. */
    private final EnvFlags[] flags;
    private final EnvFlags[] readingFlags;

    public LmdbEngine(Setting setting) {
        // loads the native library (lmdbjava's Library) and Agrona's buffers at hello, where a failure is reported
        try {
            Meta.version();
        } catch (ExceptionInInitializerError e) {
            // the loader's reason is the cause (the error itself has no message): keep it for the skip's reason
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("LMDB's native library cannot load: " + e.getCause());
            error.initCause(e);
            throw error;
        }
        new UnsafeBuffer(new byte[0]);
        boolean tuned = setting.readOnlyVisits();
        this.flags = tuned ? new EnvFlags[] {EnvFlags.MDB_NOTLS} : new EnvFlags[0];
        this.readingFlags = tuned ? new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_RDONLY_ENV} : flags;
    }

    @Override
    public OpenStore create(Path dir) {
        return open(dir, flags, DbiFlags.MDB_CREATE);
    }

    @Override
    public OpenStore open(Path dir) {
        return open(dir, flags);
    }

    @Override
    public OpenStore openForReading(Path dir) {
        return open(dir, readingFlags);
    }

    private OpenStore open(Path dir, EnvFlags[] with, DbiFlags... dbi) {
        Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB).setMapSize(MAP_SIZE).open(dir.toFile(), with);
        try {
            return new LmdbStore(env, env.openDbi(DATABASE, dbi));
        } catch (RuntimeException e) {
            env.close();
            throw e;
        }
    }

    /**
     * A data file shorter than its newest meta page says (mm_last_pg + 1 pages of md_pad bytes): LMDB maps it and reads
     * past its end, which is SIGBUS, not an error. Offsets of lmdb.h's MDB_meta on a 64-bit build, after the 16-byte page
     * header: mm_magic 16, mm_dbs[FREE_DBI].md_pad (the page size) 40, mm_last_pg 136, mm_txnid 144.
     */
    @Override
    public java.util.Optional<String> damaged(Path dir) throws java.io.IOException {
        Path data = dir.resolve("data.mdb");
        if (!Files.isRegularFile(data)) {
            return java.util.Optional.of("no data.mdb");
        }
        long size = Files.size(data);
        java.nio.ByteBuffer head = java.nio.ByteBuffer.allocate(152).order(java.nio.ByteOrder.nativeOrder());
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(data)) {
            ch.read(head, 0);
            if (head.position() < 152 || head.getInt(16) != META_MAGIC) {
                return java.util.Optional.of("data.mdb (" + size + " bytes) has no LMDB meta page");
            }
            long pageSize = head.getInt(40) & 0xffffffffL;
            if (pageSize < 512 || pageSize > (1 << 16)) {
                return java.util.Optional.of("data.mdb's meta page gives a page size of " + pageSize);
            }
            java.nio.ByteBuffer second = java.nio.ByteBuffer.allocate(152).order(java.nio.ByteOrder.nativeOrder());
            ch.read(second, pageSize);
            java.nio.ByteBuffer newest = second.position() == 152 && second.getInt(16) == META_MAGIC
                    && second.getLong(144) > head.getLong(144) ? second : head;
            long need = (newest.getLong(136) + 1) * pageSize;
            return size < need ? java.util.Optional.of("data.mdb is " + size + " bytes, its meta page says "
                    + need + " (" + (newest.getLong(136) + 1) + " pages of " + pageSize + ")") : java.util.Optional.empty();
        }
    }

    private static final int META_MAGIC = 0xBEEFC0DE;

    @Override
    public Description describe() throws Exception {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        Meta.Version v = Meta.version();
        versions.add(new Named("lmdb", v.major + "." + v.minor + "." + v.patch));
        versions.add(new Named("lmdbjava", String.valueOf(Env.class.getPackage().getImplementationVersion())));
        Path tmp = Files.createTempDirectory("storebench-lmdb-describe");
        try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB).setMapSize(MAP_SIZE).open(tmp.toFile(),
                flags)) {
            EnvInfo e = env.info();
            Stat s = env.stat();
            options.add(new Named("map_size", e.mapSize + " bytes (set: LMDB's default of 1 MiB, which it says every"
                    + " application should replace, holds the large store's 97 pages with 2.6 times room; this holds"
                    + " them 10 times)"));
            options.add(new Named("page_size", Integer.toString(s.pageSize)));
            options.add(new Named("max_readers", Integer.toString(e.maxReaders)));
            options.add(new Named("max_dbs", "1 (lmdbjava's default: the one named database)"));
            options.add(new Named("max_key_size", Integer.toString(env.getMaxKeySize())));
        } finally {
            Description.deleteScratch(tmp);
        }
        options.add(new Named("flags", readingFlags.length > 0 ? "MDB_NOTLS on every open, MDB_NOTLS MDB_RDONLY where"
                + " a phase only reads (no MDB_NOSYNC, MDB_NOMETASYNC, MDB_WRITEMAP: a commit is synced)" : "none (no MDB_NOSYNC,"
                + " MDB_NOMETASYNC, MDB_WRITEMAP, MDB_NOTLS, MDB_NORDAHEAD): a commit is synced"));
        options.add(new Named("buffers", "Agrona DirectBuffer (lmdbjava's DirectBufferProxy)"));
        return new Description(versions, options, readingFlags.length > 0 ? "tuned: MDB_NOTLS, and MDB_RDONLY where"
                + " a phase only reads; a commit is synced as by default" : "defaults: a commit is synced by default");
    }

    /** What LMDB's figures need said: the rules; docs/engines.md has what was measured. */
    static List<String> caveats(RunView run) {
        return List.of("LMDB's count is the named database's entry count, kept in its B-tree's header (`mdb_stat`):"
                        + " exact, without reading a note, where the SQL engines scan the table.",
                "LMDB syncs every commit at its defaults, so the durable setting changes nothing: a commit fdatasyncs"
                        + " the data file, then writes the meta page through an O_DSYNC descriptor; an open, count, read"
                        + " or close writes nothing " + EngineDescriptor.notebook("lmdb") + ".",
                "LMDB's one setting changed from its defaults is the map size, 4 MiB instead of 1 MiB (LMDB's"
                        + " documentation asks every application to set it), room for the large workload's store. The"
                        + " data file grows only as pages are written, so the map size shows in a process' virtual size,"
                        + " not in the disk or resident figures.",
                "LMDB reads through its map of the data file, so most of its resident memory per open store is"
                        + " file-backed, not the process' own: the pages of data.mdb a reader touched and of lock.mdb's"
                        + " reader table, which the page cache holds in any case " + EngineDescriptor.notebook("lmdb")
                        + ".",
                "LMDB at its defaults (without MDB_NOTLS) takes one of the process' pthread keys per open environment,"
                        + " and glibc allows 1,024 (PTHREAD_KEYS_MAX): a process cannot hold many more than 1,000 open"
                        + " stores, so holding more (bench.hold) fails.");
    }

    private static final class LmdbStore implements KeyedStore {
        private final Env<DirectBuffer> env;
        private final Dbi<DirectBuffer> db;

        LmdbStore(Env<DirectBuffer> env, Dbi<DirectBuffer> db) {
            this.env = env;
            this.db = db;
        }

        /** One write transaction; LMDB copies each key and value into its pages, so two buffers serve every note. */
        @Override
        public void append(long firstId, Note[] notes) {
            byte[][] values = new byte[notes.length][];
            int longest = 0;
            long bytes = 0;
            for (int k = 0; k < notes.length; k++) {
                values[k] = KeyValueNotes.value(notes[k]);
                longest = Math.max(longest, values[k].length);
                bytes += values[k].length;
            }
            EnvInfo info = env.info(); // reads the meta page: what an app that sizes its map does before a write
            long needed = mapSizeFor((info.lastPageNumber + 1) * PAGE_BYTES, bytes, notes.length);
            if (needed > info.mapSize) {
                env.setMapSize(needed); // no transaction is open here, which mdb_env_set_mapsize requires
            }
            ByteBuffer keyBytes = ByteBuffer.allocateDirect(KeyValueNotes.KEY_BYTES);
            ByteBuffer valueBytes = ByteBuffer.allocateDirect(longest);
            UnsafeBuffer key = new UnsafeBuffer(keyBytes);
            UnsafeBuffer value = new UnsafeBuffer(valueBytes);
            try (Txn<DirectBuffer> txn = env.txnWrite()) {
                for (int k = 0; k < notes.length; k++) {
                    key.putLong(0, firstId + k, ByteOrder.BIG_ENDIAN);
                    value.wrap(valueBytes, 0, values[k].length);
                    value.putBytes(0, values[k]);
                    db.put(txn, key, value);
                }
                txn.commit();
            } finally {
                // LMDB reads the buffers' memory by address: they stay reachable until the commit returned
                Reference.reachabilityFence(keyBytes);
                Reference.reachabilityFence(valueBytes);
            }
        }

        @Override
        public long count() {
            try (Txn<DirectBuffer> txn = env.txnRead()) {
                return db.stat(txn).entries;
            }
        }

        @Override
        public List<Note> readAll() {
            List<Note> notes = new ArrayList<>();
            try (Txn<DirectBuffer> txn = env.txnRead(); CursorIterable<DirectBuffer> all = db.iterate(txn)) {
                for (CursorIterable.KeyVal<DirectBuffer> kv : all) {
                    byte[] key = new byte[kv.key().capacity()];
                    kv.key().getBytes(0, key);
                    byte[] value = new byte[kv.val().capacity()];
                    kv.val().getBytes(0, value);
                    notes.add(KeyValueNotes.note(key, value));
                }
            }
            return notes;
        }

        @Override
        public Optional<Record> layout() {
            Stat s;
            try (Txn<DirectBuffer> txn = env.txnRead()) {
                s = db.stat(txn);
            }
            EnvInfo info = env.info();
            return Optional.of(new Layout(s.pageSize, s.depth, s.branchPages, s.leafPages, s.overflowPages, s.entries,
                    info.lastPageNumber, info.mapSize));
        }

        @Override
        public void close() {
            env.close();
        }
    }
}
