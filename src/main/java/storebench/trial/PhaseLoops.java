package storebench.trial;

import storebench.model.StoreLayout;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.engine.Note;
import storebench.measure.ProcResources;
import storebench.model.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The phase loops of a JVM trial process (docs/protocol.md). Every timed region holds engine work only:
 * paths and notes are made before the clock starts, samples go into preallocated arrays, the count check and
 * progress happen after the clock stops.
 */
public final class PhaseLoops {
    private final String engineId;
    private final Engine engine;
    private final Yardstick yardstick = new Yardstick();

    public PhaseLoops(String engineId, Engine engine) {
        this.engineId = engineId;
        this.engine = engine;
    }

    /** Samples of one create phase: nanoseconds per store, and the wall time of the whole loop. */
    public static final class CreateSamples {
        public final long[] create;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;

        CreateSamples(int n) {
            create = new long[n];
        }
    }

    /** Samples of one open run, in visiting order. */
    public static final class OpenRunSamples {
        public final long[] open;
        public final long[] count;
        public final long[] close;
        public final long[] oqc;
        /** The yardstick in a block right before the run's first visit and one right after its last (Yardstick). */
        public final long[] yard;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;

        OpenRunSamples(int n) {
            open = new long[n];
            count = new long[n];
            close = new long[n];
            oqc = new long[n];
            yard = new long[2 * Yardstick.BLOCK];
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

    /** Samples of one create profile (createprofile): nanoseconds per store and step, in request order. */
    public static final class CreateProfileSamples {
        /** Create the directory, open the new store (schema committed). */
        public final long[] open;
        /** Build the W notes in memory. */
        public final long[] build;
        /** Put the W notes in one transaction, commit included (ObjectBox: serialization happens here). */
        public final long[] put;
        public final long[] close;
        /** open + build + put + close. */
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
     * The create phase with each step timed on its own (five back-to-back timer reads: t0 create the directory
     * and the store t1 build the notes t2 put t3 close t4). Building the notes is timed here as a step of its
     * own, unlike in {@link #create}. In ObjectBox Java the notes are serialized inside put (generated cursor
     * code, NoteCursor), so serialization is part of the put step.
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
            Note[] notes = notes(workload, agent);
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

    public long warmup(Path root, Workload workload, int[] order, IntConsumer progress) throws Exception {
        Path[] dirs = dirs(root, order);
        long expected = workload.notesPerStore();
        long wall0 = System.nanoTime();
        for (int k = 0; k < order.length; k++) {
            OpenStore store = engine.open(dirs[k]);
            long n = store.count();
            store.close();
            checkCount(order[k], dirs[k], expected, n);
            progress.accept(k + 1);
        }
        long wallNs = System.nanoTime() - wall0;
        yardstick.block(new long[Yardstick.BLOCK], 0); // compiled before the timed runs, like the engine's path
        return wallNs;
    }

    /** Samples of one read run, in visiting order. */
    public static final class ReadRunSamples {
        /** Reading every note into Java values (the engine's readAll). */
        public final long[] read;
        /** Open, read every note, close. */
        public final long[] orc;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;

        ReadRunSamples(int n) {
            read = new long[n];
            orc = new long[n];
        }
    }

    /** The read runs' warm-up: open, read every note (checked), close, for each store of the order; untimed. */
    public long readWarmup(Path root, Workload workload, int[] order, IntConsumer progress) throws Exception {
        Path[] dirs = dirs(root, order);
        long[] lengths = textLengthSums(workload, order);
        long wall0 = System.nanoTime();
        for (int k = 0; k < order.length; k++) {
            OpenStore store = engine.open(dirs[k]);
            List<Note> notes = store.readAll();
            store.close();
            checkNotes(order[k], dirs[k], workload, lengths[k], notes);
            progress.accept(k + 1);
        }
        return System.nanoTime() - wall0;
    }

    /**
     * One read run: for each store in the order, three back-to-back timer reads around the read (t0 open t1 read every
     * note t2 close t3); the notes are checked against the workload (count, sum of text lengths, sum of ts) after t3.
     */
    public ReadRunSamples readRun(Path root, Workload workload, int[] order, IntConsumer progress) throws Exception {
        Path[] dirs = dirs(root, order);
        long[] lengths = textLengthSums(workload, order);
        ReadRunSamples s = new ReadRunSamples(order.length);
        s.startMs = System.currentTimeMillis();
        long wall0 = System.nanoTime();
        for (int k = 0; k < order.length; k++) {
            Path dir = dirs[k];
            long t0 = System.nanoTime();
            OpenStore store = engine.open(dir);
            long t1 = System.nanoTime();
            List<Note> notes = store.readAll();
            long t2 = System.nanoTime();
            store.close();
            long t3 = System.nanoTime();
            s.read[k] = t2 - t1;
            s.orc[k] = t3 - t0;
            checkNotes(order[k], dir, workload, lengths[k], notes);
            progress.accept(k + 1);
        }
        s.wallNs = System.nanoTime() - wall0;
        return s;
    }

    /** What each store's notes' text lengths sum to, worked out before a loop so the loop does nothing more. */
    private static long[] textLengthSums(Workload workload, int[] order) {
        java.util.Map<Integer, Long> byStore = new java.util.HashMap<>();
        long[] sums = new long[order.length];
        for (int k = 0; k < order.length; k++) {
            sums[k] = byStore.computeIfAbsent(order[k], workload::textLengthSum);
        }
        return sums;
    }

    /** A read must have touched every note: its count, and the sums of text lengths and of ts, as the workload's. */
    private void checkNotes(int store, Path dir, Workload workload, long expectedLengths, List<Note> notes) {
        long lengths = 0;
        long ts = 0;
        for (Note note : notes) {
            lengths += note.text.length();
            ts += note.ts;
        }
        checkCount(store, dir, workload.notesPerStore(), notes.size());
        if (lengths != expectedLengths || ts != workload.tsSum()) {
            throw new CountMismatch(engineId, store, dir, "the notes read back differ from the workload's: text lengths"
                    + " sum to " + lengths + " (expected " + expectedLengths + "), ts to " + ts
                    + " (expected " + workload.tsSum() + ")");
        }
    }

    public OpenRunSamples openRun(Path root, Workload workload, int[] order, IntConsumer progress) throws Exception {
        Path[] dirs = dirs(root, order);
        OpenRunSamples s = new OpenRunSamples(order.length);
        long expected = workload.notesPerStore();
        yardstick.block(s.yard, 0);
        s.startMs = System.currentTimeMillis();
        long wall0 = System.nanoTime();
        // Between two stores nothing but the loop: the samples, the count check, the progress tick.
        for (int k = 0; k < order.length; k++) {
            Path dir = dirs[k];
            long t0 = System.nanoTime();
            OpenStore store = engine.open(dir);
            long t1 = System.nanoTime();
            long n = store.count();
            long t2 = System.nanoTime();
            store.close();
            long t3 = System.nanoTime();
            s.open[k] = t1 - t0;
            s.count[k] = t2 - t1;
            s.close[k] = t3 - t2;
            s.oqc[k] = t3 - t0;
            checkCount(order[k], dir, expected, n);
            progress.accept(k + 1);
        }
        s.wallNs = System.nanoTime() - wall0;
        yardstick.block(s.yard, Yardstick.BLOCK);
        return s;
    }

    /**
     * Opens all {@code stores}, one count each, and keeps them open while {@code whileOpen} runs; closes them after.
     * {@code beforeOpen} runs first, after a warm-up over {@code warmOrder} (open, count, close, as the open runs'
     * warm-up), so that the engine's one-off costs (class loading, JIT, code cache, the first query's work) are paid
     * before it and do not land in the memory per open store.
     */
    public void hold(Path root, Workload workload, int[] warmOrder, int[] stores, Runnable beforeOpen,
                     Runnable whileOpen) throws Exception {
        warmup(root, workload, warmOrder, done -> { });
        beforeOpen.run();
        Path[] dirs = dirs(root, stores);
        OpenStore[] open = new OpenStore[stores.length];
        long expected = workload.notesPerStore();
        try {
            for (int k = 0; k < stores.length; k++) {
                open[k] = engine.open(dirs[k]);
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

    /** One worker of a concurrent run: open-query-close per store in its order, and when it started and ended. */
    public static final class WorkerSamples {
        public final long[] oqc;
        /** Epoch microseconds: the workers' spans are compared across threads and, in Node, across processes. */
        public long startUs;
        public long endUs;

        WorkerSamples(int n) {
            oqc = new long[n];
        }
    }

    /**
     * T workers at once, one thread each, worker k visiting {@code shares[k]}: open, count, close, one span per store
     * (t0 open, count, close t1), the count checked after t1. All threads wait at a barrier, then spin until the wall
     * clock reaches {@code startAtMs}, so that they start together (and with the other processes of a Node run). The
     * first failure of any worker fails the call.
     */
    public WorkerSamples[] concurrent(Path root, Workload workload, int[][] shares, long startAtMs,
                                      IntConsumer progress) throws Exception {
        int t = shares.length;
        WorkerSamples[] samples = new WorkerSamples[t];
        long expected = workload.notesPerStore();
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
                    try {
                        dirs = dirs(root, share);
                        s = new WorkerSamples(share.length);
                    } catch (RuntimeException e) {
                        ready.reset(); // the others must not wait for this one at the barrier
                        throw e;
                    }
                    ready.await();
                    while (System.currentTimeMillis() < startAtMs) {
                        Thread.onSpinWait();
                    }
                    s.startUs = epochUs0 + (System.nanoTime() - nano0) / 1000;
                    for (int j = 0; j < share.length; j++) {
                        long t0 = System.nanoTime();
                        OpenStore store = engine.open(dirs[j]);
                        long n = store.count();
                        store.close();
                        long t1 = System.nanoTime();
                        s.oqc[j] = t1 - t0;
                        checkCount(share[j], dirs[j], expected, n);
                        progress.accept(done.incrementAndGet());
                    }
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

    /** What one capacity loop found: its points, how many stores it held open, why it stopped. */
    public static final class CapacitySamples {
        /** Every {@code every} stores open (and at 0 and at the stop): ProcResources.point() plus "stores". */
        public final List<Map<String, Long>> points = new ArrayList<>();
        /** Stores open (each counted, checked against W) when the loop stopped. */
        public int opened;
        /** cap (bench.capacityMax reached), memory, disk (their safety margins), or error (a store failed). */
        public String stop;
        /** Where a store failed: create, open or count; and the engine's own message. */
        public String during;
        public String message;
        public int store = -1;
        /** The process' limits at the stop (ProcResources.limits()). */
        public Map<String, Long> limits;
        public long wallNs;
    }

    /**
     * Creates stores 0, 1, ... of {@code workload} under {@code root} and keeps every one open (one count each, checked
     * against W) until {@code max} are open, the machine's available memory falls below {@code marginKb}, the root's
     * free space below {@code diskMarginBytes}, or a store fails to be created, opened or counted. Each store is
     * created and closed just before it is opened to be held. Store 0 is first opened, counted and closed
     * {@code warmOpens} times so that the engine's one-off costs land before the first point, not in the slopes.
     */
    public CapacitySamples capacity(Path root, Workload workload, int max, int every, int warmOpens, long marginKb,
                                    long diskMarginBytes, IntConsumer progress) throws Exception {
        CapacitySamples s = new CapacitySamples();
        long expected = workload.notesPerStore();
        List<OpenStore> open = new ArrayList<>();
        // one descriptor kept back for the points: a store may fail because none is left, and reading /proc takes
        // one. It is closed while a point is read, so that no point counts it
        Spare spare = new Spare();
        long wall0 = System.nanoTime();
        try {
            create(root, workload, new int[]{0}, done -> { });
            Path first = StoreLayout.storeDir(root, 0);
            for (int k = 0; k < warmOpens; k++) {
                try (OpenStore store = engine.open(first)) {
                    checkCount(0, first, expected, store.count());
                }
            }
            s.points.add(spare.around(() -> point(0)));
            java.nio.file.FileStore disk = Files.getFileStore(root);
            for (int i = 0; i < max; i++) {
                if (i % 10 == 0 && ProcResources.memAvailableKb() < marginKb) {
                    s.stop = "memory";
                    break;
                }
                if (i % 100 == 0 && disk.getUsableSpace() < diskMarginBytes) {
                    s.stop = "disk";
                    break;
                }
                Path dir = StoreLayout.storeDir(root, i);
                String during = "create";
                OpenStore store = null;
                try {
                    if (i > 0) {
                        Note[] notes = notes(workload, i);
                        Files.createDirectory(dir);
                        try (OpenStore created = engine.create(dir)) {
                            created.putAll(notes);
                        }
                    }
                    during = "open";
                    store = engine.open(dir);
                    during = "count";
                    long n = store.count();
                    if (n != expected) {
                        throw new CountMismatch(engineId, i, dir, expected, n);
                    }
                    open.add(store);
                } catch (Throwable t) { // an engine may fail with an Error too: OutOfMemoryError, a native crash's
                    if (store != null) {
                        closeQuietly(store, true);
                    }
                    s.stop = "error";
                    s.during = during;
                    s.store = i;
                    s.message = describe(t);
                    break;
                }
                final int opened = open.size();
                progress.accept(opened);
                if (opened % every == 0 && opened < max) {
                    s.points.add(spare.around(() -> point(opened)));
                }
            }
            if (s.stop == null) {
                s.stop = "cap";
            }
            s.opened = open.size();
            s.wallNs = System.nanoTime() - wall0;
            spare.close();
            try {
                if (s.points.get(s.points.size() - 1).get("stores") != s.opened) {
                    s.points.add(point(s.opened));
                }
            } catch (Throwable t) {
                // a process out of memory may not manage one more reading: the curve ends at its last point
            }
            s.limits = ProcResources.limits();
            return s;
        } finally {
            spare.close();
            int failed = 0;
            for (OpenStore store : open) {
                if (!closeQuietly(store, failed == 0)) {
                    failed++;
                }
            }
            if (failed > 1) {
                System.err.println("capacity: " + failed + " stores failed to close (the first is above)");
            }
        }
    }

    /**
     * A failure with its causes ("ExodusException: Can't init meta tree in log; cause: FileNotFoundException: ...
     * (Too many open files)"): an engine may wrap the system's error in its own, and the limit is named from it.
     */
    static String describe(Throwable t) {
        StringBuilder m = new StringBuilder(t.getClass().getSimpleName() + ": " + t.getMessage());
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        seen.add(t);
        for (Throwable c = t.getCause(); c != null && seen.add(c) && seen.size() <= 6; c = c.getCause()) {
            m.append("; cause: ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
        }
        return m.toString();
    }

    /** The descriptor a capacity loop keeps back; released for good before its last point. */
    private static final class Spare implements AutoCloseable {
        private java.io.InputStream held;

        Spare() throws java.io.IOException {
            held = Files.newInputStream(Path.of("/dev/null"));
        }

        <T> T around(java.util.concurrent.Callable<T> read) throws Exception {
            close();
            try {
                return read.call();
            } finally {
                held = Files.newInputStream(Path.of("/dev/null"));
            }
        }

        @Override
        public void close() throws java.io.IOException {
            if (held != null) {
                held.close();
                held = null;
            }
        }
    }

    private static Map<String, Long> point(int stores) throws java.io.IOException {
        Map<String, Long> p = new java.util.LinkedHashMap<>();
        p.put("stores", (long) stores);
        p.putAll(ProcResources.point());
        return p;
    }

    /** Closes a store; false where it failed (printed to stderr if {@code say}). */
    private static boolean closeQuietly(OpenStore store, boolean say) {
        try {
            store.close();
            return true;
        } catch (Throwable t) {
            if (say) {
                System.err.println("capacity: closing a store failed: " + t);
            }
            return false;
        }
    }

    /** How one store lies on disk, as the engine tells it (page counts, ts's storage class). */
    public Map<String, Object> layout(Path root, int store) throws Exception {
        try (OpenStore s = engine.open(existing(root, store))) {
            return s.layout();
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
            try (OpenStore store = engine.open(dir)) {
                if (store.count() == workload.notesPerStore()) {
                    valid[n++] = i;
                }
            } catch (Exception e) {
                // An unreadable store is not valid: it gets created again.
            }
        }
        return java.util.Arrays.copyOf(valid, n);
    }

    private void checkCount(int store, Path dir, long expected, long actual) {
        if (actual != expected) {
            throw new CountMismatch(engineId, store, dir, expected, actual);
        }
    }

    private static Path[] dirs(Path root, int[] stores) {
        Path[] dirs = new Path[stores.length];
        for (int k = 0; k < stores.length; k++) {
            dirs[k] = StoreLayout.storeDir(root, stores[k]);
        }
        return dirs;
    }

    /** The W notes of agent i, built outside the timed region. */
    public static Note[] notes(Workload workload, int agent) {
        Note[] notes = new Note[workload.notesPerStore()];
        for (int j = 0; j < notes.length; j++) {
            notes[j] = new Note(workload.text(agent, j), Workload.ts(j));
        }
        return notes;
    }

    /** A count query that did not return W: fails the trial, naming engine, store and counts. */
    public static final class CountMismatch extends RuntimeException {
        public final int store;

        CountMismatch(String engine, int store, Path dir, long expected, long actual) {
            this(engine, store, dir, "expected " + expected + ", got " + actual);
        }

        CountMismatch(String engine, int store, Path dir, String what) {
            super("count mismatch: engine " + engine + ", store " + store + " (" + dir + "): " + what);
            this.store = store;
        }
    }
}
