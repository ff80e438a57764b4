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
 * How the phases with runs measure (the open runs, read, cold): R runs, each in a fresh trial process (or, under
 * bench.share, the one an earlier phase kept warm for run r) warmed up first ({@link WarmUp}), then one visit of all N
 * stores in run r's seeded order ({@link OpenRunsPhase#visitingOrder}), or of its seeded sample ({@link Sample}: read,
 * cold), with the phase's query; more runs where bench.precision asks for them ({@link Precision}) or the gate
 * resamples. Per run, each named sample array gives its p50 (and the whole visit its p99); the phase records the
 * median over the runs of every statistic, in the order of its rows.
 */
final class RunSeries {
    /**
     * The visits of one request of a pair's runs in step: about 15 ms of open runs' visits, well inside the host's
     * bursts of noise, and few enough requests (40 a pair at N = 1,000) that their round trips add little.
     */
    static final int IN_STEP = 50;
    private final Phase phase;
    private final Query query;
    private final Phase.Step warmStep;
    private final Phase.Step runStep;
    private final Yields yields;
    /** Whether a run has the yardstick's blocks around its visits (the open runs'). */
    private boolean yard;
    private BeforeRun beforeRun = (run, r) -> null;
    private RunFigures runFigures = (answer, before, runs) -> { };
    private Recorded recorded = (run, m, earlier, maxLoad) -> { };
    /** Whether a run visits a seeded sample of the pool ({@link Sample}) rather than all N stores. */
    private boolean sampled;
    /** The statistics of what a run's visits asked of the machine, per visit (null: the phase records none). */
    private VisitCounterStats counters;

    /**
     * What a run's samples yield: the statistic of each named sample array's p50 (by its name in the answer), of the
     * whole visit's p99 (the query's total samples), and the one whose interval bench.precision sizes the runs by.
     */
    record Yields(List<Map.Entry<String, Stat>> medians, Stat p99, Stat decides) {
    }

    /** What the parent does between a run's warm-up and its run (the cold phase drops the pool's pages). */
    @FunctionalInterface
    interface BeforeRun {
        /** Fields for run {@code r}'s line (null for none). */
        Record before(PhaseRun run, int r) throws Exception;
    }

    /**
     * A run's figures beyond the medians of its samples, from its answer (the yardstick's, the device reads') and what
     * the parent found before it ({@link BeforeRun}'s fields; null where the run had none).
     */
    @FunctionalInterface
    interface RunFigures {
        void add(VisitsAnswer answer, Record before, Map<Stat, List<Double>> runs) throws Exception;
    }

    /** Figures recorded once the runs are (the open runs' highest load). */
    @FunctionalInterface
    interface Recorded {
        void add(PhaseRun run, Measured m, Measured earlier, double maxLoad) throws Exception;
    }

    /** Runs of {@code phase} with {@code query}: each {@code warmStep}'s warm-up, then its {@code runStep}. */
    RunSeries(Phase phase, Query query, Phase.Step warmStep, Phase.Step runStep, Yields yields) {
        this.phase = phase;
        this.query = query;
        this.warmStep = warmStep;
        this.runStep = runStep;
        this.yields = yields;
    }

    /** Each run has the yardstick's blocks around its visits. */
    RunSeries withYard() {
        this.yard = true;
        return this;
    }

    /** Each run's counters (its answer's, divided by its visits) go to these statistics. */
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

    /** Each run visits a seeded sample of the pool ({@link Sample}): the phases beyond the reference's table. */
    RunSeries sampled() {
        this.sampled = true;
        return this;
    }

    /** The warm-up step: a warm-up per run; the run step: the visits of R runs (all N stores, or the sample). */
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
        return Precision.extend(run, m, yields.decides(), (earlier, extra) -> more(run, earlier, extra));
    }

    /**
     * {@code extra} more runs after those already recorded (bench.precision's, the gate's resampling), each in a fresh
     * process with its own warm-up like the first R, numbered on from them (run R + 1 visits the stores in the order
     * of {@code new Random(R + 1)}); every statistic with runs is recorded again over all of them, superseding its
     * earlier line.
     */
    Measured more(PhaseRun run, Measured earlier, int extra) throws Exception {
        run.stores().ensure();
        int done = earlier.runs(yields.decides()).size();
        if (done == 0) {
            throw new IllegalStateException(run.params().engineId() + "/" + run.params().settingId() + ": no " + phase.id()
                    + " runs recorded to add to");
        }
        return runs(run, done + 1, done + extra, earlier, "more-" + (done + 1) + "-");
    }

    /**
     * Runs {@code first} to {@code last} (run r visits in the order of {@code new Random(r)}), added to {@code earlier}'s
     * figures. Each named sample array's runs go to the HdrHistogram log {@code runStep's op + "-" + logName + name}.
     */
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

    /** Run r in a fresh (or kept-warm) process after its warm-up, its figures added to each statistic's. */
    private Ran one(PhaseRun run, int r, Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs)
            throws Exception {
        WarmUp.forRun(run, r, warmStep, query);
        Record before = beforeRun.before(run, r);
        Ran ran = run(run, r, before);
        added(ran.answer(), before, r, figures, logs);
        return ran;
    }

    /** Run r's answer, its figures added to each statistic's. */
    private void added(VisitsAnswer answer, Record before, int r, Map<Stat, List<Double>> figures,
                       Map<String, List<HdrLogs.Interval>> logs) throws Exception {
        add(answer, r, figures, logs);
        runFigures.add(answer, before, figures);
        if (counters != null) {
            answer.counters().ifPresent(c -> counters.add(c, answer.visits(), figures));
        }
    }

    /** The phase's statistics over the runs' figures (the median of each), recorded in the order of its rows. */
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
     * An A/B comparison (bench.against): pairs of runs, one of A (this trial) and one of B, each in a fresh process with
     * its own warm-up, both runs of pair k visiting the stores in the order of {@code new Random(k)}; the sides take
     * turns in the order A B, B A, B A, A B (then again), so that a drift of the host falls on both alike. A pair's two
     * runs over all N stores go in step ({@link #inStep}); the sampled runs (read, cold) one after the other. Pairs are
     * added until every statistic a rule judges is decided against its tolerance ({@link PairedRatio}), after at least
     * the fewest, or a cap is reached. Each run is an against-run line; the end is an against line; A's runs are the
     * phase's own figures, as R runs would be.
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
                // a time is compared; what a visit asked of the machine stays in the runs' phase lines
                own.forEach((stat, runs) -> {
                    if (!stat.counter()) {
                        ran.put(stat.id(), runs.get(runs.size() - 1));
                    }
                });
                own.forEach((stat, runs) -> (side == a ? figuresA : figuresB).computeIfAbsent(stat,
                        k -> new ArrayList<>()).addAll(runs));
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
     * Pair k's two runs in step: both processes warmed up, one after the other, then their visits of the N stores in
     * the order of {@code new Random(k)} sent in chunks of {@link #IN_STEP} visits, the sides taking turns chunk by
     * chunk (first second, second first, first second, ...) over the same stores. The host's bursts of noise last
     * seconds and slow every visit in them by up to 40% (docs/runs.md, 2026-12-06), longer than one run's visits take:
     * in step, a burst falls on both runs of a pair alike and leaves their ratio; one after the other, it falls on one.
     * Returns the two answers, in the order of {@code sides}.
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

    /**
     * Why the comparison stops after {@code pairs} pairs ({@link AgainstLine#DECIDED}, or the cap it reached), or null
     * to go on; prints where it stands.
     */
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

    /** A run's answer, and the load its step started at (0 for a run sized by its precision: several requests). */
    private record Ran(VisitsAnswer answer, double load1) {
    }

    /** Run r, its warm-up made: its visits, in one request or, sized by its precision, in several. */
    private Ran run(PhaseRun run, int r, Record before) throws Exception {
        int[] order = sampled ? Sample.order(run, r) : OpenRunsPhase.visitingOrder(run.params().stores(), r);
        OptionalDouble target = sampled ? run.params().option(Sample.PRECISION) : OptionalDouble.empty();
        BiConsumer<ObjectNode, VisitsAnswer> line = (l, reply) -> runLine(run, l, reply, r, target, before);
        if (target.isPresent() && order.length > Sample.LEAST) {
            return new Ran(sized(run, r, order, target.getAsDouble(), line), 0);
        }
        PhaseProcesses.Answer<VisitsAnswer> answer = run.processes().send(runStep, visits(run, r, true, order),
                order.length, VisitsAnswer::of, line);
        return new Ran(answer.result(), answer.load().load1);
    }

    /** A visits request of run r with the phase's query: these stores, in this order, the process settled first or not. */
    private ObjectNode visits(PhaseRun run, int r, boolean settle, int[] order) {
        return run.processes().request(VisitsAnswer.OP, new VisitsRequest(query.id, yard, r, settle, order));
    }

    /** Run r's phase line: its sample and the sample's precision, what the runtime reported, what came before it. */
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

    /** Run r's figures: each named sample array's p50 (and its interval in the HdrHistogram log), the visit's p99. */
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
     * A run sized by its own precision (bench.samplePrecision): the sample's stores in its order, {@link Sample#CHUNK}
     * visits per request, until at least {@link Sample#LEAST} visits have been made and the 95% interval of their
     * median ({@link Sample#halfWidth}) lies within {@code target} of it, or the sample is done. One step, one phase
     * line; the answer is the requests' answers as one: their samples in visiting order, their device reads, JIT time
     * and wall time summed, the first one's start and settle wait (only it waits for the process to settle).
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
