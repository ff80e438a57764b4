package storebench.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.phase.PhaseStores;
import storebench.phase.StoresRequest;
import storebench.trial.TrialFailure;
import storebench.trial.answer.CheckAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The stores side B of a version comparison visits: A's pool where B's library opens and counts every one, else a pool
 * of B's own, with the reason. Two pools made alike differ by a steady 2% (docs/runs.md, "Two versions in one sitting:
 * in step, and the bar (2026-12-06, issue 61)"), so sharing is the rule.
 */
final class SideBStores extends TrialPool {
    /** A's stores. B's processes are asked directly: a failed check is B's answer, not a failure of B's trial. */
    private final PhaseStores a;
    /** Why B has a pool of its own; empty while it reads A's, null until decided. */
    private Optional<String> ownPool;

    SideBStores(Bench bench, Trial b, PhaseStores a, String poolFolder, TrialProcesses processes,
                TrialResults results) {
        super(bench, b, poolFolder, processes, results);
        this.a = a;
    }

    @Override
    public synchronized void ensure() throws Exception {
        a.ensure();
        if (ownPool == null) {
            ownPool = check();
            ownPool.ifPresent(why -> bench.console.println("[storebench] " + trial + ": " + why + "; B makes a pool of"
                    + " its own with its library, and its runs visit that"));
        }
        if (ownPool.isPresent()) {
            super.ensure();
        }
    }

    /** Why B cannot read A's pool, or empty where it can. */
    private Optional<String> check() throws Exception {
        int n = bench.options.stores;
        ObjectNode request = trial.processes().request(CheckAnswer.OP, new StoresRequest(IntStream.range(0, n)
                .toArray()));
        List<Integer> valid;
        try {
            valid = CheckAnswer.of(processes.request(request, n, done -> { })).valid();
        } catch (TrialFailure | IOException e) {
            processes.fresh();
            return Optional.of("its process failed reading side A's stores (" + e.getMessage().lines().findFirst()
                    .orElse("") + ")");
        }
        if (valid.size() == n) {
            return Optional.empty();
        }
        int first = IntStream.range(0, n).filter(i -> !valid.contains(i)).findFirst().orElse(0);
        return Optional.of(String.format(java.util.Locale.ROOT, "its library could not read %d of side A's %d stores,"
                + " store-%d first: it did not open them, or counted other than %d notes", n - valid.size(), n, first,
                bench.options.workload.notesPerStore()));
    }

    /** Why B visits a pool of its own; empty where it visits A's. Known once {@link #ensure} has run. */
    synchronized Optional<String> ownPool() {
        if (ownPool == null) {
            throw new IllegalStateException(trial + ": whether B reads A's pool is not known before its stores are"
                    + " ensured");
        }
        return ownPool;
    }

    synchronized Path root() {
        return ownPool != null && ownPool.isPresent() ? poolDir() : a.pool();
    }

    @Override
    public synchronized Path pool() {
        return ownPool != null && ownPool.isPresent() ? super.pool() : a.pool();
    }
}
