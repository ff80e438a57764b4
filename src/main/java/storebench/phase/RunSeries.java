package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.LoadAverage;
import storebench.measure.Latency;
import storebench.results.AgainstLine;
import storebench.results.AgainstRunLine;
import storebench.results.PairedRatio;
import storebench.results.ResultsFile;
import storebench.results.RunStats;
import storebench.results.SampleLine;
import storebench.results.Stat;
import storebench.trial.Query;
import storebench.trial.answer.VisitsAnswer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;

/**
 * How the phases with runs measure (the open runs, read, cold): R runs, each in its own process warmed up first
 * ({@link WarmUp}), then one visit of all N stores in run r's seeded order, or of its seeded {@link Sample}; more runs
 * where {@link Precision} asks or the gate resamples. The phase records the median over the runs of each statistic.
 */
final class RunSeries {
    /** Visits per request of a pair's runs in step: about 15 ms, well inside the host's bursts of noise. */
    static final int IN_STEP = 50;
    private final Phase phase;
    private final Query query;
    private final Phase.Step warmStep;
    private final Phase.Step runStep;
    private final Yields yields;
    private boolean yard;
    private BeforeRun beforeRun = (run, r) -> null;
    private RunFigures runFigures = (answer, before, runs) -> { };
    private Recorded recorded = (run, m, earlier, maxLoad) -> { };
    private boolean sampled;
    /** Null: the phase records no counters. */
    private VisitCounterStats counters;

    /** Each named sample array's p50 statistic, the whole visit's p99, and the one bench.precision sizes runs by. */
    record Yields(List<Map.Entry<String, Stat>> medians, Stat p99, Stat decides) {
    }

    /** What the parent does between a run's warm-up and its run (the cold phase drops the pool's pages). */
    @FunctionalInterface
    interface BeforeRun {
        Record before(PhaseRun run, int r) throws Exception;
    }

    /** A run's figures beyond its samples' medians, from its answer and its {@link BeforeRun} fields (or null). */
    @FunctionalInterface
    interface RunFigures {
        void add(VisitsAnswer answer, Record before, Map<Stat, List<Double>> runs) throws Exception;
    }

    /** Figures recorded once the runs are (the open runs' highest load). */
    @FunctionalInterface
    interface Recorded {
        void add(PhaseRun run, Measured m, Measured earlier, double maxLoad) throws Exception;
    }

    RunSeries(Phase phase, Query query, Phase.Step warmStep, Phase.Step runStep, Yields yields) {
        this.phase = phase;
        this.query = query;
        this.warmStep = warmStep;
        this.runStep = runStep;
        this.yields = yields;
    }

    RunSeries withYard() {
        this.yard = true;
        return this;
    }

    /** Each run's counters, per visit, go to these statistics. */
    RunSeries counters(VisitCounterStats stats) {
        this.counters = stats;
        return this;
    }

    RunSeries beforeRun(BeforeRun hook) {
        this.beforeRun = hook;
        return this;
    }

    RunSeries runFigures(RunFigures hook) {
        this.runFigures = hook;
        return this;
    }

    RunSeries recorded(Recorded hook) {
        this.recorded = hook;
        return this;
    }

    RunSeries sampled() {
        this.sampled = true;
        return this;
    }

    boolean visitsSample() {
        return sampled;
    }

    /** A warm-up per run; the visits of R runs. */
    double units(String op, int stores, int runs, PhaseOptions options) {
        if (op.equals(warmStep.op())) {
            return runs;
        }
        return op.equals(runStep.op()) ? (double) runs * (sampled ? Sample.size(stores, options) : stores) : 0;
    }

    /** The R runs, and as many more as bench.precision needs; under bench.against, A's and B's runs interleaved. */
    Measured measure(PhaseRun run) throws Exception {
        if (run.against().isPresent()) {
            return paired(run, run.against().get());
        }
        run.stores().ensure();
        Measured m = runs(run, 1, run.params().runs(), new Measured(phase), "");
        return Precision.extend(run, m, yields.decides(), this);
    }

    /**
     * The one way runs are added, under bench.precision and the gate's bench.resample: one more fresh run at a time,
     * numbered on from those recorded, each with its own warm-up, until {@code stop} holds or there are {@code most};
     * every statistic is recorded again over all runs, superseding its earlier line.
     */
    Measured more(PhaseRun run, Measured earlier, int most, Precision.StopRule stop) throws Exception {
        Measured m = earlier;
        while (m.runs(yields.decides()).size() < most && !stop.holds(m)) {
            run.stores().ensure();
            int done = m.runs(yields.decides()).size();
            if (done == 0) {
                throw new IllegalStateException(run.params().engineId() + "/" + run.params().settingId() + ": no "
                        + phase.id() + " runs recorded to add to");
            }
            m = runs(run, done + 1, done + 1, m, "more-" + (done + 1) + "-");
        }
        return m;
    }

    /** Runs {@code first} to {@code last}, added to {@code earlier}'s figures (logs: op-logName+array). */
    private Measured runs(PhaseRun run, int first, int last, Measured earlier, String logName) throws Exception {
        Map<Stat, List<Double>> figures = new LinkedHashMap<>();
        for (Stat stat : phase.stats()) {
            if (!earlier.runs(stat).isEmpty()) {
                figures.put(stat, new ArrayList<>(earlier.runs(stat)));
            }
        }
        Map<String, List<HdrLogs.Interval>> logs = new LinkedHashMap<>();
        double maxLoad = 0;
        java.util.Optional<String> unread = java.util.Optional.empty();
        for (int r = first; r <= last; r++) {
            Ran ran = one(run, r, figures, logs);
            maxLoad = Math.max(maxLoad, ran.load1());
            if (counters != null) {
                unread = unread.or(() -> ran.answer().counters().flatMap(c -> c.device().unread()));
            }
            run.processes().keepWarm(r);
        }
        if (unread.isPresent()) {
            counters.sayUnread(run, phase, unread.get(), figures);
        }
        return record(run, figures, logs, logName, earlier, maxLoad);
    }

    private Ran one(PhaseRun run, int r, Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs)
            throws Exception {
        WarmUp.forRun(run, r, warmStep, query);
        Record before = beforeRun.before(run, r);
        Ran ran = run(run, r, before);
        added(ran.answer(), before, r, figures, logs);
        return ran;
    }

    private void added(VisitsAnswer answer, Record before, int r, Map<Stat, List<Double>> figures,
                       Map<String, List<HdrLogs.Interval>> logs) throws Exception {
        add(answer, r, figures, logs);
        runFigures.add(answer, before, figures);
        if (counters != null) {
            answer.counters().ifPresent(c -> counters.add(c, answer.visits(), figures));
        }
    }

    private Measured record(PhaseRun run, Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs,
                            String logName, Measured earlier, double maxLoad) throws Exception {
        for (Map.Entry<String, List<HdrLogs.Interval>> e : logs.entrySet()) {
            run.results().hdrLog(runStep.op() + "-" + logName + e.getKey(), e.getValue());
        }
        Measured m = new Measured(phase);
        for (Stat stat : phase.stats()) { // in the order of the rows, as results.jsonl had them
            List<Double> runs = figures.get(stat);
            if (runs != null) {
                m.put(stat, RunStats.median(runs), runs);
                run.results().stat(stat, m.value(stat), runs);
            }
        }
        recorded.add(run, m, earlier, maxLoad);
        return m;
    }

    /**
     * An A/B comparison (bench.against; docs/gate.md, "Two versions in one sitting"): pairs of fresh runs, both of pair
     * k in the order of {@code new Random(k)}, the sides taking turns A B, B A, B A, A B so that a drift of the host
     * falls on both alike; pairs are added until every judged statistic is decided ({@link PairedRatio}) or a cap is
     * reached. A's runs are the phase's own figures.
     */
    private Measured paired(PhaseRun a, AgainstSide against) throws Exception {
        PhaseRun b = against.b();
        a.stores().ensure();
        b.stores().ensure();
        Map<Stat, List<Double>> figuresA = new LinkedHashMap<>();
        Map<Stat, List<Double>> figuresB = new LinkedHashMap<>();
        Map<String, List<HdrLogs.Interval>> logs = new LinkedHashMap<>();
        long started = System.nanoTime();
        double maxLoad = 0;
        int pair = 0;
        String stopped = null;
        while (stopped == null) {
            pair++;
            boolean aFirst = pair % 4 == 1 || pair % 4 == 0;
            List<PhaseRun> sides = aFirst ? List.of(a, b) : List.of(b, a);
            maxLoad = Math.max(maxLoad, LoadAverage.load1());
            List<VisitsAnswer> inStep = sampled ? List.of() : inStep(sides, pair);
            for (int i = 0; i < sides.size(); i++) {
                PhaseRun side = sides.get(i);
                Map<Stat, List<Double>> own = new LinkedHashMap<>();
                Map<String, List<HdrLogs.Interval>> sideLogs = side == a ? logs : new LinkedHashMap<>();
                if (inStep.isEmpty()) {
                    one(side, pair, own, sideLogs);
                    side.processes().fresh(); // the other side's run has the machine to itself
                } else {
                    added(inStep.get(i), null, pair, own, sideLogs);
                }
                Map<String, Double> ran = new LinkedHashMap<>();
                own.forEach((stat, runs) -> {
                    (side == a ? figuresA : figuresB).computeIfAbsent(stat, k -> new ArrayList<>()).addAll(runs);
                    // a time is compared; what a visit asked of the machine stays in the runs' phase lines
                    if (!stat.counter()) {
                        ran.put(stat.id(), runs.get(runs.size() - 1));
                    }
                });
                a.results().append(new AgainstRunLine(side == a ? AgainstRunLine.A : AgainstRunLine.B, pair,
                        side.params().ran(), ran).into(a.results().line(AgainstRunLine.KIND)));
            }
            sides.forEach(side -> side.processes().fresh());
            stopped = stop(against, pair, figuresA, figuresB, (System.nanoTime() - started) / 1e9);
        }
        Optional<String> ownPool = against.ownPool().get();
        a.results().append(new AgainstLine(against.asked(), new AgainstLine.Ran(a.params().ran(), b.params().ran(),
                ownPool.isEmpty(), sampled ? AgainstLine.Ran.ONE_AFTER_THE_OTHER : IN_STEP, ownPool.orElse(null)),
                tolerances(against), pair, stopped).into(a.results().line(AgainstLine.KIND)));
        return record(a, figuresA, logs, "", new Measured(phase), maxLoad);
    }

    /**
     * Pair k's two runs in step: both warmed up, then their visits sent in chunks of {@link #IN_STEP}, the sides taking
     * turns chunk by chunk. The host's bursts of noise last seconds (docs/runs.md, "Two versions in one sitting"): in
     * step, a burst falls on both runs alike and leaves their ratio.
     */
    private List<VisitsAnswer> inStep(List<PhaseRun> sides, int pair) throws Exception {
        for (PhaseRun side : sides) {
            WarmUp.forRun(side, pair, warmStep, query);
        }
        int[] order = OpenRunsPhase.visitingOrder(sides.get(0).params().stores(), pair);
        List<PhaseProcesses.Requests> requests = new ArrayList<>();
        for (PhaseRun side : sides) {
            requests.add(side.processes().requests(runStep, order.length));
        }
        VisitsAnswer[] answers = new VisitsAnswer[sides.size()];
        for (int from = 0; from < order.length; from += IN_STEP) {
            int to = Math.min(order.length, from + IN_STEP);
            boolean firstFirst = from / IN_STEP % 2 == 0;
            for (int i : firstFirst ? new int[] {0, 1} : new int[] {1, 0}) {
                ObjectNode chunk = visits(sides.get(i), pair, from == 0, Arrays.copyOfRange(order, from, to));
                VisitsAnswer reply = requests.get(i).send(chunk, to - from, VisitsAnswer::of);
                answers[i] = answers[i] == null ? reply : answers[i].plus(reply);
            }
        }
        for (int i = 0; i < sides.size(); i++) {
            VisitsAnswer answer = answers[i];
            PhaseRun side = sides.get(i);
            requests.get(i).end(l -> runLine(side, l, answer, pair, OptionalDouble.empty(), null));
        }
        return List.of(answers);
    }

    /** Why the comparison stops after {@code pairs} pairs, or null to go on; prints where it stands. */
    private static String stop(AgainstSide against, int pairs, Map<Stat, List<Double>> a, Map<Stat, List<Double>> b,
                               double seconds) {
        List<String> words = new ArrayList<>();
        boolean decided = true;
        for (Map.Entry<Stat, Double> rule : against.tolerances().entrySet()) {
            List<Double> sideA = a.getOrDefault(rule.getKey(), List.of());
            List<Double> sideB = b.getOrDefault(rule.getKey(), List.of());
            if (pairs < 2 || sideA.size() != pairs || sideB.size() != pairs) {
                decided = false;
                continue;
            }
            PairedRatio ratio = PairedRatio.of(sideA, sideB);
            PairedRatio.Decision d = ratio.decide(rule.getValue(), rule.getKey().higherIsBetter());
            decided &= d.decided();
            words.add(rule.getKey().id() + " B/A " + ratio.precise() + ": " + d.words());
        }
        AgainstSide.Pairs caps = against.pairs();
        String stopped = decided && pairs >= caps.least() ? AgainstLine.DECIDED
                : pairs >= caps.most() ? "the cap of " + caps.most() + " pairs (bench.againstPairs)"
                : seconds * (pairs + 1) / pairs > caps.time().toSeconds() ? "the cap of " + caps.time().toMinutes()
                + " minutes (bench.againstMinutes)" : null;
        against.progress().accept("pair " + pairs + (words.isEmpty() ? "" : ": " + String.join("; ", words))
                + (stopped == null ? "" : "; stopped: " + stopped));
        return stopped;
    }

    private static Map<String, Double> tolerances(AgainstSide against) {
        Map<String, Double> out = new LinkedHashMap<>();
        against.tolerances().forEach((stat, t) -> out.put(stat.id(), t));
        return out;
    }

    /** A run's answer, and the load its step started at (0 for a run of several requests). */
    private record Ran(VisitsAnswer answer, double load1) {
    }

    private Ran run(PhaseRun run, int r, Record before) throws Exception {
        int[] order = sampled ? Sample.order(run, r) : OpenRunsPhase.visitingOrder(run.params().stores(), r);
        OptionalDouble target = sampled ? run.params().option(Sample.PRECISION) : OptionalDouble.empty();
        BiConsumer<ObjectNode, VisitsAnswer> line = (l, reply) -> runLine(run, l, reply, r, target, before);
        if (target.isPresent() && order.length > Sample.LEAST) {
            return new Ran(sized(run, r, order, target.getAsDouble(), line), 0);
        }
        PhaseProcesses.Answer<VisitsAnswer> answer = run.processes().send(runStep, visits(run, r, true, order),
                order.length, VisitsAnswer::of, line);
        return new Ran(answer.result(), answer.load().load1());
    }

    private ObjectNode visits(PhaseRun run, int r, boolean settle, int[] order) {
        return run.processes().request(VisitsAnswer.OP, new VisitsRequest(query.id, yard, r, settle, order));
    }

    private void runLine(PhaseRun run, ObjectNode l, VisitsAnswer reply, int r, OptionalDouble target,
                         Record before) {
        long[] visits = reply.samples(query.total);
        ResultsFile.with(l, new SampleLine(run.params().column(), runStep.op(), r, sampled ? visits.length : null,
                sampled ? Math.round(Sample.halfWidth(visits) * 1e4) / 1e4 : null,
                sampled && target.isPresent() ? target.getAsDouble() : null));
        reply.reportInto(l); // the JIT's time and the wait for it, the device reads, where the runtime tells
        if (before != null) {
            ResultsFile.with(l, before);
        }
    }

    private void add(VisitsAnswer result, int r, Map<Stat, List<Double>> figures,
                     Map<String, List<HdrLogs.Interval>> logs) {
        for (Map.Entry<String, Stat> e : yields.medians()) {
            if (!result.has(e.getKey())) {
                continue; // closefin: the Node worker's only
            }
            Histogram h = Latency.histogram(result.samples(e.getKey()));
            logs.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(HdrLogs.interval(h, "run-" + r,
                    result.startMs(), result.wallNs()));
            figures.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(Latency.p50Ms(h));
            if (e.getKey().equals(query.total)) {
                figures.computeIfAbsent(yields.p99(), k -> new ArrayList<>()).add(Latency.p99Ms(h));
            }
        }
    }

    /**
     * A run sized by bench.samplePrecision: {@link Sample#CHUNK} visits per request until at least {@link Sample#LEAST}
     * and the 95% interval of their median lies within {@code target}, or the sample is done. The answer is the
     * requests' answers as one (only the first waits for the process to settle).
     */
    private VisitsAnswer sized(PhaseRun run, int r, int[] order, double target,
                               BiConsumer<ObjectNode, VisitsAnswer> line) throws Exception {
        PhaseProcesses.Requests requests = run.processes().requests(runStep, order.length);
        VisitsAnswer merged = null;
        int visited = 0;
        while (visited < order.length) {
            int to = Math.min(order.length, visited + Sample.CHUNK);
            ObjectNode chunk = visits(run, r, visited == 0, Arrays.copyOfRange(order, visited, to));
            VisitsAnswer reply = requests.send(chunk, to - visited, VisitsAnswer::of);
            merged = merged == null ? reply : merged.plus(reply);
            visited = to;
            if (visited >= Sample.LEAST && Sample.halfWidth(merged.samples(query.total)) <= target) {
                break;
            }
        }
        VisitsAnswer answer = merged;
        requests.end(l -> line.accept(l, answer));
        return answer;
    }
}
