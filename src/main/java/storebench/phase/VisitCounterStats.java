package storebench.phase;

import storebench.measure.VisitCounters;
import storebench.results.Stat;
import storebench.results.Stat.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The counters of what a visit asks of the machine (VisitCounters, read around a run's visits in the trial process)
 * as statistics of a phase that times visits: per visit, one figure a run, the median over the runs recorded like the
 * phase's times; {@link Stat#counter()}, so never judged. Their ids are the phase's visit statistic's with the
 * counter's suffix: {@code oqc_minflt}, {@code orc_sys_ms}, {@code conc_oqc_vcsw_t2}.
 *
 * @param faults   minor and major page faults per visit
 * @param switches voluntary and involuntary context switches per visit
 * @param cpu      user and system CPU time per visit
 * @param device   KB read from and written to the device per visit
 */
public record VisitCounterStats(Faults faults, Switches switches, Cpu cpu, Device device) {
    /** The counters' id suffixes, in row order (docs/protocol.md's counter names, per visit). */
    public static final List<String> SUFFIXES = List.of("minflt", "majflt", "vcsw", "ivcsw", "user_ms", "sys_ms",
            "read_kb", "write_kb");

    /** Minor and major page faults per visit. */
    public record Faults(Stat minflt, Stat majflt) {
    }

    /** Voluntary and involuntary context switches per visit. */
    public record Switches(Stat vcsw, Stat ivcsw) {
    }

    /** User and system CPU time per visit. */
    public record Cpu(Stat userMs, Stat sysMs) {
    }

    /** KB read from and written to the device per visit. */
    public record Device(Stat readKb, Stat writeKb) {
    }

    /**
     * How one phase names its counters: ids {@code base + "_" + suffix + tail}, labels {@code what + ": " + counter};
     * {@code optional} for a phase measured only where its options ask (the concurrency phase's T).
     */
    private record Names(String base, String tail, String what, boolean optional) {
        Stat stat(String suffix, String counter, Unit unit, int decimals, String counts) {
            Stat.Builder b = Stat.of(base + "_" + suffix + tail, what + ": " + counter, unit, decimals).ofRuns()
                    .counter().counting(counts);
            if (optional) {
                b.optional();
            }
            return b.build();
        }
    }

    /** The counters of a phase's visits, named as {@link Names} says. */
    static VisitCounterStats of(String base, String tail, String what, boolean optional) {
        Names n = new Names(base, tail, what, optional);
        return new VisitCounterStats(
                new Faults(n.stat("minflt", "minor page faults per visit", Unit.COUNT, 1, "faults"),
                        n.stat("majflt", "major page faults per visit", Unit.COUNT, 2, "faults")),
                new Switches(n.stat("vcsw", "voluntary context switches per visit", Unit.COUNT, 2, "switches"),
                        n.stat("ivcsw", "involuntary context switches per visit", Unit.COUNT, 2, "switches")),
                new Cpu(n.stat("user_ms", "user CPU per visit", Unit.MS, 4, ""),
                        n.stat("sys_ms", "system CPU per visit", Unit.MS, 4, "")),
                new Device(n.stat("read_kb", "read from the device per visit", Unit.KB, 2, ""),
                        n.stat("write_kb", "written to the device per visit", Unit.KB, 2, "")));
    }

    /** The eight, in row order. */
    public List<Stat> all() {
        return List.of(faults.minflt, faults.majflt, switches.vcsw, switches.ivcsw, cpu.userMs, cpu.sysMs,
                device.readKb, device.writeKb);
    }

    /** A run's figures: its counters divided by its visits, each added to its statistic's runs. */
    void add(VisitCounters c, int visits, Map<Stat, List<Double>> figures) {
        if (visits <= 0) {
            return;
        }
        double n = visits;
        put(figures, faults.minflt, c.faults().minflt() / n);
        put(figures, faults.majflt, c.faults().majflt() / n);
        put(figures, switches.vcsw, c.switches().vcsw() / n);
        put(figures, switches.ivcsw, c.switches().ivcsw() / n);
        put(figures, cpu.userMs, c.cpu().userUs() / 1e3 / n);
        put(figures, cpu.sysMs, c.cpu().sysUs() / 1e3 / n);
        if (c.device().unread().isEmpty()) {
            put(figures, device.readKb, c.device().readBytes() / 1024.0 / n);
            put(figures, device.writeKb, c.device().writeBytes() / 1024.0 / n);
        }
    }

    /**
     * Where a run's device bytes could not be read, says so for the device's two statistics (a "not measured" line
     * with the reason), so that their empty cells say why and the other six stand; a figure of some runs only is
     * dropped with them.
     */
    List<Stat> sayUnread(PhaseRun run, Phase phase, String why, Map<Stat, List<Double>> figures)
            throws java.io.IOException {
        figures.remove(device.readKb);
        figures.remove(device.writeKb);
        run.results().notMeasured(phase, List.of(device.readKb, device.writeKb), "device bytes per visit: " + why);
        return List.of(device.readKb, device.writeKb);
    }

    private static void put(Map<Stat, List<Double>> figures, Stat stat, double value) {
        figures.computeIfAbsent(stat, k -> new ArrayList<>()).add(value);
    }
}
