package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Note;
import storebench.measure.ProcMemory;
import storebench.model.StoreLayout;
import storebench.model.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A trial process' hold loop with an engine that keeps 1 MiB of Java heap per open store and no native memory: run by
 * {@link HeapOnlyEngineTest} in a JVM with the trial processes' pre-touched heap. Prints the resident and heap growth
 * per open store, in KB.
 */
public final class HeapOnlyHolder {
    static final int STORES = 100;
    static final int MIB = 1 << 20;

    /** Its open store is a touched 1 MiB array on the Java heap; count says W. */
    static final class HeapOnlyEngine implements Engine {
        @Override
        public OpenStore create(Path dir) {
            throw new UnsupportedOperationException("holds only");
        }

        @Override
        public OpenStore open(Path dir) {
            byte[] state = new byte[MIB];
            for (int i = 0; i < state.length; i += 4096) {
                state[i] = 1;
            }
            return new OpenStore() {
                @Override
                public void putAll(Note[] notes) {
                    throw new UnsupportedOperationException("holds only");
                }

                @Override
                public long count() {
                    return state[0] == 1 ? Workload.SMALL.notesPerStore() : -1;
                }

                @Override
                public List<Note> readAll() {
                    return List.of();
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public storebench.engine.Description describe() {
            return new storebench.engine.Description(List.of(new storebench.engine.Description.Named("version",
                    "heap-only")), List.of(), "none");
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("heap-only");
        int[] stores = new int[STORES];
        for (int i = 0; i < STORES; i++) {
            stores[i] = i;
            Files.createDirectories(StoreLayout.storeDir(root, i));
        }
        PhaseLoops loops = new PhaseLoops("heap-only", new HeapOnlyEngine());
        ProcMemory.Snapshot[] snap = new ProcMemory.Snapshot[2];
        loops.hold(root, Workload.SMALL, stores, () -> snap[0] = snapshot(), () -> snap[1] = snapshot());
        System.out.println(((snap[1].rssKb() - snap[0].rssKb()) / (double) STORES) + " "
                + ((snap[1].heapUsedBytes() - snap[0].heapUsedBytes()) / 1024.0 / STORES));
    }

    private static ProcMemory.Snapshot snapshot() {
        try {
            return ProcMemory.snapshot();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
