package storebench.phase;

import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.results.Column;

import java.nio.file.Path;
import java.util.List;

/**
 * What a phase runs on (its {@link PhaseRun#params()}): the trial's engine and setting, the run's parameters and
 * options. Fixed for the whole trial, like JMH's BenchmarkParams.
 */
public interface TrialParams extends PhaseOptions {
    String engineId();

    String settingId();

    default Column column() {
        return new Column(engineId(), settingId());
    }

    TrialRuntime runtime();

    Workload workload();

    /** N, the stores of the trial. */
    int stores();

    /** R, the runs of a phase with runs. */
    int runs();

    /** M, the stores held open. */
    int hold();

    Path root();

    /** The ids of the profilers this phase's trial processes run under. */
    List<String> profilers();

    WarmUp.Rule warmupRule();

    /** bench.warmupOpens: the most visits a steady warm-up makes (in whole passes where it must warm the page cache). */
    int warmupOpens();

    /** The library's version as the engine reports it, with the setting; empty before a process started. */
    default String ran() {
        return "";
    }
}
