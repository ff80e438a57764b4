package storebench.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A memory snapshot of the calling process (docs/protocol.md, "memory snapshot"). */
public final class ProcMemory {
    private ProcMemory() {
    }

    /** A snapshot as the protocol carries it: resident, anonymous, file and shared memory (kB), the live heap (bytes). */
    public record Snapshot(long rssKb, long anonKb, long rssAnonKb, long rssFileKb, long rssShmemKb,
                           long heapUsedBytes) {
    }

    /** A snapshot taken once memory settled: the time it waited and 1 where it settled (0: the ceiling ended it). */
    public record Settled(@JsonUnwrapped Snapshot memory, long settleMs, long settled) {
    }

    /** Collects garbage, then reads /proc/self. Call it outside any timed region. */
    public static Snapshot snapshot() throws IOException {
        long heapUsed = heapUsedAfterGc();
        List<String> rollup = Files.readAllLines(Path.of("/proc/self/smaps_rollup"));
        List<String> status = Files.readAllLines(Path.of("/proc/self/status"));
        return new Snapshot(kb(rollup, "Rss:"), kb(rollup, "Anonymous:"), kb(status, "RssAnon:"),
                kb(status, "RssFile:"), kb(status, "RssShmem:"), heapUsed);
    }

    /** The value in kB of the line starting with {@code key} ("Rss:        1234 kB"). */
    public static long kb(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                .map(l -> Long.parseLong(l.substring(key.length()).trim().split("\\s+")[0]))
                .orElseThrow(() -> new IllegalStateException("no '" + key + "' line in /proc (kernel too old for"
                        + " smaps_rollup?)"));
    }

    /**
     * The heap the last full collection left live: the heap pools' usage at that collection, not total minus free,
     * which counts other threads' allocation since (H2's writers: 0.4-3.6 MB per store). Repeated until it settles: one
     * System.gc() may leave finalizable or soft garbage.
     */
    private static long heapUsedAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            long now = liveAfterLastCollection();
            if (now >= used) {
                return now;
            }
            used = now;
        }
        return used;
    }

    private static long liveAfterLastCollection() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage atCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (atCollection != null) {
                sum += atCollection.getUsed();
            }
        }
        if (sum > 0) {
            return sum;
        }
        Runtime rt = Runtime.getRuntime(); // a collector whose pools do not report it
        return rt.totalMemory() - rt.freeMemory();
    }

    /**
     * A snapshot once two, {@link #SETTLE_STEP_MS} apart, agree within {@link #SETTLE_SHARE} (at most {@link
     * #SETTLE_MAX_MS}): new stores may still allocate in their threads (H2's writer takes 1 MiB within a second).
     */
    public static Settled settledSnapshot() throws IOException {
        long start = System.nanoTime();
        Snapshot last = snapshot();
        boolean settled = false;
        while (!settled && (System.nanoTime() - start) / 1_000_000 < SETTLE_MAX_MS) {
            try {
                Thread.sleep(SETTLE_STEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while memory settled", e);
            }
            Snapshot now = snapshot();
            settled = agree(last.rssKb(), now.rssKb()) && agree(last.heapUsedBytes(), now.heapUsedBytes());
            last = now;
        }
        return new Settled(last, (System.nanoTime() - start) / 1_000_000, settled ? 1L : 0L);
    }

    static final long SETTLE_STEP_MS = 500;
    static final long SETTLE_MAX_MS = 10_000;
    static final double SETTLE_SHARE = 0.01;

    private static boolean agree(long x, long y) {
        return Math.abs(x - y) <= SETTLE_SHARE * Math.max(x, y);
    }
}
