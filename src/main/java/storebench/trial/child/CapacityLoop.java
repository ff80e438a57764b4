package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engine.OpenStore;
import storebench.measure.ProcResources;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.CapacityRequest;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The capacity phase's loop in a JVM trial process (docs/protocol.md "capacity"; the Node worker's is in
 * src/main/node/lib/ops/capacity.js): it measures holding stores open, so its stores are copies of one the engine made,
 * and it stops at the first limit it meets, naming it.
 */
public final class CapacityLoop {
    private final PhaseLoops loops;
    private final Engine engine;
    private final Path root;
    private final CapacityRequest asked;
    private final IntConsumer progress;
    private final long expected;
    private final CapacitySamples samples = new CapacitySamples();
    private final List<OpenStore> open = new ArrayList<>();
    // descriptors kept back for the points: a store may fail because none is left, and reading /proc takes one.
    // They are closed while a point is read, so that no point counts them
    private Spare spare;
    private long wall0;

    CapacityLoop(PhaseLoops loops, Engine engine, Path root, Workload workload, CapacityRequest asked,
                 IntConsumer progress) {
        this.loops = loops;
        this.engine = engine;
        this.root = root;
        this.asked = asked;
        this.progress = progress;
        this.expected = workload.notesPerStore();
    }

    public static final class CapacitySamples {
        /** Every {@code every} stores open (and at 0 and at the stop): ProcResources.point(stores). */
        public final List<ProcResources.Point> points = new ArrayList<>();
        public int opened;
        /** cap, memory, disk, heap ({@link HeapMargin}) or error (a store failed). */
        public String stop;
        /** Where a store failed: copy, open, count, or hold (the harness' own step with it open). */
        public String during;
        public String message;
        public int store = -1;
        public ProcResources.Limits limits;
        public long wallNs;
    }

    /**
     * Creates store 0 through the engine, then holds copies of its files open (one count each) until a limit or a
     * failure. Store 0 is first opened {@code warmOpens} times so the engine's one-off costs land before the first
     * point, not in the slopes.
     */
    CapacitySamples run(Workload workload) throws Exception {
        spare = new Spare();
        wall0 = System.nanoTime();
        try {
            StoreCopy template = createAndWarm(workload);
            samples.points.add(spare.around(() -> ProcResources.point(0)));
            java.nio.file.FileStore disk = Files.getFileStore(root);
            HeapMargin heap = HeapMargin.arm();
            for (int i = 0; i < asked.max() && samples.stop == null; i++) {
                int at = i;
                // a read of /proc/meminfo or the disk's free space takes a descriptor: at the descriptor limit only the
                // spare ones are left, so they are given back around it as around a point's readings
                samples.stop = at % 10 == 0 ? spare.around(() -> reached(at, disk, heap)) : reached(at, disk, heap);
                if (samples.stop == null) {
                    hold(i, template);
                }
            }
            return finish();
        } finally {
            release();
        }
    }

    private StoreCopy createAndWarm(Workload workload) throws Exception {
        loops.create(root, workload, new int[]{0}, done -> { });
        Path first = StoreLayout.storeDir(root, 0);
        StoreCopy template = StoreCopy.of(first);
        for (int k = 0; k < asked.warmOpens(); k++) {
            try (OpenStore store = engine.openForReading(first)) {
                loops.checkCount(0, first, expected, store.count());
            }
        }
        return template;
    }

    /** The limit reached before store {@code i} is held, or null. */
    private String reached(int i, java.nio.file.FileStore disk, HeapMargin heap) throws java.io.IOException {
        if (i % 10 == 0 && ProcResources.memAvailableKb() < asked.memoryMarginKb()) {
            return "memory";
        }
        if (heap.reached()) {
            return "heap";
        }
        if (i % 100 == 0 && disk.getUsableSpace() < asked.diskMarginBytes()) {
            return "disk";
        }
        return null;
    }

    /** Copies, opens, counts and keeps store {@code i} open; where a step fails, the samples say which. */
    private void hold(int i, StoreCopy template) {
        Path dir = StoreLayout.storeDir(root, i);
        String during = "copy";
        OpenStore store = null;
        try {
            if (i > 0) {
                template.writeTo(dir);
            }
            during = "open";
            store = engine.openForReading(dir);
            during = "count";
            loops.checkCount(i, dir, expected, store.count());
            open.add(store);
            store = null; // held: closed with the others
            during = "hold";
            final int opened = open.size();
            progress.accept(opened);
            if (opened % asked.every() == 0 && opened < asked.max()) {
                samples.points.add(spare.around(() -> ProcResources.point(opened)));
            }
        } catch (Throwable t) { // an engine may fail with an Error too: OutOfMemoryError, a native crash's
            // (the harness too, while it holds them: a full heap fails wherever the next allocation is)
            if (store != null) {
                closeQuietly(store, true);
            }
            samples.stop = "error";
            samples.during = during;
            samples.store = i;
            samples.message = describe(t);
        }
    }

    private CapacitySamples finish() throws java.io.IOException {
        if (samples.stop == null) {
            samples.stop = "cap";
        }
        samples.opened = open.size();
        samples.wallNs = System.nanoTime() - wall0;
        spare.close();
        try {
            if (samples.points.get(samples.points.size() - 1).stores() != samples.opened) {
                samples.points.add(ProcResources.point(samples.opened));
            }
        } catch (Throwable t) {
            // a process out of memory may not manage one more reading: the curve ends at its last point
            System.err.println("capacity: the point at the stop could not be read: " + t);
        }
        samples.limits = ProcResources.limits();
        return samples;
    }

    /** Closes every store held (once the answer is made, or after a failure the loop did not catch). */
    private void release() throws java.io.IOException {
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
     * The descriptors a capacity loop keeps back for its last point. Eight: with one or two, after a copy failed at
     * RLIMIT_NOFILE the JVM took those released first and the point found none (CapacityNofileTest).
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

    /**
     * The loop stops once a full collection has left more than {@link #SHARE} of the old generation live (its
     * collection usage threshold), not at the OutOfMemoryError: that may strike any of H2's background threads, and the
     * process then exits without answering.
     */
    record HeapMargin(MemoryPoolMXBean pool) {
        static final double SHARE = 0.95;

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
