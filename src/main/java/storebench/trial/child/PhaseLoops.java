package storebench.trial;

import storebench.model.StoreLayout;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.engine.Note;
import storebench.measure.ProcResources;
import storebench.model.Workload;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
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
    private final JitThreads jit = new JitThreads();
    /** The longest a measured run waits for the JIT to go idle (a C2 compilation of a visit loop took up to 190 ms here). */
    static final long SETTLE_MOST_NS = 3_000_000_000L;

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

    /**
     * What a visit asks of a store between its open and its close (the span t1..t2 of {@link #visits}), and the name
     * of the whole span t0..t3: the open runs count (oqc), the read runs read every note (orc).
     */
    public enum Query {
        COUNT("count", "oqc"),
        READ("read", "orc");

        /** The name of the query's samples, and of the query in a request. */
        public final String id;
        /** The name of the samples of the whole visit, open to close. */
        public final String total;

        Query(String id, String total) {
            this.id = id;
            this.total = total;
        }

        public static Query of(String id) {
            for (Query q : values()) {
                if (q.id.equals(id)) {
                    return q;
                }
            }
            throw new IllegalArgumentException("unknown query '" + id + "'; valid queries: count, read");
        }
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
        /** The yardstick in a block right before the first visit and one right after the last (Yardstick); empty unless asked for. */
        public final long[] yard;
        /** When the loop started (epoch ms): the HdrHistogram logs' interval start. */
        public long startMs;
        public long wallNs;
        /** The JIT's compiler threads' time during the loop (ms; JitThreads): a warm-up that still compiles is not warm. */
        public double compileMs;
        /** How long the loop waited for the compiler threads to go idle before it started (ms; 0 unless asked to). */
        public double settleMs;
        /** Whether they were idle when it started (true unless it was asked to wait and gave up). */
        public boolean settled = true;
        /**
         * What the loop read from the device: read_bytes of /proc/self/io over the loop (page faults of mapped files
         * included); -1 where /proc does not tell. A warm loop reads nothing; a cold one what its stores cost.
         */
        public long readBytes = -1;

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
     * The one visit loop of the JVM trial process: the warm-up's windows, the open runs, the read runs and each worker
     * of a concurrent run visit stores with it. For each store of {@code order}: four back-to-back timer reads, t0 open
     * t1 the query t2 close t3; the query's answer is checked against the workload after t3. Between two stores nothing
     * but the loop: the samples, the check, the progress tick. With {@code yard}, a block of yardsticks right before
     * the first store and right after the last, never between two.
     */
    public VisitSamples visits(Path root, Workload workload, int[] order, Query query, boolean yard,
                               IntConsumer progress) throws Exception {
        return visits(root, workload, order, query, yard, false, progress);
    }

    /**
     * The same; with {@code settle} (a measured run's), the loop starts once the JIT's compiler threads have been
     * idle for {@link JitThreads#IDLE_NS}, {@link #SETTLE_MOST_NS} at most: a compilation on the other core slows
     * the visits beside it (JitThreads).
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
            JitThreads.Wait wait = jit.awaitIdle(SETTLE_MOST_NS);
            s.settleMs = wait.waitedNs() / 1e6;
            s.settled = wait.idle();
        }
        long compiled0 = jit.cpuNs();
        long read0 = deviceReadBytes();
        s.startMs = System.currentTimeMillis();
        long wall0 = System.nanoTime();
        loop(dirs, order, asking, s, progress);
        s.wallNs = System.nanoTime() - wall0;
        long read1 = deviceReadBytes();
        s.readBytes = read0 < 0 || read1 < 0 ? -1 : read1 - read0;
        s.compileMs = (jit.cpuNs() - compiled0) / 1e6; // the JIT's own threads, during the loop only
        if (yard) {
            yardstick.block(s.yard, Yardstick.BLOCK);
        }
        return s;
    }

    /** read_bytes of this process (/proc/self/io), or -1 where there is no such file. */
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
            OpenStore store = engine.open(dir);
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

    /**
     * A query and the check of its answer, split so that the answer is kept in a field between the two (nothing
     * allocated for it in the timed span) and checked after the span. One per loop: a loop's answers are its own.
     */
    private abstract static class Asking {
        abstract void ask(OpenStore store) throws Exception;

        /** Checks the answer of visit {@code k}, to store {@code store} in {@code dir}. */
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
     * Opens all {@code stores}, one count each, and keeps them open while {@code whileOpen} runs; closes them after.
     * {@code beforeOpen} runs first. The process is warmed up before (the memory phase sends the warm-up's visits
     * first), so that the engine's one-off costs (class loading, JIT, code cache, the first query's work) are paid
     * before it and do not land in the memory per open store.
     */
    public void hold(Path root, Workload workload, int[] stores, Runnable beforeOpen, Runnable whileOpen)
            throws Exception {
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

    /** One worker of a concurrent run: its visits (open-query-close), and when it started and ended. */
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
     * T workers at once, one thread each, worker k visiting {@code shares[k]} with the visit loop (open, count, close;
     * the whole span is the worker's figure). All threads wait at a barrier, then spin until the wall
     * clock reaches {@code startAtMs}, so that they start together (and with the other processes of a Node run). The
     * first failure of any worker fails the call.
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
                    ready.await();
                    while (System.currentTimeMillis() < startAtMs) {
                        Thread.onSpinWait();
                    }
                    s.startUs = epochUs0 + (System.nanoTime() - nano0) / 1000;
                    loop(dirs, share, asking, s.visits, visited -> progress.accept(done.incrementAndGet()));
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
        /**
         * cap (bench.capacityMax reached), memory, disk (their safety margins), heap (the managed heap's: see
         * {@link HeapMargin}), or error (a store failed).
         */
        public String stop;
        /** Where a store failed: copy, open, count, or hold (the harness' own step with it open); and the message. */
        public String during;
        public String message;
        public int store = -1;
        /** The process' limits at the stop (ProcResources.limits()). */
        public Map<String, Long> limits;
        public long wallNs;
    }

    /**
     * Creates store 0 of {@code workload} under {@code root} through the engine, then stores 1, 2, ... as copies of
     * its files ({@link StoreCopy}: read right after the engine closed it), and keeps every one open (one count each,
     * checked against W) until {@code max} are open, the machine's available memory falls below {@code marginKb}, the
     * root's free space below {@code diskMarginBytes}, or a store fails to be copied, opened or counted. Each copy is
     * written just before it is opened to be held. Store 0 is first opened, counted and closed {@code warmOpens}
     * times so that the engine's one-off costs land before the first point, not in the slopes.
     */
    public CapacitySamples capacity(Path root, Workload workload, int max, int every, int warmOpens, long marginKb,
                                    long diskMarginBytes, IntConsumer progress) throws Exception {
        CapacitySamples s = new CapacitySamples();
        long expected = workload.notesPerStore();
        List<OpenStore> open = new ArrayList<>();
        // descriptors kept back for the points: a store may fail because none is left, and reading /proc takes one.
        // They are closed while a point is read, so that no point counts them
        Spare spare = new Spare();
        long wall0 = System.nanoTime();
        try {
            create(root, workload, new int[]{0}, done -> { });
            Path first = StoreLayout.storeDir(root, 0);
            StoreCopy template = StoreCopy.of(first);
            for (int k = 0; k < warmOpens; k++) {
                try (OpenStore store = engine.open(first)) {
                    checkCount(0, first, expected, store.count());
                }
            }
            s.points.add(spare.around(() -> point(0)));
            java.nio.file.FileStore disk = Files.getFileStore(root);
            HeapMargin heap = HeapMargin.arm();
            for (int i = 0; i < max; i++) {
                if (i % 10 == 0 && ProcResources.memAvailableKb() < marginKb) {
                    s.stop = "memory";
                    break;
                }
                if (heap.reached()) {
                    s.stop = "heap";
                    break;
                }
                if (i % 100 == 0 && disk.getUsableSpace() < diskMarginBytes) {
                    s.stop = "disk";
                    break;
                }
                Path dir = StoreLayout.storeDir(root, i);
                String during = "copy";
                OpenStore store = null;
                try {
                    if (i > 0) {
                        template.writeTo(dir);
                    }
                    during = "open";
                    store = engine.open(dir);
                    during = "count";
                    long n = store.count();
                    if (n != expected) {
                        throw new CountMismatch(engineId, i, dir, expected, n);
                    }
                    open.add(store);
                    store = null; // held: closed with the others
                    during = "hold";
                    final int opened = open.size();
                    progress.accept(opened);
                    if (opened % every == 0 && opened < max) {
                        s.points.add(spare.around(() -> point(opened)));
                    }
                } catch (Throwable t) { // an engine may fail with an Error too: OutOfMemoryError, a native crash's
                    // (the harness too, while it holds them: a full heap fails wherever the next allocation is)
                    if (store != null) {
                        closeQuietly(store, true);
                    }
                    s.stop = "error";
                    s.during = during;
                    s.store = i;
                    s.message = describe(t);
                    break;
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
                System.err.println("capacity: the point at the stop could not be read: " + t);
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
            open.clear(); // a store that failed to close is garbage too: the answer still has to be written
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

    /**
     * The descriptors a capacity loop keeps back; released for good before its last point. Eight: with one, after a
     * copy failed at RLIMIT_NOFILE the last point found no descriptor free in 3 of 4 runs (CapacityNofileTest), and
     * with two it still failed once in CI on 2026-12-03: something in the JVM takes some of those released first.
     * Reading /proc needs one more. Eight are 3% of a lowered limit of 256, and the point counts none of them.
     */
    private static final class Spare implements AutoCloseable {
        private static final int KEPT = 8;
        private final java.io.InputStream[] held = new java.io.InputStream[KEPT];

        Spare() throws java.io.IOException {
            open();
        }

        private void open() throws java.io.IOException {
            for (int k = 0; k < KEPT; k++) {
                held[k] = Files.newInputStream(Path.of("/dev/null"));
            }
        }

        <T> T around(java.util.concurrent.Callable<T> read) throws Exception {
            close();
            try {
                return read.call();
            } finally {
                open();
            }
        }

        @Override
        public void close() throws java.io.IOException {
            for (int k = 0; k < KEPT; k++) {
                if (held[k] != null) {
                    held[k].close();
                    held[k] = null;
                }
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

    /**
     * The managed heap's margin in a capacity loop: the loop stops once a full collection has left more than
     * {@link #SHARE} of the old generation live (its collection usage threshold, the JDK's own low-memory detection),
     * rather than at the OutOfMemoryError. H2 fills the heap with every store it holds, and the error may strike any of
     * its background threads: on 2026-12-03 it struck H2's serialization thread during a class's initialisation, and
     * the process exited without answering, where on other days the loop caught it at an open. The figure moves by at
     * most the margin: the stores held when the live heap passed it, not those held when it ran out.
     */
    static final class HeapMargin {
        /** The share of the old generation a full collection may leave live before the loop stops. */
        static final double SHARE = 0.95;
        private final MemoryPoolMXBean pool;

        private HeapMargin(MemoryPoolMXBean pool) {
            this.pool = pool;
        }

        /** Armed on the heap's tenured pool (the trial JVM runs the serial collector); none where there is none. */
        static HeapMargin arm() {
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()
                        && p.getUsage().getMax() > 0 && p.getName().contains("Tenured")) {
                    p.setCollectionUsageThreshold((long) (SHARE * p.getUsage().getMax()));
                    return new HeapMargin(p);
                }
            }
            return new HeapMargin(null);
        }

        boolean reached() {
            return pool != null && pool.isCollectionUsageThresholdExceeded();
        }
    }
}
