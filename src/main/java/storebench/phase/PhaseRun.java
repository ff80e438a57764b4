package storebench.phase;

/** What a phase sees while it measures one trial, in four roles, as JMH's benchmark sees its params. */
public interface PhaseRun {
    TrialParams params();

    PhaseStores stores();

    PhaseProcesses processes();

    PhaseResults results();

    /** Side B of the A/B comparison this trial is side A of (bench.against); empty in a run without one. */
    default java.util.Optional<AgainstSide> against() {
        return java.util.Optional.empty();
    }
}
