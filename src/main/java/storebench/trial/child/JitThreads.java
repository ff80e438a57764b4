package storebench.trial.child;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the JIT's compiler threads are doing, read from /proc (their run time in schedstat, ns). CompilationMXBean adds
 * a compilation's time only when it ends, and while it runs the visits beside it are slower (docs/noise.md, "What picks
 * LMDB's speed"): a measured run starts once the compiler threads have been idle a while ({@link #awaitIdle}).
 */
final class JitThreads {
    /** Linux cuts a thread's name to 15 characters: HotSpot's "C1 CompilerThread0" and "C2 CompilerThread0". */
    private static final String C1 = "C1 CompilerThre";
    private static final String C2 = "C2 CompilerThre";
    private static final Path TASKS = Path.of("/proc/self/task");
    /** Idle means no compiler thread ran for this long. */
    static final long IDLE_NS = 50_000_000L;
    private static final long POLL_MS = 5;

    private final CompilationMXBean mxBean = ManagementFactory.getCompilationMXBean();
    private final boolean proc = Files.isDirectory(TASKS);

    /** The compiler threads' time on a CPU so far (ns); where /proc is missing, CompilationMXBean's finished compilations. */
    long cpuNs() {
        if (!proc) {
            return mxBean.getTotalCompilationTime() * 1_000_000L;
        }
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String name = Files.readString(task.resolve("comm"));
                    if (name.startsWith(C1) || name.startsWith(C2)) {
                        String schedstat = Files.readString(task.resolve("schedstat"));
                        sum += Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                    }
                } catch (IOException | RuntimeException gone) {
                    // a compiler thread may end (HotSpot adds and removes them with the queue): its time is lost
                    // to the sum, and the next reading's difference is at worst too small by it
                }
            }
        } catch (IOException e) {
            return mxBean.getTotalCompilationTime() * 1_000_000L;
        }
        return sum;
    }

    /** How long {@link #awaitIdle} waited, and whether the compiler threads were idle when it returned. */
    record IdleWait(long waitedNs, boolean idle) {
    }

    /** Waits until no compiler thread has run for {@link #IDLE_NS}, at most {@code mostNs}. */
    IdleWait awaitIdle(long mostNs) throws InterruptedException {
        long start = System.nanoTime();
        long last = cpuNs();
        long quietSince = start;
        while (true) {
            long now = System.nanoTime();
            if (now - quietSince >= IDLE_NS) {
                return new IdleWait(now - start, true);
            }
            if (now - start >= mostNs) {
                return new IdleWait(now - start, false);
            }
            Thread.sleep(POLL_MS);
            long cpu = cpuNs();
            if (cpu != last) {
                last = cpu;
                quietSince = System.nanoTime();
            }
        }
    }
}
