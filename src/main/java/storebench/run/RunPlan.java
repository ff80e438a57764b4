package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.phase.SteadyState;
import storebench.phase.WarmUp;
import storebench.results.ResultsFile;
import storebench.results.RunLine;
import storebench.results.RunStats;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a run will do and how long it will take, said before it measures (like JMH's -l and -lp; docs/options.md,
 * "Before it measures: the plan"). Each kept step's seconds in costs.json are scaled by what the step grows with
 * (Phase#units) and, for a warm-up, by its visits under the run's JIT floor and ceiling; between two kept N the
 * estimates are interpolated on log N, outside them the nearest is used. What the table cannot scale is said.
 */
public final class RunPlan {
    public static final String TABLE = "costs.json";

    /** One phase of one trial, in the order the run measures them, with its estimate (seconds). */
    public record Item(String engine, String setting, Phase phase, double wallS, double elapsedS,
                       Map<String, Double> opsWallS) {
    }

    private final BenchOptions options;
    private final CostTable table;
    private final List<Item> items = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    /** Where the estimate stands on a fallback, or could not scale: one line each, once. */
    private final Set<String> notes = new LinkedHashSet<>();
    private final Map<String, Set<String>> fallbacks = new LinkedHashMap<>();
    private final Set<String> missing = new LinkedHashSet<>();
    private final double aroundS;
    private final Calibration calibration;
    /** The kept seconds each kept run gave the estimate. */
    private final Map<String, Double> keptSeconds = new LinkedHashMap<>();
    private final WorkloadScale workload;

    public RunPlan(BenchOptions options, CostTable table, Calibration calibration) {
        this.options = options;
        this.table = table;
        this.calibration = calibration;
        this.workload = new WorkloadScale(options.workload, table);
        this.aroundS = table.runs().isEmpty() ? 0
                : RunStats.median(table.runs().stream().map(r -> r.seconds().aroundS()).toList());
        for (Setting setting : options.settings) {
            for (EngineDescriptor engine : options.engines) {
                if (engine.unavailable().isPresent()) {
                    if (!skipped.contains(engine.id())) {
                        skipped.add(engine.id());
                        notes.add(engine.id() + " is not measured (its column says why)");
                    }
                    continue;
                }
                boolean poolMade = false;
                for (Phase phase : options.phases) {
                    List<Phase> costed = new ArrayList<>();
                    if (phase.usesPool() && !poolMade && phase != Phases.CREATE) {
                        costed.add(Phases.CREATE); // the first phase that needs the pool makes it
                    }
                    poolMade |= phase.usesPool();
                    costed.add(phase);
                    double wall = 0;
                    double elapsed = 0;
                    Map<String, Double> ops = new LinkedHashMap<>();
                    for (Phase p : costed) {
                        for (Phase.Step step : p.steps()) {
                            if (step.wallTimeColumn() == null) {
                                continue; // no phase line: its time is in the steps around it
                            }
                            Optional<double[]> s = step(engine.id(), setting.id(), p, step.op());
                            if (s.isPresent()) {
                                wall += s.get()[0];
                                elapsed += s.get()[1];
                                ops.merge(step.op(), s.get()[0], Double::sum);
                            }
                        }
                    }
                    items.add(new Item(engine.id(), setting.id(), phase, wall, elapsed, ops));
                }
            }
        }
        notScaled();
    }

    /** Calibrated by a probe under the bench root against the kept runs (without them: as kept). */
    public static RunPlan probed(BenchOptions options) {
        CostTable table = builtTable();
        MachineProbe probe = MachineProbe.measure(options.root);
        return new RunPlan(options, table, Calibration.of(probe, options.projectDir.resolve("docs").resolve("runs"),
                table.runs().stream().map(CostTable.KeptRun::name).toList()));
    }

    /** The machine probe's figures, where the plan was calibrated. */
    public Optional<Map<String, Double>> machine() {
        return calibration.calibrated() ? Optional.of(calibration.json(mainRun()).probe()) : Optional.empty();
    }

    /** The kept run most of the estimate's seconds came from. */
    public String mainRun() {
        return keptSeconds.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    public static CostTable builtTable() {
        try (InputStream in = RunPlan.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                throw new IllegalStateException(TABLE + " is missing from the build (src/main/resources/storebench/run;"
                        + " make it with storebench.tools.Costs)");
            }
            return CostTable.fromJson(ResultsFile.JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(TABLE + ": not valid JSON", e);
        }
    }

    public List<Item> items() {
        return List.copyOf(items);
    }

    /** The whole run's estimate (s): its phases and what it spends around them. */
    public double estimateS() {
        return items.stream().mapToDouble(Item::elapsedS).sum() + aroundS;
    }

    /** The phase lines' wall time alone (s), as the report's wall-time table sums it. */
    public double phasesWallS() {
        return items.stream().mapToDouble(Item::wallS).sum();
    }

    /** The steps with no kept figure ("engine/setting phase step"), left out of the estimate. */
    public List<String> missing() {
        return List.copyOf(missing);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * One step's estimate {wall, elapsed} (s); empty where no kept run has it, {0, 0} where the engine does not send
     * it. A setting kept only at another N stands on the default setting's figure times the settings' ratio: a step's
     * seconds scale worse across N than across settings.
     */
    private Optional<double[]> step(String engine, String setting, Phase phase, String op) {
        List<CostTable.Point> own = points(engine, setting);
        if (!setting.equals(Setting.DEFAULT.id()) && own.stream().noneMatch(p -> p.setting().equals(Setting.DEFAULT.id()))
                && !covers(own, phase, op)) {
            Optional<double[]> across = acrossSettings(engine, setting, own, phase, op);
            if (across.isPresent()) {
                return across;
            }
        }
        if (!setting.equals(Setting.DEFAULT.id()) && own.stream().noneMatch(this::ofThisWorkload)) {
            Optional<double[]> viaDefault = defaultSettingOfWorkload(engine, setting, phase, op);
            if (viaDefault.isPresent()) {
                return viaDefault;
            }
        }
        Optional<double[]> estimate = estimate(own, phase, op);
        if (estimate.isPresent() && own.stream().noneMatch(this::ofThisWorkload)) {
            double r = otherEnginesRatio(engine, setting, phase, op);
            estimate = estimate.map(e -> new double[] {e[0] * r, e[1] * r});
        }
        estimate = estimate.or(() -> fromVisits(engine, setting, phase, op));
        if (estimate.isEmpty()) {
            missing.add(engine + "/" + setting + " " + phase.id() + " " + op);
        }
        return estimate;
    }

    private boolean ofThisWorkload(CostTable.Point p) {
        return p.workload().equals(options.workload.id());
    }

    /**
     * A setting with no kept run of this workload: the default setting's estimate of it, not the setting's own runs of
     * another workload scaled, since what a setting changes can hang on the store's size (docs/runs.md, "The plan of a
     * setting kept only at another workload (2026-12-07, issue 65)").
     */
    private Optional<double[]> defaultSettingOfWorkload(String engine, String setting, Phase phase, String op) {
        List<CostTable.Point> base = table.points().stream().filter(p -> p.engine().equals(engine)
                && p.setting().equals(Setting.DEFAULT.id()) && ofThisWorkload(p)).toList();
        Optional<double[]> h = base.isEmpty() ? Optional.empty() : estimate(base, phase, op);
        h.ifPresent(e -> notes.add(setting + " of bench.workload=" + options.workload.id() + ": no kept run of "
                + engine + "; its default setting's"));
        return h;
    }

    /**
     * For an engine kept only at the large workload: the other engines' median ratio of their own kept runs of this
     * workload to the large one scaled (1 where none has both), since WorkloadScale's assumptions do not hold there.
     */
    private double otherEnginesRatio(String engine, String setting, Phase phase, String op) {
        Map<String, Double> kept = new LinkedHashMap<>(keptSeconds);
        Set<String> said = new LinkedHashSet<>(notes);
        List<Double> ratios = new ArrayList<>();
        for (String other : table.points().stream().map(CostTable.Point::engine).distinct().toList()) {
            List<CostTable.Point> all = table.points().stream().filter(p -> p.engine().equals(other)
                    && p.setting().equals(setting)).toList();
            List<CostTable.Point> same = all.stream().filter(this::ofThisWorkload).toList();
            List<CostTable.Point> large = all.stream().filter(p -> p.workload().equals(Workload.LARGE.id())).toList();
            if (other.equals(engine) || same.isEmpty() || large.isEmpty()) {
                continue;
            }
            Optional<double[]> mine = estimate(same, phase, op);
            Optional<double[]> scaled = estimate(large, phase, op);
            if (mine.isPresent() && scaled.isPresent() && mine.get()[0] > 0 && scaled.get()[0] > 0) {
                ratios.add(mine.get()[0] / scaled.get()[0]);
            }
        }
        keptSeconds.clear();
        keptSeconds.putAll(kept);
        notes.retainAll(said);
        if (ratios.isEmpty()) {
            return 1;
        }
        notes.add("bench.workload=" + options.workload.id() + ": an engine with no kept run of it is estimated from"
                + " the large workload's, times the median ratio of the other engines' kept runs of it to the same"
                + " estimate");
        return RunStats.median(ratios);
    }

    /** A step no kept run of this engine has, from its kept visit and create costs (Phase#unkeptSeconds). */
    private Optional<double[]> fromVisits(String engine, String setting, Phase phase, String op) {
        Optional<double[]> visit = perVisit(engine, setting, storebench.phase.Phases.OPEN_RUNS,
                storebench.phase.OpenRunsPhase.OPENRUN.op());
        Optional<double[]> create = perVisit(engine, setting, storebench.phase.Phases.CREATE,
                storebench.phase.CreatePhase.CREATE.op());
        if (visit.isEmpty() || create.isEmpty()) {
            return Optional.empty();
        }
        java.util.OptionalDouble s = phase.unkeptSeconds(op, visit.get()[0], create.get()[0], options.stores,
                options.runs, options.warmupOpens, options);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        notes.add(engine + " " + phase.id() + ": no kept run has it; estimated from its kept visit and create costs");
        return Optional.of(new double[] {s.getAsDouble(), s.getAsDouble()});
    }

    /** A kept step's seconds per store it visited {wall} at its nearest N (this machine's), empty where none. */
    private Optional<double[]> perVisit(String engine, String setting, Phase phase, String op) {
        return nearest(points(engine, setting), phase, op).map(p -> {
            CostTable.StepCost s = p.step(phase.id(), op).orElseThrow();
            double visited = Math.max(1, s.work().visited());
            return new double[] {s.seconds().wallS() / visited * calibration.scale(p.run())};
        });
    }

    /** The default setting's estimate times the settings' ratio, where the default setting was kept nearer this N. */
    private Optional<double[]> acrossSettings(String engine, String setting, List<CostTable.Point> own, Phase phase,
                                              String op) {
        List<CostTable.Point> defaults = points(engine, Setting.DEFAULT.id());
        Optional<CostTable.Point> ownNearest = nearest(own, phase, op);
        Optional<CostTable.Point> defaultNearest = nearest(defaults, phase, op);
        Optional<CostTable.Point> bothAt = ownNearest.flatMap(o -> defaults.stream().filter(d -> d.stores() == o.stores()
                && d.step(phase.id(), op).isPresent()).findFirst());
        if (ownNearest.isEmpty() || defaultNearest.isEmpty() || bothAt.isEmpty()
                || distance(defaultNearest.get()) >= distance(ownNearest.get())) {
            return Optional.empty();
        }
        double[] mine = scaled(ownNearest.get(), phase, op);
        double[] theirs = scaled(bothAt.get(), phase, op);
        notes.add(setting + " at N=" + count(options.stores) + ": no kept run there; the default setting's figures there,"
                + " times the two settings' ratio at N=" + count(ownNearest.get().stores()));
        return estimate(defaults, phase, op).map(h -> new double[] {h[0] * ratio(mine[0], theirs[0]),
                h[1] * ratio(mine[1], theirs[1])});
    }

    private static double ratio(double a, double b) {
        return b > 0 ? a / b : 1;
    }

    private double distance(CostTable.Point p) {
        return Math.abs(Math.log((double) p.stores() / options.stores));
    }

    private Optional<CostTable.Point> nearest(List<CostTable.Point> points, Phase phase, String op) {
        return points.stream().filter(p -> p.step(phase.id(), op).isPresent())
                .min(Comparator.comparingDouble(this::distance));
    }

    /** Whether the points with this step hold this run's N or lie on both sides of it. */
    private boolean covers(List<CostTable.Point> points, Phase phase, String op) {
        List<Integer> ns = points.stream().filter(p -> p.step(phase.id(), op).isPresent()).map(CostTable.Point::stores)
                .toList();
        return ns.contains(options.stores) || ns.stream().anyMatch(n -> n < options.stores)
                && ns.stream().anyMatch(n -> n > options.stores);
    }

    /** {0, 0} where the trials hold the phase but not the step; empty where they hold neither. */
    private Optional<double[]> estimate(List<CostTable.Point> points, Phase phase, String op) {
        List<CostTable.Point> having = points.stream().filter(p -> p.step(phase.id(), op).isPresent()).toList();
        if (having.isEmpty()) {
            boolean phaseKept = points.stream().anyMatch(p -> p.steps().stream()
                    .anyMatch(s -> s.phase().equals(phase.id())));
            // e.g. a Node engine's concurrency warms up inside its workers: no warm-up step of its own
            return phaseKept ? Optional.of(new double[] {0, 0}) : Optional.empty();
        }
        int n = options.stores;
        CostTable.Point below = null;
        CostTable.Point above = null;
        for (CostTable.Point p : having) {
            if (p.stores() <= n && (below == null || p.stores() > below.stores())) {
                below = p;
            }
            if (p.stores() >= n && (above == null || p.stores() < above.stores())) {
                above = p;
            }
        }
        if (below == null || above == null) {
            CostTable.Point nearest = below != null ? below : above;
            notes.add("N=" + count(n) + " lies outside the kept runs' N for some steps: scaled from the nearest ("
                    + having.stream().map(p -> count(p.stores())).distinct().collect(Collectors.joining(", ")) + ")");
            return Optional.of(scaled(nearest, phase, op));
        }
        if (below == above) {
            return Optional.of(scaled(below, phase, op));
        }
        double[] lo = scaled(below, phase, op);
        double[] hi = scaled(above, phase, op);
        double t = (Math.log(n) - Math.log(below.stores())) / (Math.log(above.stores()) - Math.log(below.stores()));
        return Optional.of(new double[] {lo[0] + t * (hi[0] - lo[0]), lo[1] + t * (hi[1] - lo[1])});
    }

    /** Kept trials of this run's workload, else of the large one; where the setting has none, the default setting's. */
    private List<CostTable.Point> points(String engine, String setting) {
        List<CostTable.Point> all = table.points().stream().filter(p -> p.engine().equals(engine)
                && p.setting().equals(setting)).toList();
        List<CostTable.Point> same = all.stream().filter(p -> p.workload().equals(options.workload.id())).toList();
        List<CostTable.Point> own = !same.isEmpty() ? same
                : all.stream().filter(p -> p.workload().equals(Workload.LARGE.id())).toList();
        if (!own.isEmpty() || setting.equals(Setting.DEFAULT.id())) {
            return own;
        }
        List<CostTable.Point> fallback = points(engine, Setting.DEFAULT.id());
        if (!fallback.isEmpty()) {
            fallbacks.computeIfAbsent(setting, k -> new LinkedHashSet<>()).add(engine);
        }
        return fallback;
    }

    /** The runs a phase makes: R, or for the open runs of an A/B comparison its fewest pairs' runs (both sides). */
    private int runs(Phase phase) {
        return options.against.isPresent() && phase == Phases.OPEN_RUNS ? 2 * Against.LEAST_PAIRS : options.runs;
    }

    private double[] scaled(CostTable.Point point, Phase phase, String op) {
        CostTable.StepCost s = point.step(phase.id(), op).orElseThrow();
        CostTable.StepCost.Work w = s.work();
        CostTable.KeptRun kept = table.run(point.run());
        CostTable.KeptRun.Scale at = kept.scale();
        double unitsKept = w.units() > 0 ? w.units() : phase.units(op, at.stores(), at.runs(), at.hold(), kept);
        double units = phase.plannedUnits(op, options.stores, runs(phase), options.hold, options,
                new Phase.KeptStep(w.lines(), w.units(), kept));
        double scale = unitsKept > 0 ? units / unitsKept : 1;
        double lines = w.perRun() ? (double) runs(phase) / at.runs() : 1;
        double ratio;
        if (s.warmUp()) {
            ratio = scale * warmUpVisits(w, kept, s.seconds().wallS()) / Math.max(1.0, (double) w.visited()
                    / w.lines());
        } else if (w.visited() > 0 && w.visited() < unitsKept) {
            ratio = Math.min(scale, lines); // it stopped short (a limit, a precision reached): no further with more room
        } else {
            ratio = scale;
        }
        ratio *= workload.factor(point, phase, op);
        double machine = calibration.scale(point.run());
        double wallS = s.seconds().wallS();
        double wall = wallS * ratio * machine;
        keptSeconds.merge(point.run(), wallS * ratio, Double::sum);
        return new double[] {wall, wall + Math.max(0, s.seconds().elapsedS() - wallS) * (w.perRun() ? lines : ratio)
                * machine};
    }

    /**
     * A warm-up's visits under this run's floor and ceiling: those that ended at the kept floor settle no sooner than
     * the rule allows, the others where they settled; past the floor, at most bench.warmupSeconds of visits.
     */
    private double warmUpVisits(CostTable.StepCost.Work s, CostTable.KeptRun kept, double wallS) {
        int ceiling = options.warmupOpens;
        if (options.warmup == WarmUp.Rule.FIXED) {
            return ceiling;
        }
        int keptFloor = kept.option(WarmUp.JIT_VISITS);
        double least = SteadyState.minWindows() * SteadyState.WINDOW;
        double atFloor = s.floored() == 0 ? 0 : (double) s.floorVisits() / s.floored();
        double newFloor = keptFloor > 0 ? atFloor * options.option(WarmUp.JIT_VISITS) / keptFloor : 0;
        double floored = Math.max(newFloor, Math.min(least, ceiling));
        int free = s.lines() - s.floored();
        double settled = free == 0 ? 0 : Math.min((double) (s.visited() - s.floorVisits()) / free, ceiling);
        double visits = (s.floored() * floored + free * settled) / s.lines();
        double inSeconds = s.visited() > 0 && wallS > 0 ? options.option(WarmUp.SECONDS) * s.visited() / wallS : visits;
        return Math.min(visits, floored + inSeconds);
    }

    private void notScaled() {
        fallbacks.forEach((setting, engines) -> notes.add(setting + ": no kept run of " + String.join(", ", engines)
                + "; estimated from the default setting's"));
        noteIf(workload.scaled(), workload.note());
        noteIf(!"off".equals(options.phaseOptionTexts.getOrDefault("bench.precision", "off")),
                "bench.precision: the runs it adds (up to bench.maxRuns) are not in the estimate");
        noteIf(options.resample > 0 && options.baseline.isPresent(),
                "bench.resample: the gate's extra open runs are not in the estimate");
        noteIf(!options.profilers.isEmpty(), "bench.profilers: the profilers' cost is not in the estimate");
        noteIf(options.profile, "bench.profile: the profiling phases (ProfileBench) are not in the estimate");
        noteIf(options.reuse, "bench.reuse: the estimate creates all N stores; reused ones take less");
        noteIf(options.maxLoad.isPresent(), "bench.maxLoad: waits for the load are not in the estimate");
        noteIf(options.phases.contains(Phases.TRAFFIC) && options.option(storebench.phase.TrafficPhase.SECONDS) > 60,
                "bench.trafficSeconds: each traffic run is planned for its whole open loop; a loop ends sooner"
                + " where the engine's rate reaches the most requests a loop makes first");
        noteIf(options.warmup == WarmUp.Rule.STEADY && options.warmupOpens > 5000,
                "bench.warmupOpens above the kept runs' 5,000: warm-ups that never settled may take longer");
        noteIf(options.phases != Phases.ALL, "not measured: " + Phases.ALL.stream()
                .filter(p -> !options.phases.contains(p)).map(Phase::id).collect(Collectors.joining(", "))
                + " (-Dbench.phases=all measures every phase)");
        noteIf(!missing.isEmpty(), "no kept figure, not in the estimate: " + String.join(", ", missing));
    }

    private void noteIf(boolean applies, String note) {
        if (applies) {
            notes.add(note);
        }
    }

    /** The line at a phase's start; empty for a phase the plan does not hold (a profiling phase). */
    public Optional<String> progress(String engine, String setting, Phase phase, double elapsedS) {
        for (int k = 0; k < items.size(); k++) {
            Item item = items.get(k);
            if (item.engine.equals(engine) && item.setting.equals(setting) && item.phase == phase) {
                double left = aroundS;
                for (int j = k; j < items.size(); j++) {
                    left += items.get(j).elapsedS;
                }
                return Optional.of(String.format(Locale.ROOT, "[storebench] phase %d of %d: %s/%s %s; %s in, about %s"
                        + " left by the plan (estimate %s)", k + 1, items.size(), engine, setting, phase.id(),
                        duration(elapsedS), duration(left), duration(estimateS())));
            }
        }
        return Optional.empty();
    }

    /** The estimate of one phase of one trial (elapsed, s). */
    public java.util.OptionalDouble estimateS(String engine, String setting, Phase phase) {
        return items.stream().filter(i -> i.engine.equals(engine) && i.setting.equals(setting) && i.phase == phase)
                .mapToDouble(Item::elapsedS).findFirst();
    }

    /** Past twice its estimate, a progress line says so: a phase the plan misjudged is seen while it runs. */
    static Optional<String> overrun(double elapsedS, double estimateS) {
        if (!(estimateS > 0) || elapsedS < 2 * estimateS) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "; %.1fx the plan's estimate of this phase (%s)",
                elapsedS / estimateS, duration(estimateS)));
    }

    public List<String> lines() {
        List<String> out = new ArrayList<>();
        long engines = options.engines.stream().filter(e -> e.unavailable().isEmpty()).count();
        out.add("[storebench] plan: " + engines + (engines == 1 ? " engine" : " engines") + " x "
                + options.settings.size() + (options.settings.size() == 1 ? " setting" : " settings") + " x "
                + options.phases.size() + (options.phases.size() == 1 ? " phase" : " phases") + " = " + items.size()
                + " phases to measure; N=" + count(options.stores) + ", R=" + options.runs + ", M=" + count(options.hold)
                + ", workload " + options.workload.id());
        out.add("[storebench]   engines: " + options.enginesAsked + " = " + options.engines.stream()
                .map(EngineDescriptor::id).collect(Collectors.joining(", ")));
        out.add("[storebench]   settings: " + options.settings.stream().map(Setting::id).collect(Collectors.joining(", "))
                + "; phases: " + options.phasesAsked + " = " + options.phases.stream().map(Phase::id)
                .collect(Collectors.joining(", ")));
        out.add(String.format(Locale.ROOT, "[storebench] estimate: %s%s (%,.0f s): %,.0f s in the phases' own lines,"
                + " %,.0f s around them (trial processes starting, store checks, disk scans, the gate)%s",
                missing.isEmpty() && options.against.isEmpty() ? "" : "at least ", duration(estimateS()), estimateS(),
                phasesWallS(), estimateS() - phasesWallS(), leftOut()));
        options.against.ifPresent(a -> out.add(String.format(Locale.ROOT, "[storebench]   against %s: the open runs"
                + " in pairs, A B, B A, B A, A B; at least %d pairs (the estimate), then until decided, at most %d pairs"
                + " or %d minutes", a, Against.LEAST_PAIRS, options.againstPairs.most(),
                options.againstPairs.time().toMinutes())));
        int width = options.engines.stream().mapToInt(e -> e.id().length()).max().orElse(6);
        out.add(String.format(Locale.ROOT, "[storebench]   %-" + width + "s", "s") + options.settings.stream()
                .map(s -> String.format(Locale.ROOT, " %15s", s.id())).collect(Collectors.joining()));
        for (EngineDescriptor e : options.engines) {
            if (!skipped.contains(e.id())) {
                out.add(String.format(Locale.ROOT, "[storebench]   %-" + width + "s", e.id())
                        + options.settings.stream().map(s -> String.format(Locale.ROOT, " %,15.0f", items.stream()
                        .filter(i -> i.engine.equals(e.id()) && i.setting.equals(s.id())).mapToDouble(Item::elapsedS)
                        .sum())).collect(Collectors.joining()));
            }
        }
        out.add("[storebench]   from " + TABLE + " (storebench.tools.Costs over docs/runs/): " + sources());
        notes.forEach(n -> out.add("[storebench]   " + n));
        if (calibration != Calibration.NONE) {
            out.addAll(calibration.lines(mainRun()));
        }
        return out;
    }

    /** What the estimate leaves out, in its headline, so that a short estimate is not read as the run's length. */
    private String leftOut() {
        List<String> phases = missing.stream().map(m -> m.substring(0, m.lastIndexOf(' '))).distinct().toList();
        if (phases.isEmpty()) {
            return "";
        }
        return "; without " + (phases.size() == 1 ? "1 phase" : count(phases.size()) + " phases") + " no kept run has"
                + " figures for" + (phases.size() <= 3 ? " (" + String.join(", ", phases) + ")" : " (listed below)");
    }

    /** Which kept runs the estimate rests on, by N. */
    private String sources() {
        Map<Integer, Set<String>> byN = new java.util.TreeMap<>();
        for (EngineDescriptor e : options.engines) {
            for (Setting s : options.settings) {
                for (CostTable.Point p : points(e.id(), s.id())) {
                    byN.computeIfAbsent(p.stores(), k -> new java.util.TreeSet<>()).add(p.run());
                }
            }
        }
        return byN.isEmpty() ? "none" : byN.entrySet().stream().map(en -> "N=" + count(en.getKey()) + " "
                + String.join(", ", en.getValue())).collect(Collectors.joining("; "));
    }

    public RunLine.Plan json() {
        Map<String, Double> byOp = new LinkedHashMap<>();
        items.forEach(i -> i.opsWallS.forEach((op, s) -> byOp.merge(op, s, Double::sum)));
        byOp.replaceAll((op, s) -> Math.round(s * 10) / 10.0);
        return new RunLine.Plan(Math.round(estimateS() * 10) / 10.0, Math.round(phasesWallS() * 10) / 10.0,
                items.size(), byOp, List.copyOf(missing), calibration == Calibration.NONE ? null
                : calibration.json(mainRun()));
    }

    /** "about 21 min", "40 s", "1 h 05 min". */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        long min = Math.round(seconds / 60);
        return min < 60 ? min + " min" : String.format(Locale.ROOT, "%d h %02d min", min / 60, min % 60);
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
