package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.RunStats;
import storebench.trial.PhaseLoops.Query;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The uncounted warm-up before measurements: a trial process visits the stores with the phase's query (open, count or
 * read, close) in windows of {@link SteadyState#WINDOW} visits, going round the N stores in order, until its figures
 * have settled ({@link SteadyState}), at least one whole pass (the page cache holds every store) and at most the fixed
 * warm-up's whole passes of at least bench.warmupOpens visits. With bench.warmup=fixed it always makes those. The
 * phases with runs begin each run with it, the memory phase its holding process.
 */
public final class WarmUp {
    /** How a warm-up decides when to stop (bench.warmup). */
    public enum Rule {
        /** Once the windows' figures have settled (SteadyState), between a floor and the fixed warm-up's visits. */
        STEADY,
        /** Whole passes of at least bench.warmupOpens visits, always. */
        FIXED;

        public static Rule of(String value) {
            try {
                return valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bench.warmup='" + value + "' is not valid: give steady (each"
                        + " warm-up stops once its figures settle, at most bench.warmupOpens visits) or fixed (always"
                        + " whole passes of at least bench.warmupOpens visits)");
            }
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private WarmUp() {
    }

    /**
     * Whole passes over {@code n} stores that make at least {@code minVisits} visits: the fixed warm-up's passes (one
     * pass warms the page cache, but the JIT compiles a driver's open path only after a few thousand calls), a
     * concurrency run's, a Node worker's warm-up over its share.
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
     * Warms up the trial's process (started if there is none). The phase line records the visits made, the rule, where
     * the steady-state rule said settled (under bench.warmup=fixed too, so that a fixed run shows where a steady one
     * would have stopped; absent where it never did) and every window's median visit and JIT time. The yardstick's
     * blocks run around the first windows, so that it is compiled before a run times it, like the engine's path.
     */
    static void warm(PhaseRun run, Phase.Step step, Query query, Consumer<ObjectNode> line) throws Exception {
        int n = run.stores();
        int ceiling = run.warmOrder().size();
        int floor = Math.min(ceiling, Math.max(n, SteadyState.minWindows() * SteadyState.WINDOW));
        boolean steady = run.warmupRule() == Rule.STEADY;
        PhaseRun.Requests requests = run.requests(step, ceiling);
        List<Double> medians = new ArrayList<>();
        List<Double> compileMs = new ArrayList<>();
        List<Double> wallMs = new ArrayList<>();
        int visited = 0;
        int settledAt = -1;
        while (visited < ceiling) {
            int w = Math.min(SteadyState.WINDOW, ceiling - visited);
            int[] order = new int[w];
            for (int k = 0; k < w; k++) {
                order[k] = (visited + k) % n;
            }
            ObjectNode request = run.request(Protocol.VISITS).put("query", query.id)
                    .put("yard", medians.size() < SteadyState.BLOCK);
            request.set("order", Protocol.ints(order));
            JsonNode result = requests.send(request, w);
            medians.add(RunStats.median(Protocol.toLongs(result.path("samples").get(query.total), query.total)) / 1e6);
            if (result.has("compileMs")) {
                compileMs.add(result.path("compileMs").asDouble());
            }
            wallMs.add(result.path("wallNs").asLong() / 1e6);
            visited += w;
            if (settledAt < 0 && visited >= floor && SteadyState.settled(medians, compileMs, wallMs)) {
                settledAt = visited;
                if (steady) {
                    break;
                }
            }
        }
        int settled = settledAt;
        requests.end(l -> {
            l.put("rule", run.warmupRule().id()).put("windowVisits", SteadyState.WINDOW);
            if (settled >= 0) {
                l.put("settledAt", settled);
            }
            ArrayNode windows = l.putArray("windows");
            medians.forEach(m -> windows.add(Math.round(m * 1e4) / 1e4));
            if (!compileMs.isEmpty()) {
                ArrayNode jit = l.putArray("compileMs");
                compileMs.forEach(jit::add);
            }
            line.accept(l);
        });
    }
}
