package storebench.phase;

/** Where a phase's options are read: the run's options before it starts, or a trial's (PhaseRun) while it measures. */
public interface PhaseOptions {
    /** One of a phase's own options ({@link Phase#options()}) in this run. */
    <T> T option(PhaseOption<T> option);
}
