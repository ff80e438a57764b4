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

    /** The report's column of the trial: its engine under its setting. */
    default Column column() {
        return new Column(engineId(), settingId());
    }

    /** Where the engine's trial processes run: a child JVM or the Node worker. */
    TrialRuntime runtime();

    Workload workload();

    /** N, the stores of the trial. */
    int stores();

    /** R, the runs of a phase with runs. */
    int runs();

    /** M, the stores held open. */
    int hold();

    /** The bench root: every store of the run is under it (a full disk is named by it). */
    Path root();

    /** The ids of the profilers this phase's trial processes run under (none: an empty list). */
    List<String> profilers();

    /** How a warm-up decides when to stop (bench.warmup). */
    WarmUp.Rule warmupRule();

    /** bench.warmupOpens: the most visits a steady warm-up makes (in whole passes where it must warm the page cache). */
    int warmupOpens();

    /**
     * What the trial's processes said they ran: its library's version as the engine reports it (bench.against compares
     * two), with the setting; empty before a process of it started.
     */
    default String ran() {
        return "";
    }
}
