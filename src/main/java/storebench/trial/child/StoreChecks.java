package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.engine.Note;
import storebench.model.StoreLayout;
import storebench.model.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The requests that look at stores rather than measure them (layout, notes, check): nothing here is timed. */
public final class StoreChecks {
    private final Engine engine;

    public StoreChecks(Engine engine) {
        this.engine = engine;
    }

    /** How one store lies on disk, as the engine tells it (page counts, ts's storage class). */
    public Object layout(Path root, int store) throws Exception {
        try (OpenStore s = engine.open(existing(root, store))) {
            return s.layout().<Object>map(r -> r).orElse(Map.of());
        }
    }

    /** Notes j of one store as the engine reads them back: tests compare them with the fixture. */
    public List<Note> notes(Path root, int store, int[] js) throws Exception {
        try (OpenStore s = engine.open(existing(root, store))) {
            List<Note> all = s.readAll();
            List<Note> picked = new ArrayList<>();
            for (int j : js) {
                if (j >= all.size()) {
                    throw new IllegalArgumentException("store " + store + " has " + all.size() + " notes, no note " + j);
                }
                picked.add(all.get(j));
            }
            return picked;
        }
    }

    private static Path existing(Path root, int store) throws java.io.IOException {
        Path dir = StoreLayout.storeDir(root, store);
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(dir.toString(), null, "store " + store + " does not exist");
        }
        return dir;
    }

    /** The stores that exist, open, and hold W notes (for bench.reuse). */
    public int[] check(Path root, Workload workload, int[] stores) {
        int[] valid = new int[stores.length];
        int n = 0;
        for (int i : stores) {
            Path dir = StoreLayout.storeDir(root, i);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try {
                if (engine.damaged(dir).isPresent()) {
                    continue; // opening it could kill this process (LMDB: SIGBUS past a truncated file's end)
                }
                try (OpenStore store = engine.open(dir)) {
                    if (store.count() == workload.notesPerStore()) {
                        valid[n++] = i;
                    }
                }
            } catch (Exception e) {
                // An unreadable store is not valid: it gets created again.
            }
        }
        return java.util.Arrays.copyOf(valid, n);
    }
}
