package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.DiskFull;
import storebench.measure.ProcMemory;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.results.CapacityLine;
import storebench.results.CapacityPointLine;
import storebench.results.ResultsFile;
import storebench.results.Column;
import storebench.results.Curve;
import storebench.results.OpenStoreMemory;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.CapacityRequest;
import storebench.trial.answer.CapacityAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * How many stores one process can hold open (docs/measuring.md, "capacity"): copies of one created store held open
 * until bench.capacityMax, a failed store ({@link CapacityLimit} names the limit), the memory margin or the disk's. The
 * per-store figures are least-squares slopes over its points. A loop the disk stopped, or one that held no store, is
 * no capacity: the phase fails with the reason.
 */
public final class CapacityPhase extends Phase {
    public static final Stat CAPACITY_STORES = Stat.of("capacity_stores",
            "Stores held open at once (capacity; ≥: the cap was reached)", Unit.COUNT, 0).higherIsBetter()
            .counting("stores").tolerance(0.02).chart(Phases.Chart.CAPACITY, "Stores held open at once").build();
    public static final Stat CAPACITY_RESIDENT_KB = Stat.of("capacity_resident_kb",
            "same, resident memory per open store (slope)", Unit.KB, 0).tolerance(0.10)
            .chart(Phases.Chart.CAPACITY, "Resident memory per open store, capacity curve (KB)").build();
    public static final Stat CAPACITY_TOTAL_KB = Stat.of(OpenStoreMemory.CAPACITY_TOTAL,
            "same, in total per open store (slope; resident, plus the Java heap's in a JVM)", Unit.KB, 0)
            .tolerance(0.10).build();
    public static final Stat CAPACITY_VSZ_KB = Stat.of("capacity_vsz_kb", "same, virtual size per open store (slope)",
            Unit.KB, 0).tolerance(0.10).build();
    public static final Stat CAPACITY_FDS = Stat.of("capacity_fds",
            "same, file descriptors per open store (slope)", Unit.COUNT, 2).counting("descriptors per store")
            .tolerance(0.05).build();
    public static final Stat CAPACITY_MAPS = Stat.of("capacity_maps", "same, memory maps per open store (slope)",
            Unit.COUNT, 2).counting("maps per store").tolerance(0.05).build();
    public static final Step LOOP = new Step(CapacityAnswer.OP, true, "capacity");
    /** At most this many stores held open: the cap, not a limit (a capacity that reaches it reads "at least"). */
    public static final PhaseOption<Integer> MAX = PhaseOption.positiveInt("bench.capacityMax", 20_000);
    /** Small by default, so that 20,000 stores fit this machine's disk. */
    public static final PhaseOption<Workload> WORKLOAD = new PhaseOption<>("bench.capacityWorkload", "small",
            Workload::of);
    /** It stops before MemAvailable falls below this many MiB; a margin above what is available is refused. */
    public static final PhaseOption<Integer> MARGIN_MB = PhaseOption.positiveInt("bench.capacityMarginMb", 2048)
            .and(CapacityPhase::belowAvailableMemory);
    /** A point every this many stores (fewer where the cap is small, so that the curve has points). */
    static final int EVERY = 1000;
    /** Store 0 is opened, counted and closed this often before the first point: the engine's one-off costs. */
    static final int WARM_OPENS = 100;
    static final long DISK_MARGIN_BYTES = 1L << 30;

    CapacityPhase() {
        super("capacity", Processes.FRESH_ALONE, List.of(LOOP), List.of(CAPACITY_STORES, CAPACITY_RESIDENT_KB,
                CAPACITY_TOTAL_KB, CAPACITY_VSZ_KB, CAPACITY_FDS, CAPACITY_MAPS));
    }

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return op.equals(LOOP.op()) ? options.option(MAX) : 0;
    }

    @Override
    public boolean usesPool() {
        return false;
    }

    /** Up to bench.capacityMax: its process gets the heap for them. */
    @Override
    public int holdsOpen(TrialParams params) {
        return params.option(MAX);
    }

    @Override
    public List<PhaseOption<?>> options() {
        return List.of(MAX, WORKLOAD, MARGIN_MB);
    }

    /** The stores the loop opened, as its phase line's visits. */
    private record Opened(int visited) {
    }

    /** How far one capacity run goes: at most {@code max} stores of {@code workload}, above the memory margin. */
    record Options(int max, Workload workload, long memoryMarginMb) {
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        TrialParams params = run.params();
        Options options = new Options(params.option(MAX), params.option(WORKLOAD), params.option(MARGIN_MB));
        Path own = run.stores().own("capacity-" + options.workload().id());
        try {
            ObjectNode request = run.processes().request(CapacityAnswer.OP, new CapacityRequest(own.toString(),
                    options.workload().id(), options.max(), every(options.max()), WARM_OPENS,
                    options.memoryMarginMb() * 1024, DISK_MARGIN_BYTES));
            // the cap is the progress lines' total; the phase line counts the stores it opened
            CapacityAnswer result = run.processes().send(LOOP, request, options.max(), CapacityAnswer::of,
                    (l, reply) -> ResultsFile.with(l, new Opened(reply.opened()))).result();
            run.processes().fresh(); // closed at once: nothing else runs in the process that held them
            // read while its stores are still there: the space the loop left
            Optional<IOException> none = noCapacity(result, run.params().root(), DiskFull.freeBytes(own), options);
            if (none.isPresent()) {
                throw none.get();
            }
            return record(run, options, result);
        } finally {
            run.stores().deleteOwn(own);
        }
    }

    /**
     * Why a capacity loop's answer is no capacity: the disk stopped it (its margin, or a store failed on a full disk),
     * which is the machine's limit, not the process'; or it held no store, which says nothing of the engine.
     *
     * @param freeBytes the space free under the root now that the loop has ended (-1: unknown)
     */
    static Optional<IOException> noCapacity(CapacityAnswer result, Path root, long freeBytes, Options options) {
        String stop = result.stop();
        int opened = result.opened();
        String message = result.failure().message();
        String failedStore = "store " + result.failure().store() + " (" + result.failure().during() + ")";
        String open = String.format(Locale.US, "%,d", opened) + " " + options.workload().id() + " stores open";
        boolean saysFull = DiskFull.says(message);
        if ("disk".equals(stop)) {
            return Optional.of(new DiskFull.RootFull("the bench root " + root + " is below the 1 GiB of free space"
                    + " the phase keeps (" + DiskFull.free(freeBytes) + ") with " + open + ": the disk, not the"
                    + " process, stopped it, so no capacity figure is recorded. Free space under the root, "
                    + (opened > 0 ? "choose another -Dbench.root or hold fewer stores (-Dbench.capacityMax)"
                    : "or choose another -Dbench.root")));
        }
        if ("error".equals(stop) && (saysFull || freeBytes >= 0 && freeBytes < DISK_MARGIN_BYTES)) {
            return Optional.of(new DiskFull.RootFull("the bench root " + root + " is full (" + DiskFull.free(freeBytes)
                    + "): with " + open + ", " + failedStore + " failed" + (saysFull ? " because the disk is full: "
                    : " with less than the 1 GiB the phase keeps free left on the root: ") + firstLine(message)
                    + ". A full disk is not the engine's capacity: no capacity figure is recorded. Free space under"
                    + " the root (the phase keeps 1 GiB free by itself, so something else filled it), or choose"
                    + " another -Dbench.root"));
        }
        if (opened > 0) {
            return Optional.empty();
        }
        String why;
        if ("memory".equals(stop)) {
            why = "the machine's available memory (" + String.format(Locale.US, "%,d MiB",
                    result.memAvailableKb() / 1024) + " with the holding process"
                    + " started) was below bench.capacityMarginMb=" + options.memoryMarginMb() + " before the first"
                    + " store. Give a smaller -Dbench.capacityMarginMb, or free memory";
        } else {
            why = failedStore + " failed: " + firstLine(message);
        }
        return Optional.of(new IOException("the process held no store open: " + why + ". A capacity of 0 says"
                + " nothing of the engine: no capacity figure is recorded"));
    }

    private static String firstLine(String message) {
        return message == null ? "(no message)" : message.lines().findFirst().orElse(message);
    }

    /** A margin at or above the memory available now would stop the phase before its first store. */
    static Integer belowAvailableMemory(Integer marginMb) {
        try {
            List<String> meminfo = java.nio.file.Files.readAllLines(Path.of("/proc/meminfo"));
            return belowAvailableMemory(marginMb, ProcMemory.kb(meminfo, "MemTotal:"),
                    ProcMemory.kb(meminfo, "MemAvailable:"));
        } catch (IOException e) {
            return marginMb; // no /proc/meminfo: the loop cannot read it either, and says so when it runs
        }
    }

    static Integer belowAvailableMemory(Integer marginMb, long totalKb, long availableKb) {
        long availableMb = availableKb / 1024;
        if (availableKb <= 0 || marginMb < availableMb) {
            return marginMb;
        }
        throw new IllegalArgumentException(String.format(Locale.US, "this machine has %,d MiB of memory, %,d MiB of"
                + " it available now; the capacity phase stops before the available memory falls below the margin,"
                + " so it would hold no store. Give a whole number of MiB from 1 to %,d (the default is %s)",
                totalKb / 1024, availableMb, Math.max(1, availableMb - 1), MARGIN_MB.fallback()));
    }

    /** Every 1,000 stores; for a cap under 10,000, a tenth of it, so that a short curve has its points too. */
    static int every(int max) {
        return Math.max(1, Math.min(EVERY, max / 10));
    }

    private Measured record(PhaseRun run, Options options, CapacityAnswer result) throws Exception {
        List<CapacityAnswer.Point> points = result.points();
        for (CapacityAnswer.Point p : points) {
            run.results().append(run.results().line("capacity-point").setAll(p.asAnswered()));
        }
        int opened = result.opened();
        CapacityLimit.Stop stop = CapacityLimit.Stop.of(result);
        CapacityLimit.Limits processLimits = CapacityLimit.Limits.of(result.limits().byName());
        String limit = CapacityLimit.identify(run.params().engineId(), stop, processLimits);
        List<String> near = CapacityLimit.near(stop, processLimits);
        run.results().append(CapacityLine.KIND, new CapacityLine(run.params().column(), opened, "cap".equals(stop.kind()),
                options.max(), options.workload().id(), new CapacityLine.Stop(stop.kind(), limit, result.failure(),
                near), result.limits().asAnswered()));

        Measured measured = new Measured(this);
        measured.put(CAPACITY_STORES, opened);
        if (opened > 0 && points.size() >= 2) {
            measured.put(CAPACITY_RESIDENT_KB, slope(points, p -> p.memory().rssKb()));
            measured.put(CAPACITY_TOTAL_KB, OpenStoreMemory.total(slope(points, p -> p.memory().rssKb()),
                    slope(points, p -> p.memory().heapUsedBytes()) / 1024, run.params().runtime() == TrialRuntime.JVM));
            measured.put(CAPACITY_VSZ_KB, slope(points, p -> p.memory().vszKb()));
            measured.put(CAPACITY_FDS, slope(points, p -> p.resources().fds()));
            measured.put(CAPACITY_MAPS, slope(points, p -> p.resources().maps()));
        }
        return measured.recordTo(run.results());
    }

    /** The least-squares slope of a figure of the points against the stores open: the figure per open store. */
    static double slope(List<CapacityAnswer.Point> points, ToDoubleFunction<CapacityAnswer.Point> y) {
        return RunStats.slope(points.stream().mapToDouble(CapacityAnswer.Point::stores).toArray(),
                points.stream().mapToDouble(y).toArray());
    }

    private static Optional<CapacityLine> summary(RunResults results, String engine, String setting) {
        return results.lines(CapacityLine.KIND, CapacityLine::of).stream()
                .filter(l -> l.column().equals(new Column(engine, setting))).reduce((first, last) -> last);
    }

    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        return summary(results, engine, setting).map(l -> {
            String stores = String.format(Locale.US, "%,d", l.opened()) + " " + l.workload() + " stores";
            if (l.capReached()) {
                return "capacity: at least " + stores + " held open (bench.capacityMax reached).";
            }
            String why = l.stopped().failed().map(f -> "; at store " + f.store() + " (" + f.during() + "): "
                    + f.message().lines().findFirst().orElse("")).orElse("");
            List<String> limits = l.stopped().near();
            String near = limits.isEmpty() ? "" : "; within 10% of " + String.join(", ", limits);
            return "capacity: " + stores + " held open, then " + l.stopped().limit() + why + near
                    + (Setting.TUNED.id().equals(setting) ? " (each store opened for reading: read-only where the engine"
                    + " has such an open, with its tuned options)" : "");
        }).stream().toList();
    }

    /** A capacity that reached the cap is a lower bound: "≥ 20,000". */
    @Override
    public String qualifier(RunResults results, Stat stat, String engine, String setting) {
        return stat.equals(CAPACITY_STORES) && summary(results, engine, setting).map(CapacityLine::capReached)
                .orElse(false) ? "≥ " : "";
    }

    /** Resident memory, descriptors and maps against the stores open: the points the slopes are fitted to. */
    @Override
    public List<Curve> curves(RunResults results, List<String> engines, String setting) {
        List<CapacityPointLine> all = results.lines(CapacityPointLine.KIND, CapacityPointLine::of);
        List<Curve> curves = new ArrayList<>();
        for (CurveOf figure : CURVES) {
            Map<String, List<double[]>> series = Curve.series(engines, e -> {
                List<double[]> points = new ArrayList<>();
                for (CapacityPointLine l : all) {
                    if (!l.column().equals(new Column(e, setting))) {
                        continue;
                    }
                    if (l.stores() == 0 && !points.isEmpty()) {
                        points.clear(); // a later capacity run of the same trial: its curve, not both
                    }
                    points.add(new double[]{l.stores(), figure.of().applyAsDouble(l) / figure.divisor()});
                }
                return points;
            });
            if (!series.isEmpty()) {
                curves.add(new Curve(figure.title() + " against stores open", "stores open", figure.unit(), "The"
                        + " capacity phase's points (results.jsonl, `capacity-point`): every 1,000 stores open (a tenth"
                        + " of a smaller cap), at 0 and where the phase stopped; the slope of a line is the figure per"
                        + " open store in the tables.", series));
            }
        }
        return curves;
    }

    /** A capacity curve: the point's figure, the chart's title, its axis unit, the divisor to that unit. */
    private record CurveOf(ToDoubleFunction<CapacityPointLine> of, String title, String unit, double divisor) {
    }

    private static final List<CurveOf> CURVES = List.of(
            new CurveOf(p -> p.memory().rssKb(), "Resident memory", "MiB", 1024),
            new CurveOf(p -> p.resources().fds(), "Open file descriptors", "descriptors", 1),
            new CurveOf(p -> p.resources().maps(), "Memory maps", "maps", 1));
}
