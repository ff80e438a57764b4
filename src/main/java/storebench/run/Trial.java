package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.measure.DiskFull;
import storebench.measure.HdrLogs;
import storebench.measure.LoadGate;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.Measured;
import storebench.phase.NotMeasured;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.phase.PhaseOption;
import storebench.phase.PhaseRun;
import storebench.phase.Phases;
import storebench.phase.WarmUp;
import storebench.profile.Profiler;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.trial.Protocol;
import storebench.trial.Query;
import storebench.trial.TrialFailure;
import storebench.trial.answer.CheckAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One trial: one engine under one setting over N stores, on the parent's side. It runs the phases
 * ({@link #measure}): makes sure the stores exist, has its trial processes started and closed as each phase's policy
 * says ({@link TrialProcesses}, under the profilers asked for), its steps sent after the load allows
 * ({@link TrialRequests}), records every figure in results.jsonl at once, and turns any failure into the trial's
 * failed status line. It is the {@link PhaseRun} a phase sees: most of its methods hand the phase's ask on.
 */
public final class Trial implements PhaseRun, AutoCloseable {
    private final Bench bench;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    /** Its trial processes: the one place they start. */
    private final TrialProcesses processes;
    /** Its stores: the pool and the phases' own. */
    private final TrialStores stores;
    /** The steps its phases send, each after the load allows it. */
    private final TrialRequests requests;
    private final Map<Phase, Measured> recorded = new LinkedHashMap<>();
    private final List<Measured> log = new ArrayList<>();
    /** The profilers that could not watch a phase of this trial, said once each (profiler/phase). */
    private final Set<String> profilerSkips = new java.util.HashSet<>();
    private boolean poolReady;
    /** The gate's extra open run is under way: a failure is the gate's, not the trial's (no status line). */
    private boolean resampling;
    private int created;
    private int reused;
    private String failed;
    private boolean statusRecorded;
    /** Why the engine could not load in its trial process (its native library), if it could not. */
    private String loadFailure;

    Trial(Bench bench, EngineDescriptor engine, Setting setting) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.name = engine.id() + "/" + setting.id();
        this.processes = new TrialProcesses(bench, this, engine, setting, name);
        this.stores = new TrialStores(bench, engine, setting, name);
        this.requests = new TrialRequests(bench, this, processes, name);
    }

    public EngineDescriptor descriptor() {
        return engine;
    }

    @Override
    public String engine() {
        return engine.id();
    }

    @Override
    public String setting() {
        return setting.id();
    }

    @Override
    public TrialRuntime runtime() {
        return engine.runtime();
    }

    public Setting settingOf() {
        return setting;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Why this trial cannot run at all (the engine has no way to be measured, or its runtime is missing). */
    public synchronized Optional<String> unavailable() throws IOException {
        Optional<String> why = engine.unavailable();
        if (why.isEmpty() && engine.runtime() == TrialRuntime.NODE) {
            why = bench.commands.nodeUnavailable();
        }
        if (why.isEmpty() && loadFailure == null && processes.engineInfo() == null) {
            // starting its trial process says whether the engine loads here (a native library that cannot load is a
            // skip, with the loader's reason); the process is the one the first phase then uses
            try {
                processes.current();
            } catch (TrialFailure e) {
                if (e.engineUnavailable()) {
                    loadFailure = e.getMessage().lines().findFirst().orElse(e.getMessage());
                }
            } catch (Exception e) {
                // any other failure to start is the first phase's to report, as a failure
            }
        }
        if (why.isEmpty() && loadFailure != null) {
            why = Optional.of(loadFailure);
        }
        if (why.isPresent() && !statusRecorded) {
            statusRecorded = true;
            bench.results.append(line("status").put("status", "skipped").put("reason", why.get()));
        }
        return why;
    }

    /**
     * Measures one phase. A failure, wherever it is raised (in the trial process, in the store pool, in a disk scan),
     * becomes the trial's failed status line, once, so that the report and the gate can give its reason; after it,
     * every later phase refuses to run.
     */
    public synchronized Measured measure(Phase phase) throws Exception {
        return measure(phase, bench.options.profilers);
    }

    /**
     * Measures one phase with its trial processes under these profilers (each process fresh, started for the phase and
     * closed after it; what a profiler found is a profile line once the process has exited). A profiler that cannot
     * profile this engine's runtime here is left out, with a profile line that says why.
     */
    public synchronized Measured measure(Phase phase, List<Profiler> with) throws Exception {
        if (failed != null) {
            throw new TrialFailure(name + ": " + phase.id() + " not run, an earlier phase failed: " + failed);
        }
        bench.phaseStarts(this, phase);
        List<Profiler> profilers = usable(with, phase.id());
        processes.phase(phase.id(), profilers);
        try {
            if (phase.processes() != Phase.Processes.SHARED) {
                processes.closeCurrent();
            }
            if (phase.processes() == Phase.Processes.FRESH_ALONE) {
                processes.closeKept();
            }
            Measured m = phase.measure(this);
            recorded.put(phase, m);
            log.add(m);
            return m;
        } catch (NotMeasured e) {
            notMeasured(phase, e.getMessage());
            throw e;
        } catch (Exception e) {
            throw recordFailure(phase.id(), null, e);
        } finally {
            if (phase.processes() != Phase.Processes.SHARED || !profilers.isEmpty()) {
                processes.closeCurrent();
            }
            processes.phase("", List.of());
        }
    }

    /**
     * Records that a phase was not measured here, and why: a "not measured" status line with the statistics it would
     * have given, each described as a stat line describes it, so that their rows say why they are empty. The trial
     * goes on with its other phases.
     */
    private void notMeasured(Phase phase, String reason) throws IOException {
        ObjectNode l = line("status").put("status", RunResults.NOT_MEASURED).put("phase", phase.id())
                .put("reason", reason);
        ObjectNode stats = l.putObject("stats");
        phase.stats().forEach(st -> stats.set(st.id(), about(st)));
        append(l);
        bench.console.println("[storebench] " + name + ": " + phase.id() + " not measured: " + reason);
    }

    /** What a stat line says of its statistic (its "about"), so that a report reads it without this code. */
    private ObjectNode about(Stat stat) {
        return stat.about(workload().notesPerStore(), hold(), Phases.phaseOf(stat).id(), Phases.order(stat));
    }

    /** The profilers that can profile this engine's runtime here; a profile line says why each other cannot. */
    private List<Profiler> usable(List<Profiler> with, String phaseId) throws IOException {
        List<Profiler> usable = new ArrayList<>();
        for (Profiler p : with) {
            Optional<String> why = p.unavailable(runtime());
            if (why.isEmpty()) {
                usable.add(p);
            } else if (profilerSkips.add(p.id() + "/" + phaseId)) {
                append(line("profile").put("profile", "unavailable").put("profiler", p.id())
                        .put("benchPhase", phaseId).put("unavailable", why.get()));
            }
        }
        return List.copyOf(usable);
    }

    /**
     * One more fresh-process open run after those recorded (the gate's resampling, bench.resample): the open-run
     * statistics are recorded again over all runs, and a "resample" line says how many runs this trial now has. A run
     * that fails is the gate's failure, not the trial's: it gets no failed status line (the figures the trial measured
     * stand) and is thrown, for the gate to report.
     */
    public synchronized Measured resample() throws Exception {
        Measured earlier = recorded.get(Phases.OPEN_RUNS);
        if (failed != null || earlier == null) {
            throw new IllegalStateException(name + ": no open runs to add to"
                    + (failed != null ? " (an earlier phase failed: " + failed + ")" : ""));
        }
        resampling = true;
        // the added run is measured as the others were: under the run's profilers, if it has any
        processes.phase(Phases.OPEN_RUNS.id(), usable(bench.options.profilers, Phases.OPEN_RUNS.id()));
        try {
            processes.closeCurrent();
            Measured m = Phases.OPEN_RUNS.more(this, earlier, 1);
            recorded.put(Phases.OPEN_RUNS, m);
            append(line("resample").put("runs", m.runs(OpenRunsPhase.OQC_MS).size())
                    .put("added", m.runs(OpenRunsPhase.OQC_MS).size() - bench.options.runs));
            return m;
        } catch (TrialFailure e) {
            throw e;
        } catch (Exception e) {
            throw recordFailure("resample", null, e);
        } finally {
            resampling = false;
            processes.closeCurrent();
            processes.phase("", List.of());
        }
    }

    /** Whether this trial has open runs the gate could add to: measured, and no phase failed. */
    synchronized boolean hasOpenRuns() {
        return failed == null && recorded.containsKey(Phases.OPEN_RUNS);
    }

    /**
     * Records that a phase failed, once (results.jsonl; every later phase of this trial refuses to run), and returns
     * the failure to throw; a failure already recorded is returned as it is. During the gate's extra open run
     * ({@link #resample}) nothing is recorded: the failure is only returned.
     *
     * @param progress how far the phase got, where a trial process said so; null otherwise
     */
    public synchronized Exception recordFailure(String phase, String progress, Exception e) throws IOException {
        if (failed != null) {
            return e;
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        String reason = phase + " failed" + (progress == null ? "" : " (" + progress + ")") + ": " + message
                + (e instanceof DiskFull.RootFull ? "" : stores.diskFullHint(message, workload()));
        processes.closeCurrent();
        if (resampling) {
            return new TrialFailure(name + ": " + reason);
        }
        failed = reason;
        bench.results.append(line("status").put("status", "failed").put("phase", phase).put("reason", failed));
        return new TrialFailure(name + ": " + failed);
    }

    public synchronized int createdStores() {
        return created;
    }

    public synchronized int reusedStores() {
        return reused;
    }

    /** Every phase this trial measured, in order. */
    public synchronized List<Measured> measuredLog() {
        return List.copyOf(log);
    }

    /** The loads this trial waited for (or recorded) at the start of its load-gated steps, in order. */
    public synchronized List<LoadGate.Wait> loadWaits() {
        return requests.waits();
    }

    // ---------------------------------------------------------------------------------------------------------
    // PhaseRun: what a phase may do

    @Override
    public Workload workload() {
        return bench.options.workload;
    }

    @Override
    public int stores() {
        return bench.options.stores;
    }

    @Override
    public int runs() {
        return bench.options.runs;
    }

    @Override
    public int hold() {
        return bench.options.hold;
    }

    @Override
    public <T> T option(PhaseOption<T> option) {
        return bench.options.option(option);
    }

    @Override
    public Path root() {
        return bench.pool.root();
    }

    @Override
    public Path ownStores(String name) throws IOException {
        return stores.own(name);
    }

    @Override
    public Path ownTmpfsStores(String name) throws IOException {
        return stores.ownTmpfs(name);
    }

    @Override
    public void deleteOwnStores(Path own) throws IOException {
        stores.deleteOwn(own);
    }

    @Override
    public List<String> profilers() {
        return processes.profilers().stream().map(Profiler::id).toList();
    }

    @Override
    public List<List<ObjectNode>> inParallel(Phase.Step step, int count, List<Stage> stages) throws Exception {
        LoadGate.Wait wait = step.loadGated() ? requests.awaitLoad() : null;
        long wall0 = System.nanoTime();
        try {
            List<List<ObjectNode>> answers = processes.inParallel(count, stages);
            if (wait != null) {
                append(line("phase").put("phase", step.op()).put("wallMs", (System.nanoTime() - wall0) / 1e6)
                        .put("load1", wait.load1).put("loadWaitMs", wait.waitedMs).put("loadGaveUp", wait.gaveUp)
                        .put("processes", count));
            }
            return answers;
        } catch (TrialFailure | IOException | RuntimeException e) {
            throw (Exception) recordFailure(step.op() + " (" + count + " processes)", null, e);
        }
    }

    @Override
    public int warmupOpens() {
        return bench.options.warmupOpens;
    }

    @Override
    public WarmUp.Rule warmupRule() {
        return bench.options.warmup;
    }

    @Override
    public Measured recorded(Phase phase) {
        return recorded.getOrDefault(phase, new Measured(phase));
    }

    @Override
    public Path poolDir() {
        if (!poolReady) {
            throw new IllegalStateException(name + ": the pool is not made yet (ensureStores first)");
        }
        return stores.pool();
    }

    @Override
    public void ensureStores() throws Exception {
        if (poolReady) {
            return;
        }
        int n = stores();
        Path dir = stores.pool(workload());
        Set<Integer> valid = new TreeSet<>();
        List<Integer> existing = StorePool.existingStores(dir);
        if (bench.options.reuse && !existing.isEmpty() && stores.sameIdentity(poolIdentity())) {
            List<Integer> candidates = new ArrayList<>();
            existing.stream().filter(i -> i < n).forEach(candidates::add);
            ObjectNode check = request(Protocol.CHECK);
            check.set("stores", ints(candidates));
            valid.addAll(send(new Phase.Step(Protocol.CHECK, false, null), check, candidates.size(), CheckAnswer::of,
                    (l, reply) -> { }).result().valid());
        }
        for (int i : existing) {
            if (!valid.contains(i)) {
                bench.pool.deleteStore(dir, i); // fresh by default; with reuse, an invalid store is made anew
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!valid.contains(i)) {
                missing.add(i);
                TrialStores.requireNothingAt(StoreLayout.storeDir(dir, i));
            }
        }
        reused = valid.size();
        created = missing.size();
        stores.writeIdentity(poolIdentity());
        if (!missing.isEmpty()) {
            DiskEstimate.requireSpace(dir, engine.diskEstimateBytes(workload(), DiskEstimate.opensPerStore(
                    bench.options)) * missing.size(),
                    "creating " + missing.size() + " stores of " + engine.id());
            recorded.put(Phases.CREATE, CreatePhase.create(this, missing));
        }
        append(line("pool").put("created", created).put("reused", reused));
        recorded.put(Phases.DISK_USAGE, DiskPhase.measureFiles(this, dir));
        poolReady = true;
    }

    @Override
    public ObjectNode request(String op) {
        return Protocol.request(op).put("root", stores.pool().toString()).put("workload", workload().id());
    }

    @Override
    public <A> Answer<A> send(Phase.Step step, ObjectNode request, int total, Function<JsonNode, A> decode,
                              BiConsumer<ObjectNode, A> extra) throws Exception {
        return requests.send(step, request, total, decode, extra);
    }

    @Override
    public Requests requests(Phase.Step step, int most) throws Exception {
        return requests.requests(step, most);
    }

    @Override
    public void freshProcess() {
        processes.fresh();
    }

    @Override
    public boolean takeWarmProcess(int r) {
        return processes.takeWarm(r);
    }

    @Override
    public void keepWarmProcess(int r) {
        processes.keepWarm(r, option(WarmUp.SHARE));
    }

    @Override
    public boolean jitWarmed(Query query) {
        return processes.jitWarmed(query);
    }

    @Override
    public void markJitWarmed(Query query) {
        processes.markJitWarmed(query);
    }

    @Override
    public OptionalDouble settledMs(Query query) {
        return processes.settledMs(query);
    }

    @Override
    public void markSettled(Query query, double ms) {
        processes.markSettled(query, ms);
    }

    @Override
    public void freshHoldingProcess(int stores) {
        processes.freshHolding(stores);
    }

    @Override
    public void stat(Stat stat, double value, List<Double> runs) throws IOException {
        ObjectNode l = line("stat").put("stat", stat.id()).put("value", value);
        // the line says what it is, so that a report or gate reads it without the code that measured it
        l.set("about", about(stat));
        List<Profiler> profilers = processes.profilers();
        if (!profilers.isEmpty() && Phases.phaseOf(stat) != Phases.DISK_USAGE) {
            // measured under them, slowed by them (a disk scan is not: the files are what the engine left)
            profilers.forEach(p -> l.withArray("profilers").add(p.id()));
        }
        if (!runs.isEmpty()) {
            runs.forEach(r -> l.withArray("runs").add(r));
            l.put("spread", RunStats.spread(runs));
            RunStats.Interval interval = RunStats.medianInterval(runs);
            l.putArray("interval").add(interval.low()).add(interval.high());
            l.put("intervalConfidence", Math.round(interval.confidence() * 1e4) / 1e4);
        }
        append(l);
    }

    @Override
    public ObjectNode line(String kind) {
        return ResultsFile.line(kind).put("engine", engine.id()).put("setting", setting.id())
                .put("workload", workload().id()).put("stores", stores());
    }

    @Override
    public void append(ObjectNode line) throws IOException {
        bench.results.append(line);
    }

    @Override
    public void hdrLog(String name, List<HdrLogs.Interval> intervals) throws IOException {
        bench.hdrLogs.write(engine.id(), setting.id(), name, intervals);
    }

    // ---------------------------------------------------------------------------------------------------------
    // The store pool

    /** What the kept stores were made by: engine, its versions, workload. Reuse requires the same. */
    private JsonNode poolIdentity() throws Exception {
        ObjectNode id = Protocol.JSON.createObjectNode().put("engine", engine.id()).put("workload", workload().id());
        id.set("versions", engineInfo());
        return id;
    }

    /** The engine's versions and settings as its trial process reports them. */
    private JsonNode engineInfo() throws Exception {
        if (processes.engineInfo() == null) {
            try {
                processes.current();
            } catch (TrialFailure | IOException | RuntimeException e) {
                throw recordFailure("create", "starting the trial process", e);
            }
        }
        return processes.engineInfo();
    }

    private static com.fasterxml.jackson.databind.node.ArrayNode ints(List<Integer> values) {
        return Protocol.ints(values.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Stops the trial's processes at once (the suite is being stopped); called from a shutdown hook. */
    void stopProcesses() {
        processes.stopAll();
    }

    /** Deletes the stores of a trial whose run was stopped, as its end would have (from the shutdown hook). */
    void deleteStoresOnInterrupt() throws IOException {
        stores.deleteOnInterrupt();
    }

    /**
     * Ends the trial's measurements (its class invocation ends): its processes are stopped and, unless bench.keep, its
     * stores deleted; but where the gate may still add open runs to it (bench.resample with a baseline, and its
     * verdicts against the baseline are inconclusive), they stay until {@link #finish}.
     */
    @Override
    public synchronized void close() throws IOException {
        processes.closeCurrent();
        processes.closeKept();
        if (!bench.mayResample(this)) {
            deleteStores();
        }
    }

    /** Ends the trial for good, after the gate's resampling: processes stopped, stores deleted unless bench.keep. */
    synchronized void finish() throws IOException {
        processes.closeCurrent();
        processes.closeKept();
        deleteStores();
    }

    private void deleteStores() throws IOException {
        stores.deletePool();
    }
}
