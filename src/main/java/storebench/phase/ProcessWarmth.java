package storebench.phase;

import storebench.trial.Query;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How far one trial process has been warmed up: the queries it has made its JIT floor for, and where each last
 * settled. A process kept for the next phase keeps it; a fresh one starts with none.
 */
public final class ProcessWarmth {
    private final Set<Query> jitWarmed = ConcurrentHashMap.newKeySet();
    private final Map<Query, Double> settledMs = new ConcurrentHashMap<>();

    /** Whether the process has had its JIT floor for {@code query} ({@link WarmUp#JIT_VISITS}, once per query). */
    public boolean jitWarmed(Query query) {
        return jitWarmed.contains(query);
    }

    public void markJitWarmed(Query query) {
        jitWarmed.add(query);
    }

    /** The median visit (ms) at which {@code query} last settled here; a kept process' warm-up resumes from it. */
    public OptionalDouble settledMs(Query query) {
        Double ms = settledMs.get(query);
        return ms == null ? OptionalDouble.empty() : OptionalDouble.of(ms);
    }

    public void markSettled(Query query, double ms) {
        settledMs.put(query, ms);
    }
}
