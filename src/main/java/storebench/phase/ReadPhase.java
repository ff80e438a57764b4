package storebench.phase;

import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;

import java.util.List;
import java.util.Map;

/**
 * Read: runs as the open runs', over a {@link Sample}, but per store: open, read every note into the runtime's own
 * values, close; the notes read are checked against the workload's. The reference's caveat 5: a different query
 * compares differently than the count.
 */
public final class ReadPhase extends RunsPhase {
    public static final Stat READ_MS = Stat.of("read_ms", "Read every note (median)", Unit.MS, 3).ofRuns()
            .chart(Phases.Chart.READ, "Read every note (median ms)").build();
    public static final Stat ORC_MS = Stat.of("orc_ms", "Open, read every note, close (median)", Unit.MS, 3)
            .ofRuns().chart(Phases.Chart.READ, "Open, read every note, close (median ms)").build();
    public static final Stat ORC_P99_MS = Stat.of("orc_p99_ms", "same, p99", Unit.MS, 3).ofRuns().build();
    /** orc_minflt, orc_sys_ms, ... */
    public static final VisitCounterStats COUNTERS = VisitCounterStats.of("orc", "", "Open, read every note, close",
            false);
    public static final Step READWARMUP = Step.warmUp("readwarmup", "read warm-up");
    public static final Step READRUN = new Step("readrun", true, "read runs");

    ReadPhase() {
        super("read", READWARMUP, READRUN, Phase.with(List.of(READ_MS, ORC_MS, ORC_P99_MS), COUNTERS));
        List<Map.Entry<String, Stat>> medians = List.of(Map.entry("read", READ_MS), Map.entry("orc", ORC_MS));
        series = new RunSeries(this, Query.READ, READWARMUP, READRUN, new RunSeries.Yields(medians, ORC_P99_MS, ORC_MS))
                .sampled().counters(COUNTERS);
    }
}
