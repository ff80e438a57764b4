package storebench.phase;

/**
 * What a phase sees while it measures one trial (one engine under one setting), in four roles: what it runs on
 * ({@link TrialParams}), the stores it works on ({@link PhaseStores}), its trial processes ({@link PhaseProcesses}) and
 * where its results go ({@link PhaseResults}). The bench run (storebench.run.Trial) provides them.
 */
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
