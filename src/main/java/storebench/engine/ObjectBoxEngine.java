package storebench.engine;

import io.objectbox.Box;
import io.objectbox.BoxStore;
import io.objectbox.BoxStoreBuilder;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ObjectBox Java. {@code cachedModel = false} is the reference's "sync every open": the generated
 * {@code MyObjectBox.builder()} builds the model on every open. {@code cachedModel = true} builds the model
 * bytes once and hands the same bytes to every open.
 */
public final class ObjectBoxEngine implements Engine {
    private final boolean cachedModel;
    private final byte[] model;

    public ObjectBoxEngine(boolean cachedModel) {
        this.cachedModel = cachedModel;
        this.model = cachedModel ? generatedModel() : null;
    }

    @Override
    public OpenStore create(Path dir) {
        return open(dir);
    }

    @Override
    public OpenStore open(Path dir) {
        BoxStoreBuilder builder;
        if (cachedModel) {
            builder = new BoxStoreBuilder(model);
            builder.entity(Note_.__INSTANCE);
        } else {
            builder = MyObjectBox.builder();
        }
        BoxStore store = builder.directory(dir.toFile()).build();
        return new ObjectBoxStore(store, store.boxFor(Note.class));
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("objectbox-java", BoxStore.getVersion());
        info.put("objectbox native", BoxStore.getVersionNative());
        info.put("model", cachedModel ? "model bytes built once, reused for every open"
                : "MyObjectBox.builder() on every open (model built each time)");
        info.put("max size", "default (" + BoxStoreBuilder.DEFAULT_MAX_DB_SIZE_KBYTE + " KB)");
        return info;
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

        @Override
        public long count() {
            return box.count();
        }

        @Override
        public List<Note> readAll() {
            return box.getAll();
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
