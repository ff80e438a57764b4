package storebench.phase;

import storebench.trial.answer.CapacityAnswer;

import java.util.Locale;
import java.util.Map;

/**
 * The limit a capacity loop reached, named by comparing how it stopped (the engine's message, the process' last point)
 * with the limits the process ran under at that moment. A name is given only where the evidence says so; otherwise
 * the limit is "unidentified" and the engine's message stands alone.
 */
public final class CapacityLimit {
    public static final String CAP = "bench.capacityMax (the cap, not a limit: at least this many)";
    public static final String MEMORY_MARGIN = "memory margin (the machine's available memory fell below"
            + " bench.capacityMarginMb)";
    public static final String NOFILE = "RLIMIT_NOFILE (open file descriptors, soft limit)";
    public static final String MAP_COUNT = "vm.max_map_count (memory maps per process)";
    public static final String ADDRESS_SPACE = "RLIMIT_AS (address space)";
    public static final String OBJECTBOX_MAX_SIZE = "address space (ObjectBox maps its maximum database size per store)";
    public static final String PTHREAD_KEYS = "PTHREAD_KEYS_MAX (1,024 thread-specific data keys per process; an"
            + " LMDB-style environment takes one)";
    public static final String THREADS = "threads (the least of kernel.threads-max, kernel.pid_max, RLIMIT_NPROC)";
    public static final String JAVA_HEAP = "managed heap (the trial JVM's -Xmx; Node's heap limit)";
    public static final String MEMORY = "memory (an allocation failed)";
    public static final String UNIDENTIFIED = "unidentified (see the engine's message)";

    /** How a capacity loop stopped: cap, memory, heap or error, the message, and what the process used at the end. */
    public record Stop(String kind, String message, long storesOpen, Usage usage) {
        static Stop of(CapacityAnswer answer) {
            Usage usage = answer.last().map(p -> new Usage((long) p.resources().fds(), (long) p.resources().maps(),
                    (long) p.memory().vszKb(), (long) p.resources().threads(), (long) p.memory().heapUsedBytes()))
                    .orElse(new Usage(0, 0, 0, 0, 0));
            return new Stop(answer.stop(), answer.failure().message(), answer.opened(), usage);
        }
    }

    /** What the process used at the stop, each against its limit in {@link Limits}. */
    public record Usage(long fds, long maps, long vszKb, long threads, long heapUsedBytes) {
    }

    /** The process' limits at the stop (ProcResources.limits, or the worker's): -1 = unlimited. */
    public record Limits(long nofileSoft, long maxMapCount, long asSoftKb, long threads, long heapMaxBytes) {
        static Limits of(Map<String, Long> m) {
            long threads = java.util.stream.Stream.of("threadsMax", "pidMax", "nprocSoft")
                    .mapToLong(key -> m.getOrDefault(key, -1L)).filter(v -> v > 0).min().orElse(Long.MAX_VALUE);
            return new Limits(m.getOrDefault("nofileSoft", -1L), m.getOrDefault("maxMapCount", -1L),
                    m.getOrDefault("asSoftKb", -1L), threads, m.getOrDefault("heapMaxBytes", -1L));
        }
    }

    private CapacityLimit() {
    }

    /**
     * The limits the process was within 10% of at the stop, whatever stopped it ("threads: 32,394 of 32,768"): DuckDB
     * stopped at the memory margin with its threads and maps both at 99% of theirs.
     */
    public static java.util.List<String> near(Stop stop, Limits limits) {
        java.util.List<String> near = new java.util.ArrayList<>();
        Usage used = stop.usage();
        nearOne(near, "RLIMIT_NOFILE", used.fds(), limits.nofileSoft());
        nearOne(near, "vm.max_map_count", used.maps(), limits.maxMapCount());
        nearOne(near, "threads", used.threads(), limits.threads() == Long.MAX_VALUE ? -1 : limits.threads());
        nearOne(near, "RLIMIT_AS (KB)", used.vszKb(), limits.asSoftKb());
        nearOne(near, "managed heap (bytes)", used.heapUsedBytes(), limits.heapMaxBytes());
        return near;
    }

    private static void nearOne(java.util.List<String> near, String name, long value, long limit) {
        if (limit > 0 && value >= 0.9 * limit) {
            near.add(String.format(Locale.US, "%s: %,d of %,d", name, value, limit));
        }
    }

    public static String identify(String engine, Stop stop, Limits limits) {
        String named = Map.of("cap", CAP, "memory", MEMORY_MARGIN, "heap", JAVA_HEAP).get(stop.kind());
        if (named != null) {
            return named;
        }
        String m = stop.message() == null ? "" : stop.message().toLowerCase(Locale.ROOT);
        Usage used = stop.usage();
        boolean emfile = m.contains("too many open files") || m.contains("emfile") || m.contains("(24)");
        boolean enomem = m.contains("cannot allocate memory") || m.contains("enomem") || m.contains("(12)")
                || m.contains("out of memory");
        boolean eagain = m.contains("resource temporarily unavailable") || m.contains("eagain") || m.contains("(11)");
        // a descriptor the failing open would have taken, and the few a store opens at once (ObjectBox: 3)
        if (emfile || limits.nofileSoft() > 0 && used.fds() + 8 >= limits.nofileSoft()) {
            return NOFILE;
        }
        // H2 with its heap full answered a count of 0 for a store it had just filled, no error: the heap is the
        // limit when it is nearly full, whatever the message says
        if (m.contains("java heap space") || m.contains("gc overhead limit") || m.contains("heap out of memory")
                || limits.heapMaxBytes() > 0 && used.heapUsedBytes() >= 0.9 * limits.heapMaxBytes()) {
            return JAVA_HEAP;
        }
        if (m.contains("unable to create native thread") || m.contains("pthread_create")
                || (eagain || enomem) && used.threads() >= 0.8 * limits.threads()) {
            return THREADS;
        }
        if (enomem && limits.maxMapCount() > 0 && used.maps() + 64 >= limits.maxMapCount()) {
            return MAP_COUNT;
        }
        if (enomem && limits.asSoftKb() > 0 && used.vszKb() >= 0.9 * limits.asSoftKb()) {
            return ADDRESS_SPACE;
        }
        // 128 TiB of user address space, each store reserving its maximum size (1 GiB by default)
        if (enomem && engine.startsWith("objectbox") && used.vszKb() >= 64L << 30) {
            return OBJECTBOX_MAX_SIZE;
        }
        // glibc's PTHREAD_KEYS_MAX is 1,024 and the runtime takes a few: an environment per store that each create a
        // key fails with EAGAIN at about 1,020 stores, with no system call failing (strace shows none)
        if (eagain && stop.storesOpen() >= 900 && stop.storesOpen() <= 1024) {
            return PTHREAD_KEYS;
        }
        if (enomem || m.contains("outofmemoryerror")) {
            return MEMORY;
        }
        return UNIDENTIFIED;
    }
}
