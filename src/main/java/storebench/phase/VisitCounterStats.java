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
 * @param all the eight, in row order: VisitCounters.values()' order, each figure that counter over the visits
 */
public record VisitCounterStats(List<Stat> all) {
    /** One counter's statistic: its id suffix, label, unit, decimals, what it counts, and its counter's units in one. */
    private record Counter(String suffix, String label, Unit unit, int decimals, String counts, double per) {
    }

    /** Page faults, context switches, CPU time, device bytes (docs/protocol.md's counter names, per visit). */
    private static final List<Counter> COUNTERS = List.of(
            new Counter("minflt", "minor page faults per visit", Unit.COUNT, 1, "faults", 1),
            new Counter("majflt", "major page faults per visit", Unit.COUNT, 2, "faults", 1),
            new Counter("vcsw", "voluntary context switches per visit", Unit.COUNT, 2, "switches", 1),
            new Counter("ivcsw", "involuntary context switches per visit", Unit.COUNT, 2, "switches", 1),
            new Counter("user_ms", "user CPU per visit", Unit.MS, 4, "", 1e3),
            new Counter("sys_ms", "system CPU per visit", Unit.MS, 4, "", 1e3),
            new Counter("read_kb", "read from the device per visit", Unit.KB, 2, "", 1024),
            new Counter("write_kb", "written to the device per visit", Unit.KB, 2, "", 1024));
    /** The device's two, last: a run that could not read them keeps the other six. */
    private static final int DEVICE = 6;

    /**
     * The counters of a phase's visits: ids {@code base + "_" + suffix + tail}, labels {@code what + ": " + counter};
     * {@code optional} for a phase measured only where its options ask (the concurrency phase's T).
     */
    static VisitCounterStats of(String base, String tail, String what, boolean optional) {
        return new VisitCounterStats(COUNTERS.stream().map(c -> {
            Stat.Builder b = Stat.of(base + "_" + c.suffix + tail, what + ": " + c.label, c.unit, c.decimals)
                    .ofRuns().counter().counting(c.counts);
            return optional ? b.optional().build() : b.build();
        }).toList());
    }

    /** The statistic of the counter with this id suffix (minflt, sys_ms, write_kb, ...). */
    public Stat stat(String suffix) {
        for (int i = 0; i < COUNTERS.size(); i++) {
            if (COUNTERS.get(i).suffix.equals(suffix)) {
                return all.get(i);
            }
        }
        throw new IllegalArgumentException("no counter '" + suffix + "'");
    }

    /** A run's figures: its counters divided by its visits, each added to its statistic's runs. */
    void add(VisitCounters c, int visits, Map<Stat, List<Double>> figures) {
        long[] values = c.values();
        int counted = c.device().unread().isEmpty() ? values.length : DEVICE;
        for (int i = 0; i < counted && visits > 0; i++) {
            figures.computeIfAbsent(all.get(i), k -> new ArrayList<>()).add(values[i] / COUNTERS.get(i).per / visits);
        }
    }

    /**
     * Where a run's device bytes could not be read, says so for the device's two statistics (a "not measured" line
     * with the reason), so that their empty cells say why and the other six stand; a figure of some runs only is
     * dropped with them.
     */
    List<Stat> sayUnread(PhaseRun run, Phase phase, String why, Map<Stat, List<Double>> figures)
            throws java.io.IOException {
        List<Stat> device = all.subList(DEVICE, all.size());
        device.forEach(figures::remove);
        run.results().notMeasured(phase, device, "device bytes per visit: " + why);
        return device;
    }
}
