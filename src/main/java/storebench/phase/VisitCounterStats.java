package storebench.phase;

import storebench.measure.VisitCounters;
import storebench.results.Stat;
import storebench.results.Stat.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a visit asks of the machine (docs/measuring.md, "What a visit asks of the machine") as a phase's statistics,
 * per visit, never judged; ids are the visit statistic's with the counter's suffix: {@code oqc_minflt}.
 *
 * @param all the eight, in VisitCounters.values()' order
 */
public record VisitCounterStats(List<Stat> all) {
    /** One counter's statistic; {@code per}: its counter's units in one. */
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

    /** Ids {@code base + "_" + suffix + tail}, labels {@code what + ": " + counter}. */
    static VisitCounterStats of(String base, String tail, String what, boolean optional) {
        return new VisitCounterStats(COUNTERS.stream().map(c -> {
            Stat.Builder b = Stat.of(base + "_" + c.suffix + tail, what + ": " + c.label, c.unit, c.decimals)
                    .ofRuns().counter().counting(c.counts);
            return optional ? b.optional().build() : b.build();
        }).toList());
    }

    /** By id suffix (minflt, sys_ms, write_kb, ...). */
    public Stat stat(String suffix) {
        return java.util.stream.IntStream.range(0, COUNTERS.size()).filter(i -> COUNTERS.get(i).suffix.equals(suffix))
                .mapToObj(all::get).findFirst().orElseThrow(() -> new IllegalArgumentException("no counter '" + suffix
                        + "'"));
    }

    /** A run's figures: its counters divided by its visits, each added to its statistic's runs. */
    void add(VisitCounters c, int visits, Map<Stat, List<Double>> figures) {
        long[] values = c.values();
        int counted = c.device().unread().isEmpty() ? values.length : DEVICE;
        for (int i = 0; i < counted && visits > 0; i++) {
            figures.computeIfAbsent(all.get(i), k -> new ArrayList<>()).add(values[i] / COUNTERS.get(i).per / visits);
        }
    }

    /** Where a run's device bytes could not be read: a "not measured" line for those two, the other six stand. */
    List<Stat> sayUnread(PhaseRun run, Phase phase, String why, Map<Stat, List<Double>> figures)
            throws java.io.IOException {
        List<Stat> device = all.subList(DEVICE, all.size());
        device.forEach(figures::remove);
        run.results().notMeasured(phase, device, "device bytes per visit: " + why);
        return device;
    }
}
