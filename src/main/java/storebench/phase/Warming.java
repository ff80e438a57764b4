package storebench.phase;

import storebench.model.TrialRuntime;
import storebench.results.Column;
import storebench.results.WarmUpLine;
import storebench.trial.Query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One warm-up of a query in the trial's process, as {@link WarmUp#warm} makes it: what it may visit ({@link WarmUp.Plan}),
 * its JIT floor (a JVM's steady warm-up of a query the process has not yet floored), and its windows so far, judged
 * after each by the steady-state rule ({@link SteadyState}).
 */
final class Warming {
    private final Query query;
    private final boolean steady;
    /** Where a kept process last settled this query (it need only show it is back there), if it did. */
    private final OptionalDouble resumeAt;
    /** The page cache's share of the pool's first stores, as the plan read it (-1 where it did not ask). */
    private double residencyRead = -1;
    private final WarmUp.Plan plan;
    private final int jitVisits;
    private final boolean jit;
    private final double mostMs;
    /** The wall time of the windows past its floors. */
    private double pastMs;
    private final List<SteadyState.Window> windows = new ArrayList<>();
    private int ceiling;
    private int visited;
    private int settledAt = -1;
    private int jitFloorAt = -1;
    private double floorWallMs;
    private double floorCompileMs;

    Warming(PhaseRun run, Query query) throws IOException {
        TrialParams params = run.params();
        ProcessWarmth warmth = run.processes().warmth();
        this.query = query;
        this.steady = params.warmupRule() == WarmUp.Rule.STEADY;
        this.resumeAt = steady ? warmth.settledMs(query) : OptionalDouble.empty();
        this.plan = WarmUp.Plan.of(params.stores(), params.warmupOpens(), params.warmupRule(),
                resumeAt.isPresent() ? SteadyState.BLOCK : SteadyState.minWindows(),
                stores -> residencyRead = WarmUp.resident(run, stores));
        this.jitVisits = params.option(WarmUp.JIT_VISITS);
        this.jit = steady && jitVisits > 0 && params.runtime() == TrialRuntime.JVM && !warmth.jitWarmed(query);
        this.mostMs = params.option(WarmUp.SECONDS) * 1000;
        int jitCeiling = WarmUp.passes(plan.stores(), jitVisits) * plan.stores();
        this.ceiling = jit ? Math.max(plan.ceiling(), jitCeiling) : plan.ceiling();
    }

    /** The most visits it makes (the JIT floor may end early, and the ceiling with it). */
    int ceiling() {
        return ceiling;
    }

    /** Whether it makes another window: short of its ceiling, not settled, and past its floors within its seconds. */
    boolean goesOn() {
        return visited < ceiling && !(steady && (settledAt >= 0 || pastMs >= mostMs));
    }

    private boolean pastFloors() {
        return visited >= plan.floor() && (!jit || jitFloorAt >= 0);
    }

    /** The next window's stores, in order: round the plan's stores from where the last window ended. */
    int[] nextOrder() {
        int w = Math.min(SteadyState.WINDOW, ceiling - visited);
        int[] order = new int[w];
        for (int k = 0; k < w; k++) {
            order[k] = (visited + k) % plan.stores();
        }
        return order;
    }

    /** Whether the next window runs the yardstick's blocks around its visits: the first block's windows do. */
    boolean yard() {
        return windows.size() < SteadyState.BLOCK;
    }

    /** Adds a window of {@code visits} visits and judges the windows so far. */
    void add(SteadyState.Window window, int visits) {
        windows.add(window);
        boolean wasPast = pastFloors();
        visited += visits;
        if (jit && jitFloorAt < 0) {
            floor(window);
        }
        if (wasPast) {
            pastMs += window.wallMs();
        }
        if (settledAt < 0 && pastFloors() && SteadyState.stops(windows, resumeAt)) {
            settledAt = visited;
        }
    }

    /**
     * The JIT floor after another window: it ends at bench.jitVisits, or sooner where it has taken long enough while
     * the JIT compiled little of it ({@link WarmUp#JIT_FLOOR_MS}); past the floor the ceiling is the rule's own again.
     */
    private void floor(SteadyState.Window window) {
        floorWallMs += window.wallMs();
        floorCompileMs += window.compileMs().orElse(0);
        boolean cut = floorWallMs >= WarmUp.JIT_FLOOR_MS && floorCompileMs <= WarmUp.JIT_CUT_SHARE * floorWallMs;
        if (visited >= jitVisits || cut) {
            jitFloorAt = visited;
            if (visited < jitVisits) {
                ceiling = Math.max(visited, plan.ceiling());
            }
        }
    }

    /** Tells the process' warm-up state what this warm-up did: the JIT floor it made, where it settled. */
    void record(ProcessWarmth warmth) {
        if (jit) {
            warmth.markJitWarmed(query);
        }
        if (steady && settledAt >= 0) {
            warmth.markSettled(query, SteadyState.lastBlock(SteadyState.medians(windows)));
        }
    }

    /**
     * The warm-up's phase line, for run {@code run} (null: a whole phase's) in a process kept warm or not: its rule,
     * windows (their medians, JIT times and noise, SteadyState.tolerance's), floors, residency and where it settled.
     */
    WarmUpLine describe(Column column, String op, Integer run, boolean kept, int stores, WarmUp.Rule rule) {
        List<Double> medians = SteadyState.medians(windows);
        WarmUpLine.Windows w = new WarmUpLine.Windows(SteadyState.WINDOW, medians.stream().map(Warming::round)
                .toList(), windows.stream().flatMap(x -> x.compileMs().stream().boxed()).map(Math::round).toList(),
                resumeAt.isPresent() ? round(resumeAt.getAsDouble()) : null, round(SteadyState.noise(medians)),
                settledAt >= 0 ? settledAt : null);
        boolean read = residencyRead >= 0;
        WarmUpLine.Floor floor = new WarmUpLine.Floor(stores, read ? round(residencyRead) : null,
                read ? plan.wholePass() : null, jit ? jitFloorAt : null, jit ? jitFloorAt >= 0 && jitFloorAt < jitVisits
                : null);
        return new WarmUpLine(column, op, run, kept ? true : null, rule.id(), w, floor, visited);
    }

    private static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }
}
