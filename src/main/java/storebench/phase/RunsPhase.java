package storebench.phase;

import storebench.results.Stat;

import java.util.List;

/**
 * A phase measured in R runs, each in run r's trial process (fresh, or kept from an earlier phase under bench.share)
 * after its own warm-up ({@link RunSeries}): the open runs, read, cold. What they share is here; each phase says what its runs visit with and what they yield.
 */
abstract class RunsPhase extends Phase {
    /** A phase of runs: each run's warm-up step, then its run step; the statistics its runs yield. */
    RunsPhase(String id, Step warmUp, Step run, List<Stat> stats) {
        super(id, Processes.ONE_PER_RUN, List.of(warmUp, run), stats);
    }

    /** Its runs, made once by the phase. */
    abstract RunSeries runs();

    /** R fresh processes (bench.maxRuns where bench.precision may add runs), each a warm-up of whole passes and the run. */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return Precision.mostRuns(runs, options) * (warmupPasses + 1);
    }

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return runs().units(op, stores, runs, options);
    }

    @Override
    public List<PhaseOption<?>> options() {
        return List.of(Precision.TARGET, Precision.MAX_RUNS, WarmUp.SHARE, WarmUp.JIT_VISITS, WarmUp.SECONDS);
    }

    /** {@code options} and bench.sample: for the phases whose runs visit a sample of the pool. */
    static List<PhaseOption<?>> withSample(List<PhaseOption<?>> options) {
        List<PhaseOption<?>> all = new java.util.ArrayList<>(options);
        all.add(Sample.STORES);
        all.add(Sample.PRECISION);
        return List.copyOf(all);
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        return runs().measure(run);
    }
}
