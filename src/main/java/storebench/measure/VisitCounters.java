package storebench.measure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.LongBinaryOperator;

/**
 * What a stretch of visits asked of the machine (docs/measuring.md, "What a visit asks of the machine"): page faults,
 * context switches, CPU time and device bytes, totals read before and after a run's visits, never inside a timed region
 * ({@link #now()} reads three /proc files and allocates); the parent divides the difference by the visits.
 *
 * <p>The calling thread's counters where Linux gives them ({@code /proc/thread-self}: the JIT's and GC's threads are
 * not the visit's), else the process'. CPU time is in clock ticks (USER_HZ, 100), so a run's is good to 10 ms: 0.01 ms
 * per visit over 1,000 visits. The Node worker reads the same with {@code process.resourceUsage()}.
 *
 * @param scope {@code thread} (summed over a concurrent run's workers) or {@code process}
 */
public record VisitCounters(Faults faults, Switches switches, Cpu cpu, Device device, String scope) {
    /** Page faults: minor (mapped without the device) and major (read from the device). */
    public record Faults(long minflt, long majflt) {
    }

    /** Context switches: voluntary (waited on a lock, I/O, a sleep) and involuntary (the scheduler took the core). */
    public record Switches(long vcsw, long ivcsw) {
    }

    public record Cpu(long userUs, long sysUs) {
    }

    /** Bytes the thread made the device read (mapped files' faults too) and write (at write-back), or why unread. */
    public record Device(long readBytes, long writeBytes, Optional<String> unread) {
        public Device(long readBytes, long writeBytes) {
            this(readBytes, writeBytes, Optional.empty());
        }

        /** Device bytes that could not be read, and why (the io file unreadable or absent). */
        public static Device unread(String why) {
            return new Device(0, 0, Optional.of(why));
        }
    }

    /** Microseconds per clock tick of /proc's utime and stime (USER_HZ is 100 on every Linux architecture). */
    static final long US_PER_TICK = 10_000;
    private static final Path THREAD = Path.of("/proc/thread-self");
    private static final Path PROCESS = Path.of("/proc/self");

    /** The calling thread's counters so far, else the process'; empty where /proc does not tell. Never in a timed region. */
    public static Optional<VisitCounters> now() {
        try {
            return Optional.of(Files.isReadable(THREAD.resolve("stat")) ? read(THREAD, "thread")
                    : read(PROCESS, "process"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The counters of the task (a thread or a process) whose /proc directory is {@code dir}. */
    static VisitCounters read(Path dir, String scope) throws IOException {
        long[] stat = stat(Files.readString(dir.resolve("stat")));
        List<String> status = Files.readAllLines(dir.resolve("status"));
        Device io = device(dir.resolve("io"));
        return of(new long[]{stat[0], stat[1], field(status, "voluntary_ctxt_switches:"),
                field(status, "nonvoluntary_ctxt_switches:"), stat[2] * US_PER_TICK, stat[3] * US_PER_TICK,
                io.readBytes, io.writeBytes}, io.unread, scope);
    }

    /** read_bytes and write_bytes of an io file, or why it cannot be read (the other counters stand). */
    static Device device(Path io) {
        try {
            List<String> lines = Files.readString(io).lines().toList();
            return new Device(field(lines, "read_bytes:"), field(lines, "write_bytes:"));
        } catch (java.nio.file.NoSuchFileException e) {
            return Device.unread(io + " does not exist (a kernel without task I/O accounting,"
                    + " CONFIG_TASK_IO_ACCOUNTING)");
        } catch (IOException | RuntimeException e) {
            return Device.unread(io + " cannot be read (" + (e instanceof java.nio.file.FileSystemException fs
                    && fs.getReason() != null ? fs.getReason() : e.toString()) + "; a container may hide it)");
        }
    }

    /** minflt, majflt, utime, stime (proc(5) fields 10, 12, 14, 15), counted after the last ')' (names hold spaces). */
    static long[] stat(String line) {
        String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state)
        return new long[]{Long.parseLong(f[7]), Long.parseLong(f[9]), Long.parseLong(f[11]), Long.parseLong(f[12])};
    }

    private static long field(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                .map(l -> Long.parseLong(l.substring(key.length()).trim()))
                .orElseThrow(() -> new IllegalArgumentException("no " + key + " line"));
    }

    /** What happened between {@code before} and this reading. */
    public VisitCounters minus(VisitCounters before) {
        return combine(before, (a, b) -> a - b, scope);
    }

    /** Two stretches as one (a run sent in chunks; a concurrent run's workers): their sums. */
    public VisitCounters plus(VisitCounters other) {
        return combine(other, Long::sum, scope.equals(other.scope) ? scope : "mixed");
    }

    /** The eight counters in one order, so the four pairs share one arithmetic and their statistics one table. */
    public long[] values() {
        return new long[]{faults.minflt, faults.majflt, switches.vcsw, switches.ivcsw, cpu.userUs, cpu.sysUs,
                device.readBytes, device.writeBytes};
    }

    private static VisitCounters of(long[] v, Optional<String> deviceUnread, String scope) {
        return new VisitCounters(new Faults(v[0], v[1]), new Switches(v[2], v[3]), new Cpu(v[4], v[5]),
                deviceUnread.map(Device::unread).orElse(new Device(v[6], v[7])), scope);
    }

    private VisitCounters combine(VisitCounters other, LongBinaryOperator op, String scope) {
        long[] a = values();
        long[] b = other.values();
        for (int i = 0; i < a.length; i++) {
            a[i] = op.applyAsLong(a[i], b[i]);
        }
        // a stretch either end of which could not read the device has no device bytes, only the reason
        return of(a, device.unread.or(() -> other.device.unread), scope);
    }

    /** The counters over the stretch between {@code before} and now; empty where either reading is. */
    public static Optional<VisitCounters> since(Optional<VisitCounters> before) {
        return before.flatMap(b -> now().map(n -> n.minus(b)));
    }

    /** This as an answer's {@code counters} object (docs/protocol.md); storebench.trial.answer reads it back. */
    public ObjectNode into(ObjectNode o) {
        o.put("minflt", faults.minflt).put("majflt", faults.majflt).put("vcsw", switches.vcsw)
                .put("ivcsw", switches.ivcsw).put("userUs", cpu.userUs).put("sysUs", cpu.sysUs);
        if (device.unread.isPresent()) {
            o.put("deviceUnread", device.unread.get());
        } else {
            o.put("readBytes", device.readBytes).put("writeBytes", device.writeBytes);
        }
        return o.put("scope", scope);
    }
}
