package storebench.engine;

import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.cache.CacheLongKeyLIRS;
import storebench.model.Setting;
import storebench.measure.ProcMemory;
import storebench.model.Workload;

import javax.management.ObjectName;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an open H2 store holds on the Java heap, at several counts of stores held open (docs/engines.md, "H2: the heap
 * an open store holds"). Not a test (no *Test name: the unit-test run never starts it); run by hand:
 * <pre>
 * mvn -B -ntp -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xms3g -Xmx3g -XX:+UseSerialGC -cp target/classes:target/test-classes:$(cat target/cp.txt) \
 *     storebench.engine.H2HeapProbe target/h2-heap-probe 300
 * </pre>
 * One M per JVM reads like the memory phase's fresh process; several (50,100,...) run one after the other. Stores of
 * the large workload are created through {@link H2Engine} (kept in the folder for the next run). For each M: open M
 * stores and count each, as the memory phase does; at 0, 1, 3 and 10 s after the last open, the used heap's growth
 * per store as the trial reads it and as the heap pools held it at the collection, the bytes H2's page caches (one
 * per database) say they hold, the write buffers the stores keep pooled, and at 0 and 10 s the classes that grew;
 * then all closed.
 */
public final class H2HeapProbe {
    private static final Workload WORKLOAD = Workload.LARGE;

    private H2HeapProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : "target/h2-heap-probe").toAbsolutePath(); // H2 wants absolute
        int[] counts = Arrays.stream((args.length > 1 ? args[1] : "50,100,200,300,500,1000").split(","))
                .mapToInt(s -> Integer.parseInt(s.trim())).sorted().toArray();
        H2Engine engine = new H2Engine(Setting.DEFAULT);
        int n = counts[counts.length - 1];
        create(engine, root, n);
        for (int k = 0; k < 300; k++) { // warm the engine (the memory phase's warm-up opens)
            try (Engine.OpenStore s = engine.open(dir(root, k % 10))) {
                s.count();
            }
        }
        System.out.printf(Locale.ROOT, "java %s, max heap %d MB, %s%n", System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20,
                ManagementFactory.getGarbageCollectorMXBeans().get(0).getName());
        System.out.println("M | seconds after the last open | heap per store KB (Runtime) | (at the collection)"
                + " | page cache per store KB | write buffers pooled per store | their KB per store");
        for (int m : counts) {
            Map<String, long[]> histoBefore = histogram();
            long before = usedHeapAfterGc();
            long beforeAtGc = usedAtLastCollection();
            List<Engine.OpenStore> open = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                Engine.OpenStore s = engine.open(dir(root, i));
                if (s.count() != WORKLOAD.notesPerStore()) {
                    throw new IllegalStateException("store " + i + " counts " + s.count());
                }
                open.add(s);
            }
            long opened = System.nanoTime();
            for (int wait : new int[] {0, 1, 3, 10}) {
                Thread.sleep(Math.max(0, wait * 1000L - (System.nanoTime() - opened) / 1_000_000));
                double seconds = (System.nanoTime() - opened) / 1e9;
                long used = usedHeapAfterGc();
                long atGc = usedAtLastCollection();
                long[] held = held(open);
                System.out.printf(Locale.ROOT, "%d | %.1f | %.1f | %.1f | %.1f | %.2f | %.1f%n", m, seconds,
                        (used - before) / 1024.0 / m, (atGc - beforeAtGc) / 1024.0 / m, held[0] / 1024.0 / m,
                        held[1] / (double) m, held[2] / 1024.0 / m);
                if (wait == 0 || wait == 10) {
                    printGrowth(histoBefore, histogram(), m);
                }
            }
            for (Engine.OpenStore s : open) {
                s.close();
            }
            Thread.sleep(2_000); // the closed databases' threads end before the next M's "before"
        }
    }

    private static Path dir(Path root, int i) {
        return root.resolve(String.format(Locale.ROOT, "%05d", i));
    }

    private static void create(H2Engine engine, Path root, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            Path dir = dir(root, i);
            if (Files.exists(dir.resolve(H2Engine.NAME + ".mv.db"))) {
                continue;
            }
            Files.createDirectories(dir);
            Note[] notes = new Note[WORKLOAD.notesPerStore()];
            for (int j = 0; j < notes.length; j++) {
                notes[j] = new Note(WORKLOAD.text(i, j), Workload.ts(j));
            }
            try (Engine.OpenStore s = engine.create(dir)) {
                s.putAll(notes);
            }
        }
    }

    /** What the open stores' MVStores hold: page-cache bytes (H2's estimate), pooled write buffers and their bytes. */
    private static long[] held(List<Engine.OpenStore> open) throws ReflectiveOperationException {
        long[] held = new long[3];
        Field cacheField = FileStore.class.getDeclaredField("cache");
        Field poolField = FileStore.class.getDeclaredField("writeBufferPool");
        cacheField.setAccessible(true);
        poolField.setAccessible(true);
        for (Engine.OpenStore s : open) {
            FileStore<?> fileStore = mvStore(s).getFileStore();
            held[0] += ((CacheLongKeyLIRS<?>) cacheField.get(fileStore)).getUsedMemory();
            for (Object buffer : (Collection<?>) poolField.get(fileStore)) {
                held[1]++;
                held[2] += ((WriteBuffer) buffer).capacity();
            }
        }
        return held;
    }

    private static MVStore mvStore(Engine.OpenStore s) throws ReflectiveOperationException {
        Field connection = s.getClass().getDeclaredField("connection");
        connection.setAccessible(true);
        SessionLocal session = (SessionLocal) ((JdbcConnection) connection.get(s)).getSession();
        return session.getDatabase().getStore().getMvStore();
    }

    /** The used heap as the trial process reads it (Runtime's total minus free after full collections). */
    private static long usedHeapAfterGc() throws IOException {
        return ProcMemory.snapshot().heapUsedBytes();
    }

    /**
     * The heap in use right after the last collection, summed over the pools: unlike Runtime's figure, it does not
     * count the allocation buffers (TLABs) other threads (H2's, one per open database) took since.
     */
    private static long usedAtLastCollection() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = pool.getCollectionUsage();
            if (pool.getType() == MemoryType.HEAP && u != null) {
                used += u.getUsed();
            }
        }
        return used;
    }

    /** The live objects by class (a full collection first): instances and bytes. */
    private static Map<String, long[]> histogram() throws Exception {
        String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        Map<String, long[]> byClass = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].endsWith(":")) {
                byClass.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return byClass;
    }

    private static void printGrowth(Map<String, long[]> before, Map<String, long[]> after, int m) {
        List<Map.Entry<String, long[]>> grown = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            long[] b = before.getOrDefault(e.getKey(), new long[2]);
            long[] d = {e.getValue()[0] - b[0], e.getValue()[1] - b[1]};
            total += d[1];
            grown.add(Map.entry(e.getKey(), d));
        }
        grown.sort((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]));
        System.out.printf(Locale.ROOT, "  classes, growth per store (all: %.1f KB):", total / 1024.0 / m);
        for (Map.Entry<String, long[]> e : grown.subList(0, Math.min(8, grown.size()))) {
            System.out.printf(Locale.ROOT, " %s %.1f KB (%.1f);", e.getKey(), e.getValue()[1] / 1024.0 / m,
                    e.getValue()[0] / (double) m);
        }
        System.out.println();
    }
}
