package storebench.engine;

import storebench.engine.Description.Named;
import jetbrains.exodus.ArrayByteIterable;
import jetbrains.exodus.ByteIterable;
import jetbrains.exodus.env.Cursor;
import jetbrains.exodus.env.Environment;
import jetbrains.exodus.env.EnvironmentConfig;
import jetbrains.exodus.env.EnvironmentImpl;
import jetbrains.exodus.env.Environments;
import jetbrains.exodus.env.Store;
import jetbrains.exodus.env.StoreConfig;
import jetbrains.exodus.env.Transaction;
import storebench.model.Setting;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * JetBrains Xodus (org.jetbrains.xodus:xodus-environment), one environment per store directory holding one store of
 * the notes (a B+tree without duplicates, Xodus' plain key-value store), with the engine's defaults. The notes' bytes
 * are the key-value engines' ({@link KeyValueNotes}). Under the tuned setting no environment registers JMX beans and the
 * phases that only read open it read-only.
 */
public final class XodusEngine implements Engine {
    /** A store on disk (the disk phase's layout): its kind, its notes, its log's files and bytes where known. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Layout(String store, long notes, Long logFiles, Long logBytes) {
    }

    public static final EngineDescriptor DESCRIPTOR = EngineDescriptor.jvm("xodus", "Xodus", XodusEngine::new).library("xodus", "org.jetbrains.xodus:xodus-environment",
                    "org.jetbrains.xodus:xodus-openAPI", "org.jetbrains.xodus:xodus-utils",
                    "org.jetbrains.xodus:xodus-compress")
            .kind(EngineDescriptor.Kind.KEY_VALUE, "`Store.count(txn)` in a read-only transaction: the B+tree's size,"
                    + " kept in its root, without a scan", "inside put: each note's key and value bytes"
                    + " (KeyValueNotes) wrapped in ArrayByteIterables and put into the transaction's mutable tree;"
                    + " the commit writes the tree's new pages to the log")
            .storeFiles("the environment's log in the store's directory: 00000000000.xd (one log file, up to 8 MB),"
                    + " and xd.lck, the lock file Xodus rewrites (with the opener's pid and stack) on every open",
                    350, 12).colour(0xAA4499)
            .syncedWhenDurable("a commit writes its pages to the log file unsynced (exodus.log.durableWrite=false);"
                    + " the log is synced when the environment closes, or by a commit made 10 s (exodus.log.syncPeriod)"
                    + " after the last sync", "EnvironmentConfig.setLogDurableWrite(true): each commit's log writes"
                    + " are synced (fdatasync) before commit() returns")
            .tuned("EnvironmentConfig.setManagementEnabled(false)", "every open: the environment registers no JMX"
                    + " managed beans (its config and statistics), which it does by default at each open and"
                    + " unregisters at each close", "xodus 2.0.1, openAPI/src/main/java/jetbrains/exodus/env/"
                    + "EnvironmentConfig.java lines 2585-2594: setManagementEnabled, \"true if the Environment should"
                    + " expose two JMX managed beans\", default true; EnvironmentImpl.java lines 151-152: the beans are made"
                    + " at open when it is set")
            .tuned("EnvironmentConfig.setEnvIsReadonly(true)", "the phases that only read open the environment"
                    + " read-only: a write transaction throws, and the close appends no garbage-collector utilization"
                    + " profile to the log (so a visit no longer grows the log); the open still takes the lock file",
                    "xodus 2.0.1, EnvironmentConfig.java lines 1596-1602: setEnvIsReadonly, \"turn the Environment"
                    + " instance to read-only mode\"; EnvironmentImpl.java line 443: close saves the utilization profile"
                    + " only when not read-only")
            .caveats(XodusEngine::caveats).build();

    static final String STORE = "notes";

    private final boolean durableWrite;
    private final boolean tuned;

    public XodusEngine(Setting setting) {
        this.durableWrite = setting == Setting.DURABLE;
        this.tuned = setting.readOnlyVisits();
    }

    /** A fresh config per environment, as Environments.newInstance(File) makes one; durable and tuned change it. */
    private EnvironmentConfig config() {
        EnvironmentConfig config = new EnvironmentConfig();
        if (durableWrite) {
            config.setLogDurableWrite(true);
        }
        if (tuned) {
            config.setManagementEnabled(false);
        }
        return config;
    }

    @Override
    public OpenStore create(Path dir) {
        return open(dir, config(), true);
    }

    @Override
    public OpenStore open(Path dir) {
        return open(dir, config(), false);
    }

    @Override
    public OpenStore openForReading(Path dir) {
        return open(dir, tuned ? config().setEnvIsReadonly(true) : config(), false);
    }

    /** A create makes the store in a write transaction, an open finds it in a read-only one. */
    private OpenStore open(Path dir, EnvironmentConfig config, boolean create) {
        Environment env = Environments.newInstance(dir.toFile(), config);
        try {
            Store store = create
                    ? env.computeInTransaction(txn -> env.openStore(STORE, StoreConfig.WITHOUT_DUPLICATES, txn))
                    : env.computeInReadonlyTransaction(txn -> env.openStore(STORE, StoreConfig.USE_EXISTING, txn));
            return new XodusStore(env, store);
        } catch (RuntimeException e) {
            env.close();
            throw e;
        }
    }

    @Override
    public Description describe() throws Exception {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        versions.add(new Named("xodus", String.valueOf(EnvironmentImpl.class.getPackage().getImplementationVersion())));
        EnvironmentConfig config = config();
        options.add(new Named("store", "one store per environment, StoreConfig.WITHOUT_DUPLICATES (B+tree)"));
        options.add(new Named("exodus.log.durableWrite", String.valueOf(config.getLogDurableWrite())));
        options.add(new Named("exodus.log.syncPeriod", config.getLogSyncPeriod() + " ms"));
        options.add(new Named("exodus.log.fileSize", config.getLogFileSize() + " KB"));
        options.add(new Named("exodus.log.cache.shared", String.valueOf(config.isLogCacheShared())));
        options.add(new Named("exodus.log.cache.pageSize", String.valueOf(config.getLogCachePageSize())));
        options.add(new Named("exodus.memoryUsagePercentage", config.getMemoryUsagePercentage() + " (of the max heap, "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB: the shared log cache)"));
        options.add(new Named("exodus.tree.maxPageSize", String.valueOf(config.getTreeMaxPageSize())));
        options.add(new Named("exodus.gc.enabled", String.valueOf(config.isGcEnabled())));
        options.add(new Named("exodus.managementEnabled", String.valueOf(config.isManagementEnabled())));
        options.add(new Named("threads", threadsOfOneEnvironment()));
        String setting = durableWrite ? "durable: exodus.log.durableWrite=true" : tuned ? "tuned:"
                + " exodus.managementEnabled=false, exodus.env.isReadonly=true where a phase only reads" : "defaults";
        return new Description(versions, options, setting);
    }

    /** The threads an open environment adds to the process, counted around opening one (Java threads by name). */
    private String threadsOfOneEnvironment() throws Exception {
        Path tmp = Files.createTempDirectory("storebench-xodus-describe");
        try {
            TreeSet<String> before = threadNames();
            Environment env = Environments.newInstance(tmp.toFile(), config());
            TreeSet<String> open = threadNames();
            env.close();
            TreeSet<String> after = threadNames();
            TreeSet<String> started = new TreeSet<>(open);
            started.removeAll(before);
            TreeSet<String> stopped = new TreeSet<>(open);
            stopped.removeAll(after);
            return "opening an environment started " + started.size() + " " + started + ", closing it stopped "
                    + stopped.size() + " (Xodus' threads are shared by all environments of the process)";
        } finally {
            Description.deleteScratch(tmp);
        }
    }

    private static TreeSet<String> threadNames() {
        TreeSet<String> names = new TreeSet<>();
        Thread.getAllStackTraces().keySet().forEach(t -> names.add(t.getName()));
        return names;
    }

    /** What Xodus' figures need said: the rules; docs/engines.md has what was measured. */
    static List<String> caveats(RunView run) {
        return List.of("Xodus keeps the notes as the key-value engines do (8-byte big-endian id key; ts and the UTF-8"
                + " text as value) in one B+tree store per environment; its count is the tree's size, kept in the"
                + " tree's root, not a scan. A commit appends the changed pages to the log file (00000000000.xd)"
                + " unsynced by default; exodus.log.durableWrite (the durable setting) syncs each commit.",
                "Xodus writes to a store on every open and close, even one that only counts: an open rewrites and syncs"
                + " the lock file xd.lck (pid and stack trace) and syncs the directory; a close commits the garbage"
                + " collector's utilization profile (a few bytes appended to the log) and syncs the log. So its open"
                + " and close are bound by the disk's sync latency, and a store's log grows a little with every visit "
                + EngineDescriptor.notebook("xodus") + ".",
                "Xodus' background threads (its GC's cleaner, a timer, a deferred I/O processor, a stuck-transaction"
                + " monitor) and its log cache (exodus.memoryUsagePercentage: 50% of the trial's heap) are shared by"
                + " every environment of the process, so an open store adds no thread. The log pages an environment"
                + " reads go into that cache, keyed by its log instance, and stay there after it closes until evicted,"
                + " so the memory phase's heap figure is mostly the cache's churn, not what an open store holds "
                + EngineDescriptor.notebook("xodus") + ".");
    }

    private static final class XodusStore implements KeyedStore {
        private final Environment env;
        private final Store store;

        XodusStore(Environment env, Store store) {
            this.env = env;
            this.store = store;
        }

        /** One transaction: every note put (keys: their ids, firstId on; a new store's 1..W), then one commit. */
        @Override
        public void append(long firstId, Note[] notes) {
            Transaction txn = env.beginTransaction();
            try {
                for (int j = 0; j < notes.length; j++) {
                    store.put(txn, new ArrayByteIterable(KeyValueNotes.key(firstId + j)),
                            new ArrayByteIterable(KeyValueNotes.value(notes[j])));
                }
                if (!txn.commit()) {
                    throw new IllegalStateException("Xodus could not commit the notes (a concurrent transaction?)");
                }
            } finally {
                if (!txn.isFinished()) {
                    txn.abort();
                }
            }
        }

        @Override
        public long count() {
            Transaction txn = env.beginReadonlyTransaction();
            try {
                return store.count(txn);
            } finally {
                txn.abort();
            }
        }

        /** A cursor over the store, in key order, which is id order (big-endian keys). */
        @Override
        public List<Note> readAll() {
            List<Note> notes = new ArrayList<>();
            Transaction txn = env.beginReadonlyTransaction();
            try (Cursor cursor = store.openCursor(txn)) {
                while (cursor.getNext()) {
                    notes.add(KeyValueNotes.note(buffer(cursor.getKey()), buffer(cursor.getValue())));
                }
            } finally {
                txn.abort();
            }
            return notes;
        }

        private static ByteBuffer buffer(ByteIterable bytes) {
            return ByteBuffer.wrap(bytes.getBytesUnsafe(), 0, bytes.getLength());
        }

        /** The log as Xodus tells it: its files and its length. */
        @Override
        public Optional<Record> layout() {
            var log = env instanceof EnvironmentImpl impl ? impl.getLog() : null;
            return Optional.of(new Layout("B+tree without duplicates", count(),
                    log == null ? null : log.getNumberOfFiles(), log == null ? null : log.getHighAddress()));
        }

        @Override
        public void close() {
            env.close();
        }
    }
}
