package storebench.phase;

import storebench.model.JvmCollector;
import storebench.results.PhaseReading;
import storebench.results.Stat;

import java.util.List;
import java.util.Optional;

/**
 * One phase of a store's life, on the parent's side: the statistics it yields (their ids, labels and units), the steps
 * it sends to a trial process (each with its op, whether it waits for the load first, its column in the report's
 * wall times), where its trial processes come from, and how its samples become its statistics. Its loop in the trial
 * process is its op's (named by its answer record in storebench.trial.answer): a class listed in
 * storebench.trial.child.ChildOps (JVM) and the file src/main/node/lib/ops/OP.js (Node). Register it in {@link Phases}. What it says about its results in a report (notes, marks, charts, wall-time columns) is its
 * {@link PhaseReading}.
 */
public abstract class Phase implements PhaseReading {
    /** Where a phase's trial processes come from. */
    public enum Processes {
        /** The trial's process, kept between phases (create, disk). */
        SHARED,
        /** A fresh process for the phase, closed after it (memory: nothing else may have run in it). */
        FRESH,
        /**
         * A fresh process for the phase, and no other process of the trial alive while it runs (capacity: it holds
         * stores until the machine's available memory runs short, which idle processes would take from it).
         */
        FRESH_ALONE,
        /**
         * A process for each of the R runs, run r's (open runs, read, cold, concurrency): fresh, like JMH's forks, with
         * bench.share=false; with bench.share (the default) the one an earlier phase kept warm for run r where there is
         * one ({@link PhaseProcesses#takeWarm}), and, once warmed up and measured, kept for run r of the next such phase.
         */
        ONE_PER_RUN
    }

    /**
     * One request a phase sends: its op, whether it waits for the load first (bench.maxLoad), its column in the
     * report's table of wall times, and what its progress lines count ("stores" for a step that visits stores one by
     * one; a step whose trial process reports stages instead says so, so a failure reads "2 of 3 steps done").
     */
    public record Step(String op, boolean loadGated, String wallTimeColumn, String counts) {
        /** A step whose progress counts the stores it has visited. */
        public Step(String op, boolean loadGated, String wallTimeColumn) {
            this(op, loadGated, wallTimeColumn, "stores");
        }

        /** A warm-up's step: its requests are windows of visits (WarmUp), and its progress counts their visits. */
        public static Step warmUp(String op, String wallTimeColumn) {
            return new Step(op, true, wallTimeColumn, "warm-up visits");
        }
    }

    private final String id;
    private final Processes processes;
    private final List<Step> steps;
    private final List<Stat> stats;

    /**
     * A phase: its id, where its trial processes come from, the steps it sends (in the order it sends them) and the
     * statistics it yields (in the order of their rows; none for a phase that explains rather than measures).
     */
    protected Phase(String id, Processes processes, List<Step> steps, List<Stat> stats) {
        this.id = id;
        this.processes = processes;
        this.steps = List.copyOf(steps);
        this.stats = List.copyOf(stats);
    }

    /** The phase's name: in status lines, progress, the report, and the phase test that measures it. */
    @Override
    public final String id() {
        return id;
    }

    /** The statistics it yields, in the order of their rows. */
    /** A phase's statistics followed by its counters' (VisitCounterStats), in row order. */
    static List<Stat> with(List<Stat> stats, VisitCounterStats counters) {
        List<Stat> all = new java.util.ArrayList<>(stats);
        all.addAll(counters.all());
        return List.copyOf(all);
    }

    public final List<Stat> stats() {
        return stats;
    }

    /** The steps it sends to trial processes (those with a wall-time column get one in the report). */
    public final List<Step> steps() {
        return steps;
    }

    /** Where its trial processes come from. */
    public final Processes processes() {
        return processes;
    }

    /** The options it reads (docs/options.md lists them with the run's other options). */
    public List<PhaseOption<?>> options() {
        return List.of();
    }

    /**
     * How often it opens each of the pool's stores in one trial (RocksDB's stores grow with every open, so the disk a
     * run needs depends on it), given N, R, the warm-up's whole passes over the N stores and the run's options.
     */
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return 0;
    }

    /**
     * Refuses, before anything is made, options under which this engine cannot be measured by this phase (more stores
     * open at once than one of its processes holds): throws IllegalArgumentException naming the option, the limit and
     * its cause, under any of the run's settings. Nothing is refused by default.
     */
    public void check(storebench.engine.EngineDescriptor engine, List<storebench.model.Setting> settings,
                      PhaseOptions options) {
    }

    /**
     * How many stores of the pool's workload it makes of its own and holds on the bench root at once, beside the pool
     * (the disk a run needs counts them before anything is made); none by default.
     */
    public int ownStores(int stores, PhaseOptions options) {
        return 0;
    }

    /**
     * How much its step {@code op} does in one trial under these options, in what that step's time grows with: its
     * visits, or for a warm-up step its warm-ups (each as long as its figures take to settle). The plan scales a kept
     * run's seconds by it (storebench.run.RunPlan); 0 for a step it does not send.
     */
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return 0;
    }

    /**
     * What one step did in a kept run, as the cost table (storebench.run.CostTable) holds it: its phase lines, the
     * plan units ({@link #units}) they say they did (storebench.results.StepWork#planUnits; 0 where they do not say),
     * and the options the kept run had.
     */
    public record KeptStep(int lines, double units, PhaseOptions options) {
    }

    /**
     * The units of step {@code op} in a run under {@code options}, knowing what this engine's step did in a kept run:
     * {@link #units} unless the phase can say better from the kept step.
     */
    public double plannedUnits(String op, int stores, int runs, int hold, PhaseOptions options, KeptStep kept) {
        return units(op, stores, runs, hold, options);
    }

    /**
     * Step {@code op}'s seconds in a trial of an engine no kept run measured this phase for, from what the kept runs
     * measured of it elsewhere: its visit (open, count, close) and its create (a store made and written in one
     * transaction), seconds each; empty where the phase cannot say (the plan then leaves the step out, and says so).
     */
    public java.util.OptionalDouble unkeptSeconds(String op, double visitS, double createS, int stores, int runs,
                                                  PhaseOptions options) {
        return java.util.OptionalDouble.empty();
    }

    /**
     * How many stores its process holds open at once, where it holds more than a visit does (its process then gets a
     * heap for them, storebench.run.TrialCommands.holdHeap); 0 for the default heap.
     */
    public int holdsOpen(TrialParams params) {
        return 0;
    }

    /**
     * Where its JVM trial processes serve requests as a service's JVM would (the traffic and concurrency phases): the
     * collector they run and the most stores one keeps open (their heap is sized for them, as
     * storebench.run.TrialCommands.holdHeap sizes a holding process'); empty for the fixed, pre-touched heap and serial
     * collector the measuring phases share.
     */
    public Optional<Serving> serving(TrialParams params) {
        return Optional.empty();
    }

    /** A serving phase's JVM: its collector (bench.trafficGc) and the stores a process of it keeps open at most. */
    public record Serving(JvmCollector collector, int openStores) {
    }

    /** Whether it needs the trial's store pool (made, and its create measured, by whichever phase needs it first). */
    public boolean usesPool() {
        return true;
    }

    /** Its steps with a wall-time column, in the order it sends them. */
    @Override
    public final List<WallTime> wallTimes() {
        return steps().stream().filter(s -> s.wallTimeColumn() != null).map(s -> new WallTime(s.op(), s.wallTimeColumn()))
                .toList();
    }

    /**
     * Measures the phase for one trial: sends its steps, records its statistics (and any other lines), returns them. Its
     * processes are already as {@link #processes()} and {@link #holdsOpen} say when it starts.
     */
    public abstract Measured measure(PhaseRun run) throws Exception;

    @Override
    public String toString() {
        return id;
    }
}
