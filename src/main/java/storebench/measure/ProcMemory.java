package storebench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A memory snapshot of the calling process from /proc (docs/protocol.md, "memory snapshot"): Rss and Anonymous
 * from smaps_rollup, RssAnon/RssFile/RssShmem from status, and the heap in use after a full collection.
 */
public final class ProcMemory {
    private ProcMemory() {
    }

    /** Collects garbage, then reads /proc/self. Call it outside any timed region. */
    public static Map<String, Long> snapshot() throws IOException {
        long heapUsed = heapUsedAfterGc();
        Map<String, Long> m = new LinkedHashMap<>();
        List<String> rollup = Files.readAllLines(Path.of("/proc/self/smaps_rollup"));
        List<String> status = Files.readAllLines(Path.of("/proc/self/status"));
        m.put("rssKb", kb(rollup, "Rss:"));
        m.put("anonKb", kb(rollup, "Anonymous:"));
        m.put("rssAnonKb", kb(status, "RssAnon:"));
        m.put("rssFileKb", kb(status, "RssFile:"));
        m.put("rssShmemKb", kb(status, "RssShmem:"));
        m.put("heapUsedBytes", heapUsed);
        return m;
    }

    /** The value in kB of the line starting with {@code key} ("Rss:        1234 kB"). */
    public static long kb(List<String> lines, String key) {
        for (String line : lines) {
            if (line.startsWith(key)) {
                String[] parts = line.substring(key.length()).trim().split("\\s+");
                return Long.parseLong(parts[0]);
            }
        }
        throw new IllegalStateException("no '" + key + "' line in /proc (kernel too old for smaps_rollup?)");
    }

    private static long heapUsedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        // Repeat until the figure settles: one System.gc() may leave finalizable or soft garbage behind.
        for (int i = 0; i < 5; i++) {
            System.gc();
            long now = rt.totalMemory() - rt.freeMemory();
            if (now >= used) {
                return now;
            }
            used = now;
        }
        return used;
    }
}
