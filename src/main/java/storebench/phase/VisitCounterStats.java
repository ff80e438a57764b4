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
 * @param minflt minor page faults per visit
 * @param majflt major page faults per visit
 * @param vcsw   voluntary context switches per visit
 * @param ivcsw  involuntary context switches per visit
 * @param userMs user CPU time per visit
 * @param sysMs  system CPU time per visit
 * @param readKb KB read from the device per visit
 * @param writeKb KB written to the device per visit
 */
public record VisitCounterStats(Stat minflt, Stat majflt, Stat vcsw, Stat ivcsw, Stat userMs, Stat sysMs, Stat readKb,
                                Stat writeKb) {
    /** The counters' id suffixes, in row order (docs/protocol.md's counter names, per visit). */
    public static final List<String> SUFFIXES = List.of("minflt", "majflt", "vcsw", "ivcsw", "user_ms", "sys_ms",
            "read_kb", "write_kb");

    /**
     * The counters of a phase's visits: ids {@code base + "_" + suffix + tail}, labels {@code what + ": " + counter}.
     * {@code optional} for a phase measured only where its options ask (the concurrency phase's T).
     */
    static VisitCounterStats of(String base, String tail, String what, boolean optional) {
        return new VisitCounterStats(
                stat(base, "minflt", tail, what + ": minor page faults per visit", Unit.COUNT, 1, "faults", optional),
                stat(base, "majflt", tail, what + ": major page faults per visit", Unit.COUNT, 2, "faults", optional),
                stat(base, "vcsw", tail, what + ": voluntary context switches per visit", Unit.COUNT, 2, "switches",
                        optional),
                stat(base, "ivcsw", tail, what + ": involuntary context switches per visit", Unit.COUNT, 2,
                        "switches", optional),
                stat(base, "user_ms", tail, what + ": user CPU per visit", Unit.MS, 4, "", optional),
                stat(base, "sys_ms", tail, what + ": system CPU per visit", Unit.MS, 4, "", optional),
                stat(base, "read_kb", tail, what + ": read from the device per visit", Unit.KB, 2, "", optional),
                stat(base, "write_kb", tail, what + ": written to the device per visit", Unit.KB, 2, "", optional));
    }

    private static Stat stat(String base, String suffix, String tail, String label, Unit unit, int decimals,
                             String counts, boolean optional) {
        Stat.Builder b = Stat.of(base + "_" + suffix + tail, label, unit, decimals).ofRuns().counter().counting(counts);
        if (optional) {
            b.optional();
        }
        return b.build();
    }

    /** The eight, in row order. */
    public List<Stat> all() {
        return List.of(minflt, majflt, vcsw, ivcsw, userMs, sysMs, readKb, writeKb);
    }

    /** A run's figures: its counters divided by its visits, each added to its statistic's runs. */
    void add(VisitCounters c, int visits, Map<Stat, List<Double>> figures) {
        if (visits <= 0) {
            return;
        }
        double n = visits;
        put(figures, minflt, c.minflt() / n);
        put(figures, majflt, c.majflt() / n);
        put(figures, vcsw, c.vcsw() / n);
        put(figures, ivcsw, c.ivcsw() / n);
        put(figures, userMs, c.userUs() / 1e3 / n);
        put(figures, sysMs, c.sysUs() / 1e3 / n);
        put(figures, readKb, c.readBytes() / 1024.0 / n);
        put(figures, writeKb, c.writeBytes() / 1024.0 / n);
    }

    private static void put(Map<Stat, List<Double>> figures, Stat stat, double value) {
        figures.computeIfAbsent(stat, k -> new ArrayList<>()).add(value);
    }
}
