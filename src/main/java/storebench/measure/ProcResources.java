package storebench.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the calling process holds and its limits, from /proc (docs/protocol.md), as the Node worker reads them too. */
public final class ProcResources {
    /** "unlimited" in /proc/self/limits. */
    public static final long UNLIMITED = -1;
    /** The variable that names another file for {@link #MEMINFO}. */
    public static final String MEMINFO_VARIABLE = "STOREBENCH_MEMINFO";
    /** /proc/meminfo, or the file {@value #MEMINFO_VARIABLE} names for a test that must not race MemAvailable. */
    static final Path MEMINFO = Path.of(System.getenv().getOrDefault(MEMINFO_VARIABLE, "/proc/meminfo"));

    private ProcResources() {
    }

    /** One capacity point: stores open, memory (heap after a full collection), virtual size, fds, maps and threads. */
    public record Point(long stores, @JsonUnwrapped ProcMemory.Snapshot memory, long vszKb, long fds, long maps,
                        long threads) {
    }

    /** The process' limits: NOFILE (soft, hard), AS and NPROC (soft), the kernel's, memory and -Xmx; -1 = unlimited. */
    public record Limits(long nofileSoft, long nofileHard, long asSoftKb, long nprocSoft, @JsonUnwrapped Kernel kernel,
                         @JsonUnwrapped Memory memory) {
        /** vm.max_map_count, vm.overcommit_memory, kernel.threads-max and kernel.pid_max. */
        public record Kernel(long maxMapCount, long overcommit, long threadsMax, long pidMax) {
        }

        /** MemTotal and MemAvailable (kB), and the managed heap's own limit (bytes). */
        public record Memory(long memTotalKb, long memAvailableKb, long heapMaxBytes) {
        }
    }

    /** A point of the capacity curve with {@code stores} open, outside any timed region. */
    public static Point point(long stores) throws IOException {
        ProcMemory.Snapshot memory = ProcMemory.snapshot();
        List<String> status = Files.readAllLines(Path.of("/proc/self/status"));
        return new Point(stores, memory, ProcMemory.kb(status, "VmSize:"), entries(Path.of("/proc/self/fd")),
                lines(Path.of("/proc/self/maps")), ProcMemory.kb(status, "Threads:"));
    }

    /** The limits after the runtime raised its soft NOFILE limit at start (the JVM and Node both do). */
    public static Limits limits() throws IOException {
        List<String> limits = Files.readAllLines(Path.of("/proc/self/limits"));
        long[] nofile = limit(limits, "Max open files");
        long as = limit(limits, "Max address space")[0];
        List<String> meminfo = Files.readAllLines(MEMINFO);
        return new Limits(nofile[0], nofile[1], as == UNLIMITED ? UNLIMITED : as / 1024,
                limit(limits, "Max processes")[0], new Limits.Kernel(number(Path.of("/proc/sys/vm/max_map_count")),
                number(Path.of("/proc/sys/vm/overcommit_memory")), number(Path.of("/proc/sys/kernel/threads-max")),
                number(Path.of("/proc/sys/kernel/pid_max"))), new Limits.Memory(ProcMemory.kb(meminfo, "MemTotal:"),
                ProcMemory.kb(meminfo, "MemAvailable:"), Runtime.getRuntime().maxMemory()));
    }

    /** The machine's available memory (MemAvailable), in kB: the capacity phase stops before it runs short. */
    public static long memAvailableKb() throws IOException {
        return ProcMemory.kb(Files.readAllLines(MEMINFO), "MemAvailable:");
    }

    /** Soft and hard value of a /proc/self/limits row ("Max open files  1024  4096  files"); -1 for unlimited. */
    static long[] limit(List<String> lines, String name) {
        String[] parts = lines.stream().filter(l -> l.startsWith(name)).findFirst()
                .map(l -> l.substring(name.length()).trim().split("\\s+"))
                .orElseThrow(() -> new IllegalStateException("no '" + name + "' row in /proc/self/limits"));
        return new long[]{value(parts[0]), value(parts[1])};
    }

    private static long value(String s) {
        return "unlimited".equals(s) ? UNLIMITED : Long.parseLong(s);
    }

    /** A /proc/sys number read as lines: Files.readString got one byte of it on JDK 17 (its size is not its length). */
    private static long number(Path file) throws IOException {
        return Long.parseLong(Files.readAllLines(file).get(0).trim());
    }

    private static int entries(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return (int) s.count() - 1; // the directory stream's own descriptor
        }
    }

    private static long lines(Path file) throws IOException {
        try (var s = Files.lines(file)) {
            return s.count();
        }
    }
}
