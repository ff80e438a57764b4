package storebench.run;

import storebench.measure.MappingCost;
import storebench.measure.SyncProbe;
import storebench.phase.OpenRunsPhase;
import storebench.results.EnvironmentFile;
import storebench.results.ProfileLine;
import storebench.results.RunResults;
import storebench.measure.Yardstick;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The machine's own prices, probed in seconds at plan time (docs/measuring.md, "The machine"): a minor page fault and
 * a 100-page mapping (MappingCost, as environment.json's {@code mapping}), a 4 KiB write and fdatasync on the bench
 * root's disk (SyncProbe), and the yardstick (the open runs' fixed file read and memory touch, Yardstick). The plan
 * scales the kept runs' costs by these against the same figures of the kept runs
 * ({@link Calibration}); environment.json keeps them as {@code machine}, so a run kept later carries all four.
 *
 * @param faultNs one minor fault, ns (NaN where not measured)
 * @param mapUs   mapping, touching and unmapping a 100-page file, µs
 * @param syncMs  a 4 KiB write and its fdatasync, ms
 * @param yardMs  one yardstick, ms
 */
public record MachineProbe(double faultNs, double mapUs, double syncMs, double yardMs) {
    /** Syncs the probe times: 40 of about 1 ms here, a tenth of the profile's root probe. */
    static final int SYNCS = 40;
    /**
     * How long the probe times yardsticks, in blocks of {@link Yardstick#BLOCK}: long enough for the JIT to compile its
     * memory loop while the parent JVM is still compiling the suite's own classes.
     */
    static final long YARD_NS = 1_000_000_000L;

    /**
     * The system property that, set to {@code off}, leaves every price unmeasured (NaN), so that the plan keeps the
     * kept runs' seconds as they were. The harness' tests that start runs inside the test JVM set it (pom.xml's
     * "processes" execution): they assert what a run does, not its plan's scale, and the probe spins a core for a
     * second per run. The suites those tests launch as a user would, and every benchmark, probe.
     */
    public static final String SWITCH = "storebench.machineProbe";

    /** Probes under {@code root} (the bench root, or the nearest folder above it that exists: a plan makes none). */
    public static MachineProbe measure(Path root) {
        if ("off".equals(System.getProperty(SWITCH))) {
            return new MachineProbe(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        Path dir = root.toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        double faultNs = Double.NaN;
        double mapUs = Double.NaN;
        double syncMs = Double.NaN;
        if (dir != null) {
            try {
                MappingCost.Figures m = MappingCost.measure(dir);
                faultNs = m.minorFault().medianNs();
                mapUs = m.file().medianUs();
            } catch (IOException | RuntimeException | LinkageError e) {
                // no JNA or a folder that refuses mmap: that price stays unknown, its steps fall back to the yardstick
            }
            Path file = dir.resolve(".storebench-sync-probe-" + ProcessHandle.current().pid() + ".tmp");
            try {
                syncMs = SyncProbe.measure(file, SYNCS).medianMs();
            } catch (IOException | RuntimeException e) {
                // a read-only folder: the sync price stays unknown
            } finally {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a scratch file of 4 KiB left behind is no reason to stop a run
                }
            }
        }
        return new MachineProbe(faultNs, mapUs, syncMs, timeYardstick());
    }

    /**
     * The yardstick as a warmed trial process times it (its statistic yard_ms: the median of blocks timed after the
     * warm-up), ms: the fastest block's median over {@link #YARD_NS}. At plan time the parent JVM has just started and
     * its compiler threads are busy with the suite's classes, so the first blocks run the yardstick's loop interpreted
     * (about four times slower); another process on the machine only adds time. So the fastest block, not the first,
     * is the machine's figure.
     */
    static double timeYardstick() {
        Yardstick yard = new Yardstick();
        long[] block = new long[Yardstick.BLOCK];
        double fastest = Double.POSITIVE_INFINITY;
        long until = System.nanoTime() + YARD_NS;
        do {
            yard.block(block, 0);
            Arrays.sort(block);
            fastest = Math.min(fastest, block[Yardstick.BLOCK / 2] / 1e6);
        } while (System.nanoTime() < until);
        return fastest;
    }

    /** The figure of a kind, where measured. */
    OptionalDouble of(Calibration.Kind kind) {
        double v = switch (kind) {
            case FAULT -> faultNs;
            case MAPPING -> mapUs;
            case SYNC -> syncMs;
            case YARDSTICK -> yardMs;
        };
        return Double.isFinite(v) && v > 0 ? OptionalDouble.of(v) : OptionalDouble.empty();
    }

    /** As environment.json's {@code machine} and the plan's {@code calibration.probe}: the figures measured. */
    public Map<String, Double> figures() {
        Map<String, Double> o = new LinkedHashMap<>();
        for (Calibration.Kind k : Calibration.Kind.values()) {
            of(k).ifPresent(v -> o.put(k.field, Math.round(v * 1e6) / 1e6)); // a yardstick is some µs
        }
        return o;
    }

    /**
     * A kept run's figures from its environment.json and results.jsonl: its {@code machine} where it has one; else the
     * fault and mapping of its {@code mapping}, the disk's fdatasync of the profile's root probe (a rootsync line), and
     * the median yard_ms of its JVM engines' open runs (the same yardstick, timed in the trial processes).
     */
    static MachineProbe ofKept(RunResults kept) {
        EnvironmentFile environment = kept.environmentFile();
        EnvironmentFile.Prices m = environment.costs().probed().orElse(EnvironmentFile.Prices.NONE);
        EnvironmentFile.Mapping mapping = environment.costs().mapping();
        double fault = m.faultNs().orElse(mapping.minorFault().map(EnvironmentFile.MinorFault::medianNs)
                .orElse(Double.NaN));
        double map = m.mapUs().orElse(mapping.file().map(f -> f.times().medianUs()).orElse(Double.NaN));
        double sync = m.syncMs().orElse(diskSync(kept));
        double yard = m.yardMs().orElse(Double.NaN);
        java.util.List<Double> yards = new java.util.ArrayList<>();
        for (RunResults.Measurement s : kept.measurements()) {
            if (s.stat().equals(OpenRunsPhase.YARD_MS.id()) && !environment.runtime(s.engine()).startsWith("Node")) {
                yards.add(s.value());
            }
        }
        if (Double.isNaN(yard) && !yards.isEmpty()) {
            yards.sort(null);
            int n = yards.size();
            yard = n % 2 == 1 ? yards.get(n / 2) : (yards.get(n / 2 - 1) + yards.get(n / 2)) / 2;
        }
        return new MachineProbe(fault, map, sync, yard);
    }

    /** The bench root's fdatasync median of a run's first root probe that measured it, ms; NaN where none did. */
    private static double diskSync(RunResults run) {
        for (ProfileLine l : run.lines(ProfileLine.KIND, ProfileLine::of)) {
            OptionalDouble median = l.rootSync().map(ProfileLine.RootSync::fdatasyncMedianMs)
                    .orElse(OptionalDouble.empty());
            if (l.scope().root().equals("disk") && median.isPresent()) {
                return median.getAsDouble();
            }
        }
        return Double.NaN;
    }
}
