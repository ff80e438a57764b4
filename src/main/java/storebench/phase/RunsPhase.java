package storebench.phase;

import storebench.results.Stat;

import java.util.List;

/** A phase measured in R runs after their own warm-ups ({@link RunSeries}): the open runs, read, cold. */
abstract class RunsPhase extends Phase {
    /** Its runs; set by each phase's constructor, as the series is made with the phase. */
    RunSeries series;

    RunsPhase(String id, Step warmUp, Step run, List<Stat> stats) {
        super(id, Processes.ONE_PER_RUN, List.of(warmUp, run), stats);
    }

    /** R fresh processes (bench.maxRuns where bench.precision may add runs), each a warm-up of whole passes and the run. */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return Precision.mostRuns(runs, options) * (warmupPasses + 1);
    }

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return series.units(op, stores, runs, options);
    }

    @Override
    public List<PhaseOption<?>> options() {
        List<PhaseOption<?>> options = new java.util.ArrayList<>(List.of(Precision.TARGET, Precision.MAX_RUNS,
                WarmUp.SHARE, WarmUp.JIT_VISITS, WarmUp.SECONDS));
        if (series.visitsSample()) {
            options.addAll(List.of(Sample.STORES, Sample.PRECISION));
        }
        return List.copyOf(options);
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        return series.measure(run);
    }
}
