package storebench.run;

import storebench.measure.MappingCost;
import storebench.measure.SyncProbe;
import storebench.phase.OpenRunsPhase;
import storebench.results.EnvironmentFile;
import storebench.results.ProfileLine;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.measure.Yardstick;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The machine's own prices, probed in seconds at plan time (docs/measuring.md, "The machine"), which
 * {@link Calibration} sets against the kept runs' own; environment.json keeps them as {@code machine}.
 *
 * @param faultNs one minor fault, ns (NaN where not measured)
 * @param mapUs   mapping, touching and unmapping a 100-page file, µs
 * @param syncMs  a 4 KiB write and its fdatasync, ms
 * @param yardMs  one yardstick, ms
 */
public record MachineProbe(double faultNs, double mapUs, double syncMs, double yardMs) {
    /** Syncs the probe times: 40 of about 1 ms here, a tenth of the profile's root probe. */
    static final int SYNCS = 40;
    /** Long enough for the JIT to compile the yardstick while the parent JVM still compiles the suite's classes. */
    static final long YARD_NS = 1_000_000_000L;

    /**
     * Set to {@code off}, every price stays unmeasured and the plan keeps the kept seconds: the tests that start runs
     * inside the test JVM set it, since the probe spins a core for a second per run.
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
                EnvironmentFile.Mapping m = MappingCost.measure(dir);
                faultNs = m.minorFault().orElseThrow().medianNs();
                mapUs = m.file().orElseThrow().times().medianUs();
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
     * The fastest block's median over {@link #YARD_NS}, ms, as a warmed trial process would time it: at plan time the
     * first blocks run interpreted (about four times slower), and another process only adds time.
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
        Arrays.stream(Calibration.Kind.values()).forEach(k -> of(k).ifPresent(v -> o.put(k.field,
                Math.round(v * 1e6) / 1e6))); // a yardstick is some µs
        return o;
    }

    /** A kept run's figures: its {@code machine}, else what its other lines measured of the same prices. */
    static MachineProbe ofKept(RunResults kept) {
        EnvironmentFile environment = kept.environmentFile();
        EnvironmentFile.Prices m = environment.costs().probed().orElse(EnvironmentFile.Prices.NONE);
        EnvironmentFile.Mapping mapping = environment.costs().mapping();
        double fault = m.faultNs().orElse(mapping.minorFault().map(EnvironmentFile.MinorFault::medianNs)
                .orElse(Double.NaN));
        double map = m.mapUs().orElse(mapping.file().map(f -> f.times().medianUs()).orElse(Double.NaN));
        double sync = m.syncMs().orElse(diskSync(kept));
        double yard = m.yardMs().orElse(Double.NaN);
        java.util.List<Double> yards = kept.measurements().stream().filter(s -> s.stat().equals(
                OpenRunsPhase.YARD_MS.id()) && !environment.runtime(s.engine()).startsWith("Node"))
                .map(s -> s.value()).toList();
        if (Double.isNaN(yard) && !yards.isEmpty()) {
            yard = RunStats.median(yards);
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
