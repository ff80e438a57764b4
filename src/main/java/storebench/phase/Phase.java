package storebench.phase;

import storebench.model.JvmCollector;
import storebench.results.PhaseReading;
import storebench.results.Stat;

import java.util.List;
import java.util.Optional;

/**
 * One phase of a store's life, on the parent's side: its statistics, the steps it sends to a trial process, where its
 * processes come from, and how its samples become statistics (docs/extending.md, "A phase"). Its loop in the trial
 * process is its op's: a handler listed in storebench.trial.child.ChildOps (JVM) and src/main/node/lib/ops/OP.js (Node).
 * Register it in {@link Phases}; what it says in a report is its {@link PhaseReading}.
 */
public abstract class Phase implements PhaseReading {
    /** Where a phase's trial processes come from. */
    public enum Processes {
        /** The trial's process, kept between phases (create, disk). */
        SHARED,
        /** A fresh process for the phase, closed after it (memory: nothing else may have run in it). */
        FRESH,
        /** A fresh process, no other of the trial alive (capacity: idle processes would take its memory). */
        FRESH_ALONE,
        /**
         * A process for each of the R runs: fresh, like JMH's forks, with bench.share=false; otherwise the one an
         * earlier phase kept warm for run r ({@link PhaseProcesses#takeWarm}), kept in turn for the next such phase.
         */
        ONE_PER_RUN
    }

    /**
     * One request a phase sends: its op, whether it waits for the load first (bench.maxLoad), its wall-time column,
     * and what its progress lines count ("stores", or "steps" where the process reports stages).
     */
    public record Step(String op, boolean loadGated, String wallTimeColumn, String counts) {
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

    /** Steps in the order it sends them, statistics in the order of their rows (none for a phase that explains). */
    protected Phase(String id, Processes processes, List<Step> steps, List<Stat> stats) {
        this.id = id;
        this.processes = processes;
        this.steps = List.copyOf(steps);
        this.stats = List.copyOf(stats);
    }

    /** The phase's name: in status lines, the report, and the phase test that measures it. */
    @Override
    public final String id() {
        return id;
    }

    /** A phase's statistics followed by its counters' (VisitCounterStats), in row order. */
    static List<Stat> with(List<Stat> stats, VisitCounterStats counters) {
        List<Stat> all = new java.util.ArrayList<>(stats);
        all.addAll(counters.all());
        return List.copyOf(all);
    }

    public final List<Stat> stats() {
        return stats;
    }

    public final List<Step> steps() {
        return steps;
    }

    public final Processes processes() {
        return processes;
    }

    /** The options it reads (docs/options.md lists them with the run's other options). */
    public List<PhaseOption<?>> options() {
        return List.of();
    }

    /** How often it opens each of the pool's stores in one trial (RocksDB's stores grow with every open). */
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return 0;
    }

    /**
     * Throws IllegalArgumentException, before anything is made, for options under which this phase cannot measure the
     * engine (more stores open than one of its processes holds), naming the option, the limit and its cause.
     */
    public void check(storebench.engine.EngineDescriptor engine, List<storebench.model.Setting> settings,
                      PhaseOptions options) {
    }

    /** How many stores of its own it holds on the bench root at once, beside the pool (for the disk check). */
    public int ownStores(int stores, PhaseOptions options) {
        return 0;
    }

    /**
     * How much step {@code op} does in one trial, in what its time grows with (visits; warm-ups for a warm-up step):
     * RunPlan scales a kept run's seconds by it. 0 for a step it does not send.
     */
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return 0;
    }

    /** What one step did in a kept run (CostTable): its lines, the {@link #units} they say (0: unsaid), its options. */
    public record KeptStep(int lines, double units, PhaseOptions options) {
    }

    /** {@link #units}, unless the phase can say better from what this engine's step did in a kept run. */
    public double plannedUnits(String op, int stores, int runs, int hold, PhaseOptions options, KeptStep kept) {
        return units(op, stores, runs, hold, options);
    }

    /**
     * Step {@code op}'s seconds for an engine no kept run measured this phase for, from its kept visit and create
     * seconds; empty where the phase cannot say (the plan then leaves the step out, and says so).
     */
    public java.util.OptionalDouble unkeptSeconds(String op, double visitS, double createS, int stores, int runs,
                                                  int warmupOpens, PhaseOptions options) {
        return java.util.OptionalDouble.empty();
    }

    /** How many stores its process holds open at once, which sizes its heap (TrialCommands.holdHeap); 0: default. */
    public int holdsOpen(TrialParams params) {
        return 0;
    }

    /**
     * Where its JVM processes serve requests as a service's JVM would: their collector and the stores one keeps open;
     * empty for the measuring phases' fixed, pre-touched heap and serial collector.
     */
    public Optional<Serving> serving(TrialParams params) {
        return Optional.empty();
    }

    /** A serving phase's JVM: its collector and the most stores a process keeps open. */
    public record Serving(JvmCollector collector, int openStores) {
    }

    /** Whether it needs the trial's store pool (made, and its create measured, by whichever phase needs it first). */
    public boolean usesPool() {
        return true;
    }

    @Override
    public final List<WallTime> wallTimes() {
        return steps().stream().filter(s -> s.wallTimeColumn() != null).map(s -> new WallTime(s.op(), s.wallTimeColumn()))
                .toList();
    }

    /** Sends its steps, records its statistics, returns them; its processes are set up as {@link #processes()} says. */
    public abstract Measured measure(PhaseRun run) throws Exception;

    @Override
    public String toString() {
        return id;
    }
}
