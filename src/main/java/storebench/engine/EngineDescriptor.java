package storebench.engine;

import storebench.model.TrialRuntime;
import storebench.model.Workload;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import storebench.model.Setting;
import storebench.results.TunedOption;

/**
 * Everything the suite knows about an engine besides its store operations: its id (part of the interface:
 * options, results.jsonl, thresholds.yaml), its column title, where it runs, how to make one, what a store of it
 * holds and costs on disk, its chart colour and the caveats its figures need. The engines are registered, in
 * column order, in {@link Engines}; nothing else switches on engine ids.
 */
public final class EngineDescriptor {
    /**
     * What kind of store an engine keeps, which decides the schema, count and put: SQL, the notes table and SELECT
     * count(*), one database file per store; OBJECT, its own entity and count; KEY_VALUE, {@link KeyValueNotes}.
     */
    public enum Kind { SQL, OBJECT, KEY_VALUE }

    /** What the SQL engines' count query does, unless an engine says otherwise. */
    public static final String SQL_COUNT = "scans the table (`SELECT count(*) FROM note`)";

    // set once, by its Builder, before build() checks them and hands the descriptor out
    private final String id;
    private final String title;
    private final TrialRuntime runtime;
    private final Function<Setting, Engine> factory;
    private Kind kind;
    private boolean reference;
    private String unavailable;
    private String storeFiles;
    private long largeKb;
    private long smallKb;
    private long perOpenKb;
    private long heapKbPerOpenStore = DEFAULT_HEAP_KB_PER_OPEN_STORE;
    /** Null: no limit known. */
    private OpenStoresLimit openStoresLimit;
    private java.util.Set<Setting> openStoresLimitLifted = java.util.Set.of();
    /** Heap per open store of an engine that does not say: H2's (its page cache is on the heap), the most any keeps. */
    public static final long DEFAULT_HEAP_KB_PER_OPEN_STORE = 1024;
    private int colour;
    private String count;
    private String put;
    private Function<RunView, List<String>> caveats;
    private Durability byDefault;
    private Durability durable;
    private List<TunedOption> tuned = new java.util.ArrayList<>();
    private String nothingToTune;
    private String sharedPerProcess;
    private Library library;

    /** The library bench.against swaps: its key in describe, its artifacts (groupId:artifactId) or npm packages. */
    public record Library(String versionKey, List<String> artifacts) {
    }

    private EngineDescriptor(String id, String title, TrialRuntime runtime, Function<Setting, Engine> factory) {
        this.id = id;
        this.title = title;
        this.runtime = runtime;
        this.factory = factory;
    }

    private EngineDescriptor checked() {
        Objects.requireNonNull(kind, "kind of " + id);
        Objects.requireNonNull(storeFiles, "store files of " + id);
        Objects.requireNonNull(count, "count of " + id);
        Objects.requireNonNull(put, "put of " + id);
        Objects.requireNonNull(byDefault, "durability of " + id);
        durable = durable == null ? byDefault : durable;
        if (!durable.synced()) {
            throw new IllegalArgumentException("engine " + id + " must sync its commits under the durable setting");
        }
        tuned = List.copyOf(tuned);
        if (unavailable == null && tuned.isEmpty() == (nothingToTune == null)) {
            throw new IllegalArgumentException("engine " + id + " needs its tuned options (each with its source) or"
                    + " the reason it has none to tune, not both");
        }
        if (runtime == TrialRuntime.JVM && factory == null && unavailable == null) {
            throw new IllegalArgumentException("JVM engine " + id + " needs a factory or a reason it is unavailable");
        }
        return this;
    }

    /** A JVM engine that cannot be measured at all: give the reason with {@link Builder#unavailable}. */
    public static Builder jvmUnavailable(String id, String title) {
        return new Builder(id, title, TrialRuntime.JVM, null);
    }

    /** A JVM engine whose options depend on the setting, made by {@code factory} inside a trial process. */
    public static Builder jvm(String id, String title, Function<Setting, Engine> factory) {
        return new Builder(id, title, TrialRuntime.JVM, factory);
    }

    /** An engine of the Node worker (src/main/node/lib/engines.js has its part). */
    public static Builder node(String id, String title) {
        return new Builder(id, title, TrialRuntime.NODE, null);
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public TrialRuntime runtime() {
        return runtime;
    }

    /** Called only inside a trial process, so the test JVM loads no engine. */
    public Engine newEngine(Setting setting) {
        if (factory == null) {
            throw new IllegalArgumentException("engine '" + id + "' does not run in a JVM"
                    + unavailable().map(why -> ": " + why).orElse(""));
        }
        return factory.apply(setting);
    }

    /** Why this engine cannot be measured at all, whatever the machine. */
    public Optional<String> unavailable() {
        return Optional.ofNullable(unavailable);
    }

    public Durability durability(Setting setting) {
        return setting == Setting.DURABLE ? durable : byDefault;
    }

    /** Whether a commit is synced before it returns, and why (the engine's option, or its default). */
    public record Durability(boolean synced, String how) {
    }

    /** The options the tuned setting sets, in the order the engine applies them. */
    public List<TunedOption> tuned() {
        return tuned;
    }

    public Optional<String> nothingToTune() {
        return Optional.ofNullable(nothingToTune);
    }

    public Optional<Library> library() {
        return Optional.ofNullable(library);
    }

    /**
     * What one process shares among its open stores under the tuned setting (RocksDB's block cache, DuckDB's instance):
     * made before the memory phase's first reading, so a store's memory is what it adds over that base.
     */
    public Optional<String> sharedPerProcess() {
        return Optional.ofNullable(sharedPerProcess);
    }

    public Kind kind() {
        return kind;
    }

    /** One of the reference write-up's engines (or its calibration column). */
    public boolean inReference() {
        return reference;
    }

    /** The files one store owns, in words. */
    public String storeFiles() {
        return storeFiles;
    }

    /** The blocks one store allocated on ext4, plus a quarter for other filesystems and versions. */
    public long diskEstimateBytes(Workload workload) {
        return kbPerStore(workload) * 1024 * 5 / 4;
    }

    /** KB per store measured (large, small), or for a custom workload the line through them by the text it holds. */
    private long kbPerStore(Workload workload) {
        if (workload.equals(Workload.LARGE) || workload.equals(Workload.SMALL)) {
            return workload.equals(Workload.LARGE) ? largeKb : smallKb;
        }
        double perByte = (double) (largeKb - smallKb) / (textBytes(Workload.LARGE) - textBytes(Workload.SMALL));
        return smallKb + (long) Math.ceil(Math.max(0, perByte) * Math.max(0, textBytes(workload)
                - textBytes(Workload.SMALL)));
    }

    /** A store's note bytes: W notes of C characters (ASCII) and an 8-byte ts each. */
    private static long textBytes(Workload workload) {
        return (long) workload.notesPerStore() * (workload.noteChars() + Long.BYTES);
    }

    /** The same, for a store opened {@code opens} times (RocksDB keeps one more info log per open). */
    public long diskEstimateBytes(Workload workload, int opens) {
        return diskEstimateBytes(workload) + perOpenKb * 1024 * opens * 5 / 4;
    }

    /** The most Java heap one open store keeps, in KB: it sizes a holding process' heap (TrialCommands.holdHeap). */
    public long heapKbPerOpenStore() {
        return heapKbPerOpenStore;
    }

    /** The most stores one process holds open under a setting, where known and not lifted by the setting. */
    public Optional<OpenStoresLimit> openStoresLimit(Setting setting) {
        return Optional.ofNullable(openStoresLimit).filter(limit -> !openStoresLimitLifted.contains(setting));
    }

    /** Each open store holds one of glibc's 1,024 pthread keys: 1,000 leaves the runtime room (docs/engines.md). */
    public static final int PTHREAD_KEYS_STORES = 1_000;

    /** Why such an engine holds at most {@link #PTHREAD_KEYS_STORES} open: {@code holds} says what takes the key. */
    public static String pthreadKeys(String holds) {
        return holds + ", and glibc allows 1,024 per process (PTHREAD_KEYS_MAX): opens fail with EAGAIN (11) at"
                + " about 1,020 stores open, as the capacity phase measured (docs/engines.md)";
    }

    public record OpenStoresLimit(int most, String why) {
    }

    /** The chart colour, 0xRRGGBB. */
    public int colour() {
        return colour;
    }

    public String count() {
        return count;
    }

    /** Where a put spends its time (the create profile's note on serialization). */
    public String put() {
        return put;
    }

    /** The link a caveat ends with to the section of docs/engines.md that holds its measurements. */
    public static String notebook(String anchor) {
        return "(measured: [docs/engines.md#" + anchor + "](docs/engines.md#" + anchor + "))";
    }

    public List<String> caveats(RunView run) {
        return caveats == null ? List.of() : caveats.apply(run);
    }

    @Override
    public String toString() {
        return id;
    }

    /** Builds a descriptor; every field but the caveats and the reference flag must be given. */
    public static final class Builder {
        private final EngineDescriptor d;

        private Builder(String id, String title, TrialRuntime runtime, Function<Setting, Engine> factory) {
            this.d = new EngineDescriptor(id, title, runtime, factory);
        }

        /** The SQL schema and count query, which scans the table; {@code put} says how the binding puts the notes. */
        public Builder sql(String put) {
            return kind(Kind.SQL, SQL_COUNT, put);
        }

        public Builder kind(Kind kind, String count, String put) {
            d.kind = kind;
            d.count = count;
            d.put = put;
            return this;
        }

        public Builder reference() {
            d.reference = true;
            return this;
        }

        public Builder unavailable(String why) {
            d.unavailable = why;
            return this;
        }

        /** A store's {@code files}, and the KB allocated per store of each workload as measured on ext4. */
        public Builder storeFiles(String files, long largeKb, long smallKb) {
            d.storeFiles = files;
            d.largeKb = largeKb;
            d.smallKb = smallKb;
            return this;
        }

        /** One process holds at most {@code most} stores open, because of {@code why}: more is refused up front. */
        public Builder openStoresLimit(int most, String why, Setting... liftedIn) {
            d.openStoresLimit = new OpenStoresLimit(most, why);
            d.openStoresLimitLifted = java.util.Set.of(liftedIn);
            return this;
        }

        /** A store grows by about this many KB with every open (RocksDB: one more LOG.old.*). */
        public Builder diskKbPerOpen(long kb) {
            d.perOpenKb = kb;
            return this;
        }

        /** The memory phase's heap_kb, rounded up. */
        public Builder heapKbPerOpenStore(long kb) {
            if (kb < 1) {
                throw new IllegalArgumentException("heap per open store of " + d.id + " must be at least 1 KB");
            }
            d.heapKbPerOpenStore = kb;
            return this;
        }

        public Builder colour(int rgb) {
            d.colour = rgb;
            return this;
        }

        /** Its commits are synced before they return by default: {@code how} (the durable setting changes nothing). */
        public Builder syncedByDefault(String how) {
            d.byDefault = new Durability(true, how);
            return this;
        }

        /** Its commits are not synced by default ({@code how}); the durable setting sets {@code option}, which does. */
        public Builder syncedWhenDurable(String how, String option) {
            d.byDefault = new Durability(false, how);
            d.durable = new Durability(true, option);
            return this;
        }

        /** An option the tuned setting sets: the option, what it does and in which opens, and its vendor's source. */
        public Builder tuned(String option, String what, String source) {
            if (what == null || what.isBlank() || source == null || source.isBlank()) {
                throw new IllegalArgumentException("tuned option " + option + " needs what it does and its source");
            }
            d.tuned.add(new TunedOption(Objects.requireNonNull(option), what, source));
            return this;
        }

        public Builder nothingToTune(String why) {
            d.nothingToTune = why;
            return this;
        }

        public Builder library(String versionKey, String... artifacts) {
            d.library = new Library(versionKey, List.of(artifacts));
            return this;
        }

        public Builder sharedPerProcess(String what) {
            d.sharedPerProcess = what;
            return this;
        }

        public Builder caveats(Function<RunView, List<String>> caveats) {
            d.caveats = caveats;
            return this;
        }

        public EngineDescriptor build() {
            return d.checked();
        }
    }
}
