package storebench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.EnvironmentFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** What a run was measured on (environment.json): machine, JVM, bench root, its reads and mapping, commit, timer. */
public final class Environment {
    /** The kernel's clock source, which both runtimes' monotonic clocks read (tsc, kvm-clock, hpet, ...). */
    static final Path CLOCKSOURCE = Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    private Environment() {
    }

    public static ObjectNode collect(ObjectMapper json, Path projectDir, Path benchRoot) {
        // the host name tells the machines of a merged run apart (storebench.tools.Merge)
        ObjectNode env = json.valueToTree(new EnvironmentFile.Host(firstLine(Path.of("/proc/sys/kernel/hostname")),
                firstLine(Path.of("/proc/sys/kernel/osrelease")), System.getProperty("os.name") + " "
                + System.getProperty("os.arch"), cpuModel(), Runtime.getRuntime().availableProcessors(),
                meminfoKb("MemTotal:"), transparentHugepage(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))));
        Mounts.Mount mount = Mounts.parse(run(List.of("findmnt", "-n", "-o", "FSTYPE,OPTIONS,SOURCE", "-T",
                benchRoot.toString())));
        EnvironmentFile.DirectRead read; // what a page the page cache does not hold costs here
        try {
            read = DeviceLatency.measure(benchRoot);
        } catch (IOException | RuntimeException e) { // tmpfs, for one, refuses O_DIRECT
            read = EnvironmentFile.DirectRead.failed(String.valueOf(e.getMessage()));
        }
        env.set("benchRoot", json.valueToTree(new EnvironmentFile.BenchRoot(benchRoot.toString(), mount.fsType(),
                mount.options(), mount.source(), read)));
        EnvironmentFile.Mapping mapping; // what the engines that map their store pay the kernel per open
        try {
            mapping = MappingCost.measure(benchRoot);
        } catch (IOException | RuntimeException | LinkageError e) { // JNA missing, or a root that refuses mmap
            mapping = new EnvironmentFile.Mapping(null, null, String.valueOf(e.getMessage()));
        }
        env.set("mapping", json.valueToTree(mapping));
        String commit = run(List.of("git", "-C", projectDir.toString(), "rev-parse", "HEAD")).trim();
        boolean dirty = !run(List.of("git", "-C", projectDir.toString(), "status", "--porcelain", "--untracked-files=no"))
                .isBlank();
        long[] overhead = nanoTimeOverhead(1_000_000);
        EnvironmentFile.Timer timer = new EnvironmentFile.Timer("System.nanoTime", overhead[0], overhead[1],
                overhead[2], firstLine(CLOCKSOURCE));
        // each trial process' own clock, by source, as its hello reports it (System.nanoTime, process.hrtime.bigint)
        env.setAll((ObjectNode) json.valueToTree(new EnvironmentFile.Suite(System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")",
                commit.isEmpty() ? "unknown" : commit + (dirty ? " (with uncommitted changes)" : ""), timer,
                Map.of(timer.source(), timer), null, null)));
        env.putObject("engines");
        return env;
    }

    /** Median, minimum and p99 of the difference of back-to-back System.nanoTime() calls. */
    public static long[] nanoTimeOverhead(int samples) {
        long[] d = new long[samples];
        for (int round = 0; round < 2; round++) { // the first round warms the JIT
            for (int k = 0; k < samples; k++) {
                long t0 = System.nanoTime();
                long t1 = System.nanoTime();
                d[k] = t1 - t0;
            }
        }
        Arrays.sort(d);
        return new long[] {d[samples / 2], d[0], d[(int) (samples * 0.99)]};
    }

    private static String cpuModel() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.toLowerCase(Locale.ROOT).startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "unknown";
        }
    }

    private static long meminfoKb(String key) {
        try {
            return ProcMemory.kb(Files.readAllLines(Path.of("/proc/meminfo")), key);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The transparent huge page mode: the bracketed word of the sysfs file ("madvise" of "always [madvise] never"). */
    static String transparentHugepage(Path enabled) {
        String line = firstLine(enabled);
        int open = line.indexOf('[');
        int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? line.substring(open + 1, close) : "unknown";
    }

    private static String firstLine(Path p) {
        try {
            return Files.readAllLines(p).get(0).trim();
        } catch (IOException | IndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    /** The output of a command, or "" if it cannot run. */
    public static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
