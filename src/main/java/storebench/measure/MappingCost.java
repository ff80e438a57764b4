package storebench.measure;

import storebench.results.EnvironmentFile;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

/**
 * What memory mapping costs here, for the engines that map their store on every open (LMDB, ObjectBox): a cached
 * store-sized file mapped as LMDB does (1 GiB, read-only, MAP_SHARED, past its end), its 100 pages touched, unmapped;
 * and one minor fault. Through libc (JNA): FileChannel.map cannot map past a read-only file's size.
 */
public final class MappingCost {
    static final int PAGES = 100;
    static final long MAP_BYTES = 1L << 30;
    static final int MAPS = 100;
    static final int ANON_PAGES = 256;
    static final int ANON_ROUNDS = 8;
    private static final int WARMUP_ROUNDS = 20;
    private static final int PROT_WRITE = 2;
    private static final int MAP_PRIVATE = 2;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final int MADV_NOHUGEPAGE = 15;
    private static final Path THREAD_STAT = Path.of("/proc/thread-self/stat");
    /** Keeps the touched bytes alive, so that the JIT cannot drop the reads. */
    private static volatile long sink;

    private MappingCost() {
    }

    /**
     * What mapping a store-sized file costs, and what one minor page fault costs, as environment.json's mapping: measured
     * under {@code dir} (the bench root); the scratch file is the bench's own and is always deleted.
     */
    public static EnvironmentFile.Mapping measure(Path dir) throws IOException {
        PageCache.LibC c = PageCache.libc();
        long page = PageCache.pageSize();
        Path scratch = dir.resolve(".storebench-mmap-" + ProcessHandle.current().pid() + ".tmp");
        try {
            write(scratch, PAGES * page);
            int fd = c.open(scratch.toString(), PageCache.O_RDONLY);
            if (fd < 0) {
                throw new IOException("open(" + scratch + ") failed: errno " + Native.getLastError());
            }
            Spans file;
            try {
                file = mapTouchUnmap(c, fd, page);
            } finally {
                c.close(fd);
            }
            EnvironmentFile.MinorFault fault = minorFaults(c, page);
            long[] total = java.util.stream.IntStream.range(0, MAPS)
                    .mapToLong(k -> file.map[k] + file.touch[k] + file.unmap[k]).sorted().toArray();
            return new EnvironmentFile.Mapping(new EnvironmentFile.MappedFile("mmap of a " + PAGES + "-page file on"
                    + " the bench root with a 1 GiB length (PROT_READ, MAP_SHARED, as LMDB maps), one byte read of each"
                    + " page, munmap; the file in the page cache", PAGES * page, MAP_BYTES, PAGES, MAPS,
                    file.faults / (double) MAPS, new EnvironmentFile.MapTimes(total[MAPS / 2] / 1e3,
                    total[p99Index(MAPS)] / 1e3, median(file.map) / 1e3, median(file.touch) / 1e3,
                    median(file.unmap) / 1e3)), fault, null);
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    private static void write(Path scratch, long bytes) throws IOException {
        byte[] content = new byte[(int) bytes];
        new Random(7).nextBytes(content);
        Files.write(scratch, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    /** Per map: the map's, the touch's and the unmap's nanoseconds; and the page faults of all the touches. */
    private record Spans(long[] map, long[] touch, long[] unmap, long faults) {
    }

    private static Spans mapTouchUnmap(PageCache.LibC c, int fd, long page) throws IOException {
        Spans ns = new Spans(new long[MAPS], new long[MAPS], new long[MAPS], 0);
        long faultsAll = 0;
        for (int k = -WARMUP_ROUNDS; k < MAPS; k++) {
            long t0 = System.nanoTime();
            Pointer map = c.mmap(null, MAP_BYTES, PageCache.PROT_READ, PageCache.MAP_SHARED, fd, 0);
            long t1 = System.nanoTime();
            if (map == null || Pointer.nativeValue(map) == -1L) {
                throw new IOException("mmap of " + MAP_BYTES + " bytes failed: errno " + Native.getLastError());
            }
            ByteBuffer bytes = map.getByteBuffer(0, PAGES * page);
            long faults = minorFaults();
            long t2 = System.nanoTime();
            long sum = 0;
            for (int p = 0; p < PAGES; p++) {
                sum += bytes.get((int) (p * page));
            }
            long t3 = System.nanoTime();
            long touched = minorFaults() - faults;
            long t4 = System.nanoTime();
            c.munmap(map, MAP_BYTES);
            long t5 = System.nanoTime();
            sink += sum;
            if (k >= 0) {
                ns.map[k] = t1 - t0;
                ns.touch[k] = t3 - t2;
                ns.unmap[k] = t5 - t4;
                faultsAll += touched;
            }
        }
        return new Spans(ns.map, ns.touch, ns.unmap, faultsAll);
    }

    /** A minor fault's median and p99 (ns), and faults per touched page, from fresh anonymous mappings. */
    private static EnvironmentFile.MinorFault minorFaults(PageCache.LibC c, long page) throws IOException {
        long bytes = ANON_PAGES * page;
        long[] ns = new long[ANON_PAGES * ANON_ROUNDS];
        long faults = 0;
        for (int round = -WARMUP_ROUNDS / 10; round < ANON_ROUNDS; round++) {
            Pointer map = c.mmap(null, bytes, PageCache.PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (map == null || Pointer.nativeValue(map) == -1L) {
                throw new IOException("anonymous mmap of " + bytes + " bytes failed: errno " + Native.getLastError());
            }
            try {
                c.madvise(map, bytes, MADV_NOHUGEPAGE); // one fault per page, whatever the machine's THP mode
                ByteBuffer b = map.getByteBuffer(0, bytes);
                long before = minorFaults();
                for (int p = 0; p < ANON_PAGES; p++) {
                    long t0 = System.nanoTime();
                    b.put((int) (p * page), (byte) 1);
                    long t1 = System.nanoTime();
                    if (round >= 0) {
                        ns[round * ANON_PAGES + p] = t1 - t0;
                    }
                }
                if (round >= 0) {
                    faults += minorFaults() - before;
                }
            } finally {
                c.munmap(map, bytes);
            }
        }
        Arrays.sort(ns);
        return new EnvironmentFile.MinorFault("one byte written to each page of a fresh anonymous mapping"
                + " (MADV_NOHUGEPAGE), each write timed alone (one System.nanoTime pair included)", ns[ns.length / 2],
                ns[p99Index(ns.length)], ns.length, faults / (double) ns.length);
    }

    /** The calling thread's minor faults so far (/proc/thread-self/stat, field 10). */
    static long minorFaults() throws IOException {
        return VisitCounters.stat(Files.readString(THREAD_STAT))[0];
    }

    private static double median(long[] ns) {
        return Arrays.stream(ns).sorted().toArray()[ns.length / 2];
    }

    private static int p99Index(int n) {
        return (int) Math.ceil(0.99 * n) - 1;
    }
}
