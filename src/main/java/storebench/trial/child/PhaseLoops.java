package storebench.trial.child;

import storebench.engine.Engine.OpenStore;
import storebench.engine.Engine;
import storebench.engine.Note;
import storebench.measure.VisitCounters;
import storebench.measure.Yardstick;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.CapacityRequest;
import storebench.trial.Query;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The phase loops of a JVM trial process (docs/protocol.md). Every timed region holds engine work only:
 * paths and notes are made before the clock starts, samples go into preallocated arrays, the count check and
 * progress happen after the clock stops. The visit loop and the hold only read, so they open stores for reading
 * ({@link Engine#openForReading}: read-only under the tuned setting); create opens them for writing.
 */
public final class PhaseLoops {
    private final String engineId;
    private final Engine engine;
    private final Yardstick yardstick = new Yardstick();
    private final JitThreads jit = new JitThreads();
    /** The longest a measured run waits for the JIT to go idle (a C2 compilation took up to 190 ms here). */
    static final long SETTLE_MOST_NS = 3_000_000_000L;

    public PhaseLoops(String engineId, Engine engine) {
        this.engineId = engineId;
        this.engine = engine;
    }

    /** Nanoseconds per store, and the wall time of the whole loop. */
    public static final class CreateSamples {
        public final long[] create;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;

        CreateSamples(int n) {
            create = new long[n];
        }
    }

    public CreateSamples create(Path root, Workload workload, int[] stores, IntConsumer progress) throws Exception {
        CreateSamples s = new CreateSamples(stores.length);
        s.startMs = System.currentTimeMillis();
        long wall0 = System.nanoTime();
        for (int k = 0; k < stores.length; k++) {
            Note[] notes = notes(workload, stores[k]);
            Path dir = StoreLayout.storeDir(root, stores[k]);
            long t0 = System.nanoTime();
            Files.createDirectory(dir);
            OpenStore store = engine.create(dir);
            store.putAll(notes);
            store.close();
            long t1 = System.nanoTime();
            s.create[k] = t1 - t0;
            progress.accept(k + 1);
        }
        s.wallNs = System.nanoTime() - wall0;
        return s;
    }

    /** Nanoseconds per store and step of the create profile (createprofile, docs/protocol.md), in request order. */
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
     * The create phase with each step timed on its own: five back-to-back timer reads, t0 create t1 build the notes t2
     * put t3 close t4; unlike {@link #create}, the notes are built inside the timed span, as a step of their own.
     */
    public CreateProfileSamples createProfile(Path root, Workload workload, int[] stores, IntConsumer progress)
            throws Exception {
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

    /** Samples of one visit loop, in visiting order. */
    public static final class VisitSamples {
        public final Query query;
        public final long[] open;
        /** The query's span: the count, or reading every note. */
        public final long[] asked;
        public final long[] close;
        /** Open, query, close: t3 - t0. */
        public final long[] total;
        /** The yardstick's blocks right before the first visit and right after the last; empty unless asked for. */
        public final long[] yard;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;
        /** The JIT's compiler threads' time during the loop (ms): a warm-up that still compiles is not warm. */
        public double compileMs;
        /** How long the loop waited for the compiler threads to go idle before it started (ms). */
        public double settleMs;
        public boolean settled = true;
        /** read_bytes of /proc/self/io over the loop (mapped files' faults included); -1 where /proc does not tell. */
        public long readBytes = -1;
        /** The visiting thread's counters, read right around the loop's first and last timer reads. */
        public java.util.Optional<storebench.measure.VisitCounters> counters = java.util.Optional.empty();

        VisitSamples(Query query, int n, boolean yard) {
            this.query = query;
            open = new long[n];
            asked = new long[n];
            close = new long[n];
            total = new long[n];
            this.yard = new long[yard ? 2 * Yardstick.BLOCK : 0];
        }
    }

    /**
     * The one visit loop of the JVM trial process (warm-ups, runs, each concurrent worker): per store four back-to-back
     * timer reads, t0 open t1 the query t2 close t3, the answer checked after t3. With {@code yard}, a block of
     * yardsticks right before the first store and right after the last, never between two. With {@code settle}, the
     * loop starts once the JIT has been idle a while ({@link JitThreads}).
     */
    public VisitSamples visits(Path root, Workload workload, int[] order, Query query, boolean yard, boolean settle,
                               IntConsumer progress) throws Exception {
        Path[] dirs = dirs(root, order);
        VisitSamples s = new VisitSamples(query, order.length, yard);
        Asking asking = asking(query, workload, order);
        if (yard) {
            yardstick.block(s.yard, 0);
        }
        if (settle) { // after the yardstick's block: its file calls set off compilations of their own
            JitThreads.IdleWait wait = jit.awaitIdle(SETTLE_MOST_NS);
            s.settleMs = wait.waitedNs() / 1e6;
            s.settled = wait.idle();
        }
        long compiled0 = jit.cpuNs();
        long read0 = deviceReadBytes();
        java.util.Optional<VisitCounters> counters0 = VisitCounters.now();
        s.startMs = System.currentTimeMillis();
        long wall0 = System.nanoTime();
        loop(dirs, order, asking, s, progress);
        s.wallNs = System.nanoTime() - wall0;
        s.counters = VisitCounters.since(counters0);
        long read1 = deviceReadBytes();
        s.readBytes = read0 < 0 || read1 < 0 ? -1 : read1 - read0;
        s.compileMs = (jit.cpuNs() - compiled0) / 1e6; // the JIT's own threads, during the loop only
        if (yard) {
            yardstick.block(s.yard, Yardstick.BLOCK);
        }
        return s;
    }

    static long deviceReadBytes() {
        try {
            return storebench.measure.DeviceReads.readBytes(Files.readString(Path.of("/proc/self/io")));
        } catch (java.io.IOException | IllegalArgumentException e) {
            return -1;
        }
    }

    private void loop(Path[] dirs, int[] order, Asking asking, VisitSamples s, IntConsumer progress) throws Exception {
        for (int k = 0; k < dirs.length; k++) {
            Path dir = dirs[k];
            long t0 = System.nanoTime();
            OpenStore store = engine.openForReading(dir);
            long t1 = System.nanoTime();
            asking.ask(store);
            long t2 = System.nanoTime();
            store.close();
            long t3 = System.nanoTime();
            s.open[k] = t1 - t0;
            s.asked[k] = t2 - t1;
            s.close[k] = t3 - t2;
            s.total[k] = t3 - t0;
            asking.check(k, order[k], dir);
            progress.accept(k + 1);
        }
    }

    /** A query and its check, split so that the answer waits in a field and is checked after the span. One per loop. */
    private abstract static class Asking {
        abstract void ask(OpenStore store) throws Exception;

        abstract void check(int k, int store, Path dir);
    }

    private Asking asking(Query query, Workload workload, int[] order) {
        return query == Query.COUNT ? new Counting(workload.notesPerStore()) : new Reading(workload, order);
    }

    private final class Counting extends Asking {
        private final long expected;
        private long answer;

        Counting(long expected) {
            this.expected = expected;
        }

        @Override
        void ask(OpenStore store) throws Exception {
            answer = store.count();
        }

        @Override
        void check(int k, int store, Path dir) {
            checkCount(store, dir, expected, answer);
        }
    }

    private final class Reading extends Asking {
        private final Workload workload;
        /** What each visit's notes' text lengths sum to, worked out before the loop so the loop does nothing more. */
        private final long[] lengths;
        private List<Note> answer;

        Reading(Workload workload, int[] order) {
            this.workload = workload;
            Map<Integer, Long> byStore = new java.util.HashMap<>();
            lengths = new long[order.length];
            for (int k = 0; k < order.length; k++) {
                lengths[k] = byStore.computeIfAbsent(order[k], workload::textLengthSum);
            }
        }

        @Override
        void ask(OpenStore store) throws Exception {
            answer = store.readAll();
        }

        /** A read must have touched every note: its count, and the sums of text lengths and of ts, as the workload's. */
        @Override
        void check(int k, int store, Path dir) {
            long textLengths = 0;
            long ts = 0;
            // By index, not by iterator: an iterator is an allocation between two stores wherever the JIT has not
            // scalar-replaced it (CI once saw 24 bytes per store all run long). Every engine returns a RandomAccess list.
            for (int i = 0, n = answer.size(); i < n; i++) {
                Note note = answer.get(i);
                textLengths += note.text.length();
                ts += note.ts;
            }
            checkCount(store, dir, workload.notesPerStore(), answer.size());
            long expected = lengths[k];
            if (textLengths != expected || ts != workload.tsSum()) {
                throw new CountMismatch(engineId, store, dir, "the notes read back differ from the workload's: text"
                        + " lengths sum to " + textLengths + " (expected " + expected + "), ts to " + ts
                        + " (expected " + workload.tsSum() + ")");
            }
            answer = null;
        }
    }

    /**
     * Opens all {@code stores}, one count each, and keeps them open while {@code whileOpen} runs. The process is warmed
     * up before, so that the engine's one-off costs do not land in the memory per open store.
     */
    public void hold(Path root, Workload workload, int[] stores, Runnable beforeOpen, Runnable whileOpen)
            throws Exception {
        beforeOpen.run();
        Path[] dirs = dirs(root, stores);
        OpenStore[] open = new OpenStore[stores.length];
        long expected = workload.notesPerStore();
        try {
            for (int k = 0; k < stores.length; k++) {
                open[k] = engine.openForReading(dirs[k]);
                checkCount(stores[k], dirs[k], expected, open[k].count());
            }
            whileOpen.run();
        } finally {
            for (OpenStore store : open) {
                if (store != null) {
                    store.close();
                }
            }
        }
    }

    /** One worker of a concurrent run. */
    public static final class WorkerSamples {
        public final VisitSamples visits;
        /** Epoch microseconds: the workers' spans are compared across threads and, in Node, across processes. */
        public long startUs;
        public long endUs;

        WorkerSamples(int n) {
            visits = new VisitSamples(Query.COUNT, n, false);
        }
    }

    /**
     * T workers, one thread each, worker k visiting {@code shares[k]}; they wait at a barrier, then spin until the wall
     * clock reaches {@code startAtMs}, so that they start together. The first failure of any worker fails the call.
     */
    public WorkerSamples[] concurrent(Path root, Workload workload, int[][] shares, long startAtMs,
                                      IntConsumer progress) throws Exception {
        int t = shares.length;
        WorkerSamples[] samples = new WorkerSamples[t];
        java.time.Instant now = java.time.Instant.now(); // microseconds on Linux; currentTimeMillis has only ms
        long nano0 = System.nanoTime();
        long epochUs0 = now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
        java.util.concurrent.CyclicBarrier ready = new java.util.concurrent.CyclicBarrier(t);
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(t);
        try {
            List<java.util.concurrent.Future<WorkerSamples>> futures = new ArrayList<>();
            for (int k = 0; k < t; k++) {
                int[] share = shares[k];
                futures.add(pool.submit(() -> {
                    Path[] dirs;
                    WorkerSamples s;
                    Asking asking;
                    try {
                        dirs = dirs(root, share);
                        s = new WorkerSamples(share.length);
                        asking = asking(Query.COUNT, workload, share);
                    } catch (RuntimeException e) {
                        ready.reset(); // the others must not wait for this one at the barrier
                        throw e;
                    }
                    VisitCounters.now(); // see below
                    ready.await();
                    while (System.currentTimeMillis() < startAtMs) {
                        Thread.onSpinWait();
                    }
                    // this worker thread's own counters, read after the spin (its CPU time is no visit's) and after
                    // the start is taken, so that the workers' starts stay together; read once before the barrier so
                    // that the first read's class loading is not in the span
                    s.startUs = epochUs0 + (System.nanoTime() - nano0) / 1000;
                    java.util.Optional<VisitCounters> counters0 = VisitCounters.now();
                    loop(dirs, share, asking, s.visits, visited -> progress.accept(done.incrementAndGet()));
                    s.visits.counters = VisitCounters.since(counters0);
                    s.endUs = epochUs0 + (System.nanoTime() - nano0) / 1000;
                    return s;
                }));
            }
            for (int k = 0; k < t; k++) {
                try {
                    samples[k] = futures.get(k).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                }
            }
            return samples;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The capacity loop ({@link CapacityLoop}): creates a store, then holds copies of it open until a limit. */
    public CapacityLoop.CapacitySamples capacity(Path root, Workload workload, CapacityRequest asked,
                                                 IntConsumer progress) throws Exception {
        return new CapacityLoop(this, engine, root, workload, asked, progress).run(workload);
    }

    void checkCount(int store, Path dir, long expected, long actual) {
        if (actual != expected) {
            throw new CountMismatch(engineId, store, dir, expected, actual);
        }
    }

    static Path[] dirs(Path root, int[] stores) {
        return java.util.Arrays.stream(stores).mapToObj(s -> StoreLayout.storeDir(root, s)).toArray(Path[]::new);
    }

    /** Built outside the timed region. */
    public static Note[] notes(Workload workload, int agent) {
        Note[] notes = new Note[workload.notesPerStore()];
        for (int j = 0; j < notes.length; j++) {
            notes[j] = new Note(workload.text(agent, j), Workload.ts(j));
        }
        return notes;
    }
}
