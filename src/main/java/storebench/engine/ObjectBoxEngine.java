package storebench.engine;

import storebench.engine.Description.Named;
import io.objectbox.Box;
import io.objectbox.BoxStore;
import io.objectbox.BoxStoreBuilder;
import storebench.model.Setting;
import storebench.model.StatId;
import storebench.results.Stat;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;

/**
 * ObjectBox Java. {@code cachedModel = false} is the reference's "sync every open": the generated
 * {@code MyObjectBox.builder()} builds the model on every open. {@code cachedModel = true} builds the model
 * bytes once and hands the same bytes to every open. Under the tuned setting the phases that only read open the store
 * read-only ({@code BoxStoreBuilder.readOnly()}).
 */
public final class ObjectBoxEngine implements Engine {
    /** The files a store owns and what count and put do, the same for every variant. */
    private static final String FILES = "data.mdb and lock.mdb in the store's directory (an LMDB environment)";
    private static final String COUNT = "`box.count()`, a count of the entity's objects";
    private static final String SYNCED = "each commit is synced before it returns (ObjectBox's default, LMDB"
            + " without NOSYNC)";
    private static final String PUT = "inside put: ObjectBox Java serializes each note to a FlatBuffer in the"
            + " generated cursor code (NoteCursor.put) called by Box.put";

    public static final EngineDescriptor SYNC_EVERY_OPEN = variant("objectbox", "ObjectBox, sync every open")
            .colour(0x0072B2).build();
    public static final EngineDescriptor CACHED_MODEL = variant("objectbox-cached", "ObjectBox, cached model")
            .colour(0x56B4E9).build();
    /** The reference's "skip model sync": no public way in objectbox-java 5.1.0, so the column says why. */
    public static final EngineDescriptor SKIP_MODEL_SYNC = EngineDescriptor.jvmUnavailable("objectbox-nosync",
                    "ObjectBox, skip model sync")
            .kind(EngineDescriptor.Kind.OBJECT, COUNT, PUT).reference().storeFiles(FILES, 444, 28)
            .syncedByDefault(SYNCED).colour(0x999999)
            .unavailable("objectbox-java 5.1.0 has no public way to open a store without syncing its model:"
                    + " BoxStoreBuilder has no such option (its only related field, skipReadSchema, is package-private,"
                    + " has no setter, and means not reading the stored schema, which is not the same)")
            .build();

    private static EngineDescriptor.Builder variant(String id, String title) {
        boolean cached = id.endsWith("-cached");
        return EngineDescriptor.jvm(id, title, (Setting setting) -> new ObjectBoxEngine(cached,
                        setting.readOnlyVisits())).library("objectbox-java",
                        "io.objectbox:objectbox-java", "io.objectbox:objectbox-java-api", "io.objectbox:objectbox-linux")
                .kind(EngineDescriptor.Kind.OBJECT, COUNT, PUT).reference().storeFiles(FILES, 444, 28)
                .syncedByDefault(SYNCED).caveats(ObjectBoxEngine::caveats)
                .heapKbPerOpenStore(4) // heap_kb 2.5-2.6 in the kept runs (N = 1,000 and 10,000, both settings)
                .openStoresLimit(EngineDescriptor.PTHREAD_KEYS_STORES, EngineDescriptor.pthreadKeys("each open store"
                        + " holds a thread-specific data key"))
                .tuned("BoxStoreBuilder.readOnly()", "the phases that only read open the store read-only: no schema"
                        + " update and no write transaction; create and traffic open it writable. Not set:"
                        + " noReaderThreadLocals(), which the vendor calls experimental (\"subtle behavior changes at a"
                        + " low level\") and documents for many long-lived threads, not for many stores", "objectbox-java"
                        + " 5.1.0, io/objectbox/BoxStoreBuilder.java lines 426-429: readOnly(), \"Open the store in"
                        + " read-only mode: no schema update, no write transactions are allowed (would throw)\"; lines"
                        + " 362-369: noReaderThreadLocals(), \"This is still experimental\"");
    }

    private final boolean cachedModel;
    private final byte[] model;
    private final boolean readOnlyVisits;

    public ObjectBoxEngine(boolean cachedModel, boolean readOnlyVisits) {
        this.cachedModel = cachedModel;
        this.readOnlyVisits = readOnlyVisits;
        this.model = cachedModel ? generatedModel() : null;
    }

    @Override
    public OpenStore create(Path dir) {
        return open(dir);
    }

    @Override
    public OpenStore open(Path dir) {
        return open(dir, false);
    }

    @Override
    public OpenStore openForReading(Path dir) {
        return open(dir, readOnlyVisits);
    }

    private OpenStore open(Path dir, boolean readOnly) {
        BoxStoreBuilder builder;
        if (cachedModel) {
            builder = new BoxStoreBuilder(model);
            builder.entity(Note_.__INSTANCE);
        } else {
            builder = MyObjectBox.builder();
        }
        builder.directory(dir.toFile());
        if (readOnly) {
            builder.readOnly();
        }
        BoxStore store = builder.build();
        return new ObjectBoxStore(store, store.boxFor(Note.class));
    }

    @Override
    public Description describe() {
        List<Named> versions = new ArrayList<>();
        List<Named> options = new ArrayList<>();
        versions.add(new Named("objectbox-java", BoxStore.getVersion()));
        versions.add(new Named("objectbox native", BoxStore.getVersionNative()));
        options.add(new Named("model", cachedModel ? "model bytes built once, reused for every open"
                : "MyObjectBox.builder() on every open (model built each time)"));
        options.add(new Named("max size", "default (" + BoxStoreBuilder.DEFAULT_MAX_DB_SIZE_KBYTE + " KB)"));
        return new Description(versions, options, readOnlyVisits ? "tuned: readOnly() where a phase only reads"
                + " (noReaderThreadLocals() not set: experimental)" : "defaults");
    }

    /** The generated model bytes; MyObjectBox.getModel() is private, so it is read once, outside any timing. */
    private static byte[] generatedModel() {
        try {
            Method getModel = MyObjectBox.class.getDeclaredMethod("getModel");
            getModel.setAccessible(true);
            byte[] bytes = (byte[]) getModel.invoke(null);
            return Arrays.copyOf(bytes, bytes.length);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the generated ObjectBox model of MyObjectBox", e);
        }
    }

    /** The same list for both variants, so a report shows it once. */
    static List<String> caveats(RunView run) {
        List<String> c = new java.util.ArrayList<>();
        String first = run.firstSetting();
        if ("large".equals(run.results().runLine().scale().workload())) {
            for (String e : List.of(CACHED_MODEL.id(), SYNC_EVERY_OPEN.id())) {
                var disk = run.results().measurement(e, first, StatId.DISK_KB.id());
                if (disk.isPresent()) {
                    c.add("ObjectBox's space per store is " + run.format(StatId.DISK_KB.id(), disk.get().value())
                            + " here against the reference's 472 KB: objectbox-python builds each note's FlatBuffer with"
                            + " the generic flatbuffers.Builder, ObjectBox Java with its generated cursor code and the"
                            + " native library, and the native versions differ (objectbox-c 5.3.2 there, see the"
                            + " versions here), so the data files are laid out differently.");
                    break;
                }
            }
        }
        sameVariants(run).ifPresent(c::add);
        c.add("ObjectBox's open is mostly native: objectbox 5.1.0 opens the LMDB environment twice per store open"
                + " and, the store being writable, allocates and zeroes LMDB's 2 MiB dirty-page list each time, which"
                + " glibc's mmap threshold makes cheaper or dearer. No file sync happens on open or close, and the Java"
                + " layer adds little once compiled " + EngineDescriptor.notebook("objectbox") + ".");
        return c;
    }

    /** Says why the two ObjectBox variants measure the same, where they do. */
    private static java.util.Optional<String> sameVariants(RunView run) {
        for (String setting : run.settings()) {
            var x = run.results().measurement(SYNC_EVERY_OPEN.id(), setting, StatId.OPEN_MS.id());
            var y = run.results().measurement(CACHED_MODEL.id(), setting, StatId.OPEN_MS.id());
            if (x.isPresent() && y.isPresent()) {
                double diff = Math.abs(x.get().value() - y.get().value()) / Math.min(x.get().value(), y.get().value());
                double noise = Math.max(x.get().spread() == null ? 0 : x.get().spread(),
                        y.get().spread() == null ? 0 : y.get().spread());
                String figures = "open " + run.format(StatId.OPEN_MS.id(), x.get().value()) + " vs "
                        + run.format(StatId.OPEN_MS.id(), y.get().value()) + ", " + setting;
                if (diff <= Math.max(noise, 0.05)) {
                    return java.util.Optional.of("ObjectBox \"sync every open\" and \"cached model\" measure the same"
                            + " within the noise (" + figures + "): in Java the model is built by generated code"
                            + " (MyObjectBox.getModel(), one entity with three properties) in microseconds, so"
                            + " caching its bytes saves little; in Python building the model was a visible part of"
                            + " open. What remains is the native store open, which both variants share.");
                }
                return java.util.Optional.of("ObjectBox \"sync every open\" and \"cached model\" differ by "
                        + Stat.number(diff * 100, 0) + "% in open (" + figures + "), beyond the noise of the runs"
                        + " (spread " + Stat.number(noise * 100, 0) + "%).");
            }
        }
        return java.util.Optional.empty();
    }

    private static final class ObjectBoxStore implements OpenStore {
        private final BoxStore store;
        private final Box<Note> box;

        ObjectBoxStore(BoxStore store, Box<Note> box) {
            this.store = store;
            this.box = box;
        }

        @Override
        public void putAll(Note[] notes) {
            box.put(notes);
        }

        /** One put of one object: its own transaction; ObjectBox assigns the id (the next after the store's n). */
        @Override
        public void write(long id, Note note) {
            box.put(note);
        }

        @Override
        public long count() {
            return box.count();
        }

        @Override
        public List<Note> readAll() {
            return box.getAll();
        }

        /**
         * Frees the calling thread's readers first: BoxStore.close() leaves the thread's cached cursors, which reach
         * the store back, so a thread that opens store after store keeps every one (docs/engines.md, "Garbage
         * collection under traffic: what ObjectBox's and Xodus' loops allocate and keep").
         */
        @Override
        public void close() {
            store.closeThreadResources();
            store.close();
        }
    }
}
