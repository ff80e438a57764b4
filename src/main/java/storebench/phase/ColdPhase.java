package storebench.phase;

import storebench.model.FsType;
import storebench.model.StoreLayout;
import storebench.measure.DeviceReads;
import storebench.measure.Mounts;
import storebench.measure.PageCache;
import storebench.results.ColdRunLine;
import storebench.results.Column;
import storebench.results.PhaseLine;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Cold opens (docs/measuring.md, "cold"): runs as the open runs', over a {@link Sample}, but between the warm-up and
 * the run the parent drops the pool's files from the page cache ({@code fsync}, then {@code POSIX_FADV_DONTNEED}: no
 * root needed) and checks with {@code mincore} that the drop took. On a tmpfs bench root it is {@link NotMeasured}.
 */
public final class ColdPhase extends RunsPhase {
    public static final Stat COLD_OPEN_MS = Stat.of("cold_open_ms", "Cold open: page cache dropped (median)", Unit.MS,
            3).ofRuns().build();
    public static final Stat COLD_COUNT_MS = Stat.of("cold_count_ms", "Cold count query (median)", Unit.MS, 3)
            .ofRuns().build();
    public static final Stat COLD_OQC_MS = Stat.of("cold_oqc_ms", "Cold open, query, close (median)", Unit.MS, 3)
            .ofRuns().chart(Phases.Chart.WARM_COLD, "Open, query, close, the pool dropped from the page cache (median ms)")
            .build();
    public static final Stat COLD_OQC_P99_MS = Stat.of("cold_oqc_p99_ms", "same, p99", Unit.MS, 3).ofRuns()
            .build();
    public static final Stat COLD_READ_KB = Stat.of("cold_read_kb", "Cold: read from the device per store", Unit.KB, 1)
            .ofRuns().chart(Phases.Chart.WARM_COLD, "Read from the device per store, cold (KB)").build();
    /** What a cold visit asks of the machine (VisitCounterStats): cold_oqc_minflt, cold_oqc_majflt, ... */
    public static final VisitCounterStats COUNTERS = VisitCounterStats.of("cold_oqc", "", "Cold open, query, close",
            false);
    public static final Step COLDWARMUP = Step.warmUp("coldwarmup", "cold warm-up");
    public static final Step COLDRUN = new Step("coldrun", true, "cold runs");
    /** A run counts as cold only if at most this fraction of the pool's pages stayed resident after the drop. */
    static final double MOST_RESIDENT = DeviceReads.MAX_RESIDENT_AFTER_EVICTION;

    ColdPhase() {
        super("cold", COLDWARMUP, COLDRUN, Phase.with(List.of(COLD_OPEN_MS, COLD_COUNT_MS, COLD_OQC_MS,
                COLD_OQC_P99_MS, COLD_READ_KB), COUNTERS));
        List<Map.Entry<String, Stat>> medians = List.of(Map.entry("open", COLD_OPEN_MS),
                Map.entry("count", COLD_COUNT_MS), Map.entry("oqc", COLD_OQC_MS));
        series = new RunSeries(this, Query.COUNT, COLDWARMUP, COLDRUN,
                new RunSeries.Yields(medians, COLD_OQC_P99_MS, COLD_OQC_MS)).sampled().counters(COUNTERS)
                .beforeRun(ColdPhase::drop).runFigures((answer, before, figures) -> {
                    long bytes = answer.readBytes().orElse(-1);
                    if (bytes >= 0) {
                        figures.computeIfAbsent(COLD_READ_KB, k -> new ArrayList<>())
                                .add(bytes / 1024.0 / answer.samples("oqc").length);
                    }
                });
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        String fsType = Mounts.of(run.params().root()).fsType();
        if (FsType.inMemory(fsType)) {
            throw new NotMeasured("the bench root is " + fsType + " (" + run.params().root() + "): its files are memory, whose"
                    + " pages cannot be dropped from the page cache, so no open there is cold; give a -Dbench.root on a"
                    + " disk to measure cold opens");
        }
        PageCache.unavailable().ifPresent(why -> {
            throw new IllegalStateException("the cold phase drops the pool's pages from the page cache through libc,"
                    + " and " + why);
        });
        return super.measure(run);
    }

    /** Listed anew before each run: an engine may replace its files on an open (RocksDB: MANIFEST, OPTIONS, LOG). */
    static ColdRunLine.Drop drop(PhaseRun run, int r) throws IOException {
        PageCache.Residency after = drop(StoreLayout.storeDirs(run.stores().pool(), run.params().stores()));
        ColdRunLine.Drop fields = new ColdRunLine.Drop(after.pages(), after.residentPages());
        if (after.fraction() > MOST_RESIDENT) {
            throw new IOException(String.format(Locale.US, "%s/%s cold run %d: dropping the pool's %,d pages from the"
                    + " page cache did not take: %,d (%.1f%%) are still resident, more than the %.0f%% a cold run"
                    + " allows (another process may map the files, or keep writing them)", run.params().engineId(),
                    run.params().settingId(), r, after.pages(), after.residentPages(), 100 * after.fraction(),
                    100 * MOST_RESIDENT));
        }
        return fields;
    }

    /** Drops the files under {@code dirs} from the page cache; what stayed resident, read back with mincore. */
    static PageCache.Residency drop(List<Path> dirs) throws IOException {
        List<Path> files = PageCache.filesUnder(dirs);
        PageCache.evict(files);
        return PageCache.residency(files);
    }

    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        Column column = new Column(engine, setting);
        return results.lines(PhaseLine.KIND, ColdRunLine::of).stream().filter(l -> l.column().equals(column)
                && COLDRUN.op().equals(l.op()) && l.drop() != null).map(ColdRunLine::drop)
                .reduce((most, l) -> l.residentPages() > most.residentPages() ? l : most)
                .map(most -> String.format(Locale.US, "cold: at most %,d of the pool's %,d pages (%.2f%%) stayed in the"
                        + " page cache after a drop.", most.residentPages(), most.poolPages(), most.poolPages() == 0 ? 0
                        : 100.0 * most.residentPages() / most.poolPages())).stream().toList();
    }
}
