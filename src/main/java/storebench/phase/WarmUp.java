package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.trial.PhaseLoops.Query;
import storebench.trial.Protocol;

import java.util.List;
import java.util.function.Consumer;

/**
 * The uncounted warm-up before a run of measurements: a fresh trial process visits every store with the phase's query
 * (open, count or read, close), in whole passes, at least bench.warmupOpens times, so that the page cache and the JIT
 * (drivers' Java open paths compile only after a few thousand calls) are warm. The phases with runs begin each run
 * with it, the memory phase its process.
 */
public final class WarmUp {
    private WarmUp() {
    }

    /**
     * Whole passes over {@code n} stores that make at least {@code minVisits} visits: the warm-up's passes (one pass
     * warms the page cache, but the JIT compiles a driver's open path only after a few thousand calls), a concurrency
     * run's, a Node worker's warm-up over its share.
     */
    public static int passes(int n, int minVisits) {
        return Math.max(1, (minVisits + n - 1) / n);
    }

    /** Starts a fresh trial process and warms it up; {@code line} adds fields to the warm-up's phase line. */
    static void inFreshProcess(PhaseRun run, Phase.Step step, Query query, Consumer<ObjectNode> line)
            throws Exception {
        run.freshProcess();
        warm(run, step, query, line);
    }

    /**
     * Warms up the trial's process (started if there is none). The yardstick's blocks run around the warm-up's visits,
     * so that it is compiled before the runs time it, like the engine's path.
     */
    static void warm(PhaseRun run, Phase.Step step, Query query, Consumer<ObjectNode> line) throws Exception {
        List<Integer> order = run.warmOrder();
        int passes = order.size() / run.stores();
        ObjectNode request = run.request(Protocol.VISITS).put("query", query.id).put("yard", true);
        request.set("order", Protocol.ints(order.stream().mapToInt(Integer::intValue).toArray()));
        run.send(step, request, order.size(), (l, reply) -> {
            l.put("passes", passes);
            line.accept(l);
        });
    }
}
