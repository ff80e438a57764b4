package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.engine.Note;
import storebench.model.StoreLayout;
import storebench.model.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntConsumer;

/** The create profile's loop (createprofile, docs/protocol.md): the create phase with each step timed on its own. */
public final class CreateProfileLoop {
    private final Engine engine;

    CreateProfileLoop(Engine engine) {
        this.engine = engine;
    }

    /** Nanoseconds per store and step, in request order. */
    public static final class CreateProfileSamples {
        /** Create the directory, open the new store (schema committed). */
        public final long[] open;
        public final long[] build;
        /** One transaction, commit included (ObjectBox serializes here). */
        public final long[] put;
        public final long[] close;
        public final long[] total;
        public long wallNs;

        CreateProfileSamples(int n) {
            open = new long[n];
            build = new long[n];
            put = new long[n];
            close = new long[n];
            total = new long[n];
        }
    }

    /**
     * Five back-to-back timer reads: t0 create t1 build the notes t2 put t3 close t4; unlike PhaseLoops.create, the
     * notes are built inside the timed span, as a step of their own.
     */
    CreateProfileSamples run(Path root, Workload workload, int[] stores, IntConsumer progress) throws Exception {
        CreateProfileSamples s = new CreateProfileSamples(stores.length);
        long wall0 = System.nanoTime();
        for (int k = 0; k < stores.length; k++) {
            int agent = stores[k];
            Path dir = StoreLayout.storeDir(root, agent);
            long t0 = System.nanoTime();
            Files.createDirectory(dir);
            OpenStore store = engine.create(dir);
            long t1 = System.nanoTime();
            Note[] notes = PhaseLoops.notes(workload, agent);
            long t2 = System.nanoTime();
            store.putAll(notes);
            long t3 = System.nanoTime();
            store.close();
            long t4 = System.nanoTime();
            s.open[k] = t1 - t0;
            s.build[k] = t2 - t1;
            s.put[k] = t3 - t2;
            s.close[k] = t4 - t3;
            s.total[k] = t4 - t0;
            progress.accept(k + 1);
        }
        s.wallNs = System.nanoTime() - wall0;
        return s;
    }
}
