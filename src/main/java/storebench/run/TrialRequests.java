package storebench.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.LoadAverage;
import storebench.measure.LoadGate;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.phase.PhaseProcesses;
import storebench.phase.ProcessWarmth;
import storebench.phase.WarmUp;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.trial.PoolRequest;
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.answer.Answers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The steps a trial's phases send: the one place a trial waits for the load before a load-gated step (which then gets
 * its phase line), shows progress, and turns a failed request into the trial's failure with how far it got.
 */
final class TrialRequests implements PhaseProcesses {
    private final Bench bench;
    private final Trial trial;
    private final TrialProcesses processes;
    private final Supplier<Path> root;
    private final List<LoadGate.Wait> waits = new CopyOnWriteArrayList<>();
    /** One daemon thread for every trial's "still running" lines. */
    private static final java.util.concurrent.ScheduledExecutorService STILL =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "storebench-still-running");
                t.setDaemon(true);
                return t;
            });

    TrialRequests(Bench bench, Trial trial, TrialProcesses processes, Supplier<Path> root) {
        this.bench = bench;
        this.trial = trial;
        this.processes = processes;
        this.root = root;
    }

    @Override
    public ObjectNode request(String op) {
        // a phase with stores of its own (capacity) has no pool: its request names its own root
        Path pool = root.get();
        return Protocol.JSON.valueToTree(new PoolRequest(op, pool == null ? null : pool.toString(),
                bench.options.workload.id()));
    }

    List<LoadGate.Wait> waits() {
        return List.copyOf(waits);
    }

    @Override
    public <A> Answer<A> send(Phase.Step step, ObjectNode request, int total, Function<JsonNode, A> decode,
                       BiConsumer<ObjectNode, A> extra) throws Exception {
        LoadGate.Wait wait = loadBefore(step);
        Progress progress = new Progress(bench.console, trial + " " + step.op(), step.counts())
                .endingWith(bench::phaseOverrun);
        int[] done = {0};
        // a long request may send no progress line for minutes (a traffic run's open loop): it says it is running
        java.util.concurrent.ScheduledFuture<?> still = STILL.scheduleWithFixedDelay(() -> progress.still(done[0],
                total), 5, 5, java.util.concurrent.TimeUnit.SECONDS);
        ObjectNode result;
        try {
            result = request(step, request, total, d -> {
                done[0] = d;
                progress.update(d, total);
            });
        } finally {
            still.cancel(false);
        }
        A answer = decode.apply(result);
        phaseLine(step, Answers.wallNs(result), wait, total, l -> extra.accept(l, answer));
        return new Answer<>(answer, wait);
    }

    @Override
    public Requests requests(Phase.Step step, int most) throws Exception {
        LoadGate.Wait wait = loadBefore(step);
        Progress progress = new Progress(bench.console, trial + " " + step.op(), step.counts())
                .endingWith(bench::phaseOverrun);
        return new Requests() {
            private int visited;
            private long wallNs;

            @Override
            public <A> A send(ObjectNode request, int visits, Function<JsonNode, A> decode) throws Exception {
                int before = visited;
                ObjectNode result = request(step, request, visits, done -> progress.update(before + done, most));
                visited += visits;
                progress.update(visited, most); // a request may end before its process sends a progress line
                wallNs += Answers.wallNs(result);
                return decode.apply(result);
            }

            @Override
            public void end(Consumer<ObjectNode> line) throws IOException {
                phaseLine(step, wallNs, wait, visited, line);
            }
        };
    }

    @Override
    public List<List<ObjectNode>> inParallel(Phase.Step step, int count, List<Stage> stages) throws Exception {
        LoadGate.Wait wait = step.loadGated() ? awaitLoad() : null;
        long wall0 = System.nanoTime();
        try {
            List<List<ObjectNode>> answers = processes.inParallel(count, stages);
            if (wait != null) {
                trial.results().append(PhaseLine.KIND, new StepTiming(step, (System.nanoTime() - wall0) / 1e6, wait,
                        null, count));
            }
            return answers;
        } catch (TrialFailure | IOException | RuntimeException e) {
            throw (Exception) trial.recordFailure(step.op() + " (" + count + " processes)", null, e);
        }
    }

    @Override
    public void fresh() {
        processes.fresh();
    }

    @Override
    public boolean takeWarm(int r) {
        return processes.takeWarm(r);
    }

    @Override
    public void keepWarm(int r) {
        processes.keepWarm(r, bench.options.option(WarmUp.SHARE));
    }

    @Override
    public ProcessWarmth warmth() {
        return processes.warmth();
    }

    private LoadGate.Wait loadBefore(Phase.Step step) throws Exception {
        return step.loadGated() ? awaitLoad() : new LoadGate.Wait(LoadAverage.load1(), 0, false);
    }

    /** A failure is recorded with the visits the progress lines had reported. */
    private ObjectNode request(Phase.Step step, ObjectNode request, int total, IntConsumer progress)
            throws Exception {
        int[] done = {0};
        try {
            return processes.request(request, total, d -> {
                done[0] = d;
                progress.accept(d);
            });
        } catch (TrialFailure | IOException | RuntimeException e) {
            String what = step.op() + (request.has("run") ? " " + request.get("run").asInt() : "");
            throw (Exception) trial.recordFailure(what, howFar(step, done[0], total), e);
        }
    }

    /** How far a failed request got, in what its step's progress counts: "at least 2 of 3 steps done, by ...". */
    static String howFar(Phase.Step step, int done, int total) {
        return "at least " + done + " of " + total + " " + step.counts() + " done, by the last progress line";
    }

    /** A load-gated step's phase line, written once {@code extra} has added to it; none for any other step. */
    private void phaseLine(Phase.Step step, long wallNs, LoadGate.Wait wait, int visited, Consumer<ObjectNode> extra)
            throws IOException {
        if (step.loadGated()) {
            ObjectNode l = ResultsFile.with(trial.results().line(PhaseLine.KIND), new StepTiming(step, wallNs / 1e6,
                    wait, visited, null));
            extra.accept(l);
            trial.results().append(l);
        }
    }

    /** What every phase line says of its step; op and phase apart, since an op may serve several phases. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private record StepTiming(String op, String phase, double wallMs, double load1, long loadWaitMs, boolean loadGaveUp,
                              Integer visited, Integer processes) {
        StepTiming(Phase.Step step, double wallMs, LoadGate.Wait wait, Integer visited, Integer processes) {
            this(step.op(), Phases.ofStep(step).map(Phase::id).orElse(null), wallMs, wait.load1(), wait.waitedMs(),
                    wait.gaveUp(), visited, processes);
        }
    }

    LoadGate.Wait awaitLoad() throws Exception {
        LoadGate.Wait wait = bench.loadGate.await();
        if (wait.waitedMs() > 0) {
            bench.console.printf("[storebench] %s: waited %d s for the load to drop below %s%s%n", trial,
                    wait.waitedMs() / 1000, bench.options.maxLoad.getAsDouble(),
                    wait.gaveUp() ? " (gave up: bench.maxLoadWait reached, load " + wait.load1() + ")" : "");
        }
        waits.add(wait);
        return wait;
    }
}
