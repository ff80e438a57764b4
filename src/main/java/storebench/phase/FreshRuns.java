package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.Latency;
import storebench.results.Stat;
import storebench.trial.PhaseLoops.Query;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * How the phases with runs measure (the open runs, read): R runs, each in a fresh trial process warmed up first
 * ({@link WarmUp}), then one visit of all N stores in run r's seeded order ({@link OpenRunsPhase#visitingOrder}) with
 * the phase's query. Per run, each named sample array gives its p50 (and the whole visit its p99); the phase records
 * the median over the runs.
 */
final class FreshRuns {
    private final Query query;
    private final Phase.Step warmStep;
    private final Phase.Step runStep;
    private final boolean yard;
    /** The samples whose p50 is a statistic, by their name in the trial process' answer. */
    private final Map<String, Stat> medians;
    /** The p99 of the whole visit (the query's total samples). */
    private final Stat p99;
    private final String logPrefix;
    /** What a run's line records of the JIT: its compiler threads' time during the run, and the wait for them before. */
    private static final List<String> JIT_FIELDS = List.of("compileMs", "settleMs", "settled");

    /** The figures of R runs, by statistic, and the highest load a run started at. */
    record Figures(Map<Stat, List<Double>> runs, double maxLoad) {
    }

    FreshRuns(Query query, Phase.Step warmStep, Phase.Step runStep, boolean yard, Map<String, Stat> medians, Stat p99,
              String logPrefix) {
        this.query = query;
        this.warmStep = warmStep;
        this.runStep = runStep;
        this.yard = yard;
        this.medians = medians;
        this.p99 = p99;
        this.logPrefix = logPrefix;
    }

    /**
     * Runs {@code first} to {@code last} (run r visits in the order of {@code new Random(r)}), added to {@code earlier}'s
     * figures; {@code more} adds a run's own figures from its samples (the yardstick's). Each named sample array's
     * runs go to the HdrHistogram log {@code logPrefix + name} ({@code logName} may add to the prefix).
     */
    Figures run(PhaseRun run, int first, int last, Map<Stat, List<Double>> earlier, String logName,
                BiConsumer<JsonNode, Map<Stat, List<Double>>> more) throws Exception {
        Map<Stat, List<Double>> figures = new LinkedHashMap<>();
        earlier.forEach((stat, runs) -> figures.put(stat, new ArrayList<>(runs)));
        Map<String, List<HdrLogs.Interval>> logs = new LinkedHashMap<>();
        double maxLoad = 0;
        for (int r = first; r <= last; r++) {
            int runNumber = r;
            WarmUp.inFreshProcess(run, warmStep, query, l -> l.put("run", runNumber));
            ObjectNode request = run.request(Protocol.VISITS).put("query", query.id).put("yard", yard).put("settle", true)
                    .put("run", r);
            request.set("order", Protocol.ints(OpenRunsPhase.visitingOrder(run.stores(), r)));
            PhaseRun.Answer answer = run.send(runStep, request, run.stores(), (l, reply) -> {
                l.put("run", runNumber);
                for (String field : JIT_FIELDS) { // where the runtime reports them (docs/protocol.md)
                    if (reply.has(field)) {
                        l.set(field, reply.get(field));
                    }
                }
            });
            maxLoad = Math.max(maxLoad, answer.load().load1);
            JsonNode samples = answer.result().path("samples");
            for (Map.Entry<String, Stat> e : medians.entrySet()) {
                if (!samples.has(e.getKey())) {
                    continue; // closefin: the Node worker's only
                }
                Histogram h = Latency.histogram(Protocol.toLongs(samples.get(e.getKey()), e.getKey()));
                logs.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(HdrLogs.interval(h, "run-" + r,
                        answer.result().path("startMs").asLong(), answer.result().path("wallNs").asLong()));
                figures.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(Latency.p50Ms(h));
                if (e.getKey().equals(query.total)) {
                    figures.computeIfAbsent(p99, k -> new ArrayList<>()).add(Latency.p99Ms(h));
                }
            }
            more.accept(samples, figures);
        }
        for (Map.Entry<String, List<HdrLogs.Interval>> e : logs.entrySet()) {
            run.hdrLog(logPrefix + logName + e.getKey(), e.getValue());
        }
        run.freshProcess(); // the next phase starts its own
        return new Figures(figures, maxLoad);
    }
}
