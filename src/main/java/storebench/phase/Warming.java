package storebench.phase;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.model.TrialRuntime;
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
    private final Residency residency;
    private final WarmUp.Plan plan;
    private final int jitVisits;
    private final boolean jit;
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
        this.residency = new Residency(run);
        this.plan = WarmUp.Plan.of(params.stores(), params.warmupOpens(), params.warmupRule(),
                resumeAt.isPresent() ? SteadyState.BLOCK : SteadyState.minWindows(), residency);
        this.jitVisits = params.option(WarmUp.JIT_VISITS);
        this.jit = steady && jitVisits > 0 && params.runtime() == TrialRuntime.JVM && !warmth.jitWarmed(query);
        int jitCeiling = WarmUp.passes(plan.stores(), jitVisits) * plan.stores();
        this.ceiling = jit ? Math.max(plan.ceiling(), jitCeiling) : plan.ceiling();
    }

    /** The most visits it makes (the JIT floor may end early, and the ceiling with it). */
    int ceiling() {
        return ceiling;
    }

    /** Whether it makes another window. */
    boolean goesOn() {
        return visited < ceiling && !(steady && settledAt >= 0);
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
        visited += visits;
        if (jit && jitFloorAt < 0) {
            floor(window);
        }
        boolean pastFloor = visited >= plan.floor() && (!jit || jitFloorAt >= 0);
        if (settledAt < 0 && pastFloor && SteadyState.stops(windows, resumeAt)) {
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

    /** The warm-up's phase line: its rule, floors, residency, where it settled, its windows' medians and JIT times. */
    void describe(ObjectNode l, WarmUp.Rule rule) {
        l.put("rule", rule.id()).put("windowVisits", SteadyState.WINDOW);
        if (jit) {
            l.put("jitFloor", jitFloorAt).put("jitFloorCut", jitFloorAt >= 0 && jitFloorAt < jitVisits);
        }
        if (residency.read >= 0) {
            l.put("resident", Math.round(residency.read * 1e4) / 1e4).put("wholePass", plan.wholePass());
        }
        if (settledAt >= 0) {
            l.put("settledAt", settledAt);
        }
        resumeAt.ifPresent(ms -> l.put("resumeMs", Math.round(ms * 1e4) / 1e4));
        List<Double> medians = SteadyState.medians(windows);
        // the windows' noise where it stopped, which set the rule's tolerances (SteadyState.tolerance)
        l.put("noise", Math.round(SteadyState.noise(medians) * 1e4) / 1e4);
        ArrayNode windowMedians = l.putArray("windows");
        medians.forEach(m -> windowMedians.add(Math.round(m * 1e4) / 1e4));
        if (windows.stream().anyMatch(w -> w.compileMs().isPresent())) {
            ArrayNode compiled = l.putArray("compileMs");
            windows.forEach(w -> w.compileMs().ifPresent(compiled::add));
        }
    }

    /** The page cache's share of the pool's first stores, as the plan read it (-1 where it did not ask). */
    private static final class Residency implements WarmUp.Residency {
        private final PhaseRun run;
        private double read = -1;

        Residency(PhaseRun run) {
            this.run = run;
        }

        @Override
        public double of(int stores) throws IOException {
            read = WarmUp.resident(run, stores);
            return read;
        }
    }
}
