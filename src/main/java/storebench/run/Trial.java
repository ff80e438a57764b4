package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.measure.DiskFull;
import storebench.measure.HdrLogs;
import storebench.measure.LoadGate;
import storebench.results.RunStats;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.Measured;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.profile.Profiler;
import storebench.phase.PhaseOption;
import storebench.phase.PhaseRun;
import storebench.phase.Phases;
import storebench.phase.WarmUp;
import storebench.results.ResultsFile;
import storebench.results.Stat;
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.TrialProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * One trial: one engine under one setting over N stores, on the parent's side. It runs the phases
 * ({@link #measure}): makes sure the stores exist, starts and closes trial processes as each phase's policy says,
 * waits for the load before every load-gated step, records every figure in results.jsonl at once, and turns any
 * failure into the trial's failed status line.
 */
public final class Trial implements PhaseRun, AutoCloseable {
    static final String POOL_IDENTITY = "pool.json";

    private final Bench bench;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    private final Map<Phase, Measured> recorded = new LinkedHashMap<>();
    private final List<LoadGate.Wait> waits = new ArrayList<>();
    private final List<Measured> log = new ArrayList<>();
    /** The pool's directory of this trial, once its stores are made; read by the shutdown hook. */
    private volatile Path dir;
    /** The directories of stores a phase made itself (the capacity phase's), until it deletes them. */
    private final Set<Path> ownDirs = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private TrialProcess process;
    /** Processes kept warm for run r of the next phase with runs (bench.share), by r. */
    private final Map<Integer, TrialProcess> kept = new java.util.concurrent.ConcurrentSkipListMap<>();
    private boolean poolReady;
    private boolean storesDeleted;
    /** The gate's extra open run is under way: a failure is the gate's, not the trial's (no status line). */
    private boolean resampling;
    private int created;
    private int reused;
    private String failed;
    private boolean statusRecorded;
    private JsonNode engineInfo;
    /** The heap of the next JVM trial process: bench.trialHeapMb, or a holding heap for one that holds many open. */
    private String heap;
    /** Why the engine could not load in its trial process (its native library), if it could not. */
    private String loadFailure;
    /** The profilers the phase being measured runs its processes under (bench.profilers, or the profile's pass). */
    private List<Profiler> profilers = List.of();
    private String phaseId = "";
    private final ProfiledProcesses profiled;
    private final Set<String> profilerSkips = new java.util.HashSet<>();

    Trial(Bench bench, EngineDescriptor engine, Setting setting) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.name = engine.id() + "/" + setting.id();
        this.heap = bench.options.trialHeapMb + "m";
        this.profiled = new ProfiledProcesses(bench.outputDir, bench.outputDir.resolve("profile")
                .resolve(engine.id() + "-" + setting.id()), engine.runtime());
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
        if (why.isEmpty() && loadFailure == null && engineInfo == null) {
            // starting its trial process says whether the engine loads here (a native library that cannot load is a
            // skip, with the loader's reason); the process is the one the first phase then uses
            try {
                process();
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
        phaseId = phase.id();
        profilers = usable(with);
        try {
            if (phase.processes() != Phase.Processes.SHARED || (!profilers.isEmpty() && process != null
                    && !profiled().profiled(process))) {
                closeProcess();
            }
            if (phase.processes() == Phase.Processes.FRESH_ALONE) {
                closeKept();
            }
            Measured m = phase.measure(this);
            recorded.put(phase, m);
            log.add(m);
            return m;
        } catch (Exception e) {
            throw recordFailure(phase.id(), null, e);
        } finally {
            if (phase.processes() != Phase.Processes.SHARED || !profilers.isEmpty()) {
                closeProcess();
            }
            profilers = List.of();
            phaseId = "";
        }
    }

    /** The profilers that can profile this engine's runtime here; a profile line says why each other cannot. */
    private List<Profiler> usable(List<Profiler> with) throws IOException {
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

    /** Not synchronized on the trial: inParallel's senders use it while the phase holds the trial's lock. */
    private ProfiledProcesses profiled() {
        return profiled;
    }

    /** Closes a trial process and records what its profilers found (nothing, for a process none watched). */
    private void close(TrialProcess p) {
        p.close();
        try {
            for (ObjectNode l : profiled().finish(p)) {
                append(line("profile").setAll(l));
            }
        } catch (IOException e) {
            bench.console.println("[storebench] " + name + ": the profilers' output could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        try {
            closeProcess();
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
            closeProcess();
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
                + (e instanceof DiskFull.RootFull ? "" : diskFullHint(message));
        closeProcess();
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
        return List.copyOf(waits);
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
        Path own = bench.pool.trialDir(name, engine.id(), setting.id()); // never a workload's name: not the pool
        bench.pool.deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    @Override
    public Path ownTmpfsStores(String name) throws IOException {
        ScratchRoot tmpfs = bench.scratch();
        Path own = tmpfs.trialDir(name, engine.id(), setting.id());
        tmpfs.pool().deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    @Override
    public void deleteOwnStores(Path own) throws IOException {
        StorePool pool = own.startsWith(bench.pool.root()) ? bench.pool : bench.scratch().pool();
        pool.deleteStores(own);
        ownDirs.remove(own);
        pool.settle();
    }

    @Override
    public synchronized List<String> profilers() {
        return profilers.stream().map(Profiler::id).toList();
    }

    @Override
    public List<List<ObjectNode>> inParallel(Phase.Step step, int processes, List<Stage> stages) throws Exception {
        LoadGate.Wait wait = step.loadGated() ? awaitLoad() : null;
        closeProcess();
        List<TrialProcess> started = new ArrayList<>();
        java.util.concurrent.ExecutorService senders = java.util.concurrent.Executors.newFixedThreadPool(processes);
        long wall0 = System.nanoTime();
        try {
            for (int k = 0; k < processes; k++) {
                ProfiledProcesses.Wrapped command = profiled().wrap(bench.commands.command(engine, heap), profilers,
                        phaseId);
                TrialProcess p = TrialProcess.start(name + " worker " + (k + 1), command.command(),
                        setting.environment(), bench.workDir, bench.options.trialTimeout.toMillis());
                started.add(p);
                profiled().started(p, command, "worker " + (k + 1));
                p.request(Protocol.request(Protocol.HELLO).put("engine", engine.id()).put("setting", setting.id()),
                        l -> { });
            }
            List<List<ObjectNode>> answers = new ArrayList<>();
            for (Stage stage : stages) {
                List<ObjectNode> requests = new ArrayList<>();
                for (int k = 0; k < processes; k++) {
                    requests.add(stage.request().apply(k));
                }
                // one progress line for the stage: the processes' visits so far, summed
                Progress progress = new Progress(bench.console, name + " " + stage.name() + " (" + processes
                        + " processes)");
                int[] done = new int[processes];
                List<java.util.concurrent.Future<ObjectNode>> futures = new ArrayList<>();
                for (int k = 0; k < processes; k++) {
                    TrialProcess p = started.get(k);
                    ObjectNode request = requests.get(k);
                    int slot = k;
                    futures.add(senders.submit(() -> {
                        java.time.Instant from = java.time.Instant.now();
                        ObjectNode answer = p.request(request, l -> {
                            synchronized (done) {
                                done[slot] = l.path("done").asInt();
                                progress.update(java.util.Arrays.stream(done).sum(), stage.visits());
                            }
                        });
                        profiled().answered(p, request.path("op").asText(), from, java.time.Instant.now(),
                                stage.visits() / processes);
                        return answer;
                    }));
                }
                List<ObjectNode> stageAnswers = new ArrayList<>();
                for (java.util.concurrent.Future<ObjectNode> f : futures) {
                    try {
                        stageAnswers.add(f.get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                    }
                }
                answers.add(stageAnswers);
            }
            if (wait != null) {
                append(line("phase").put("phase", step.op()).put("wallMs", (System.nanoTime() - wall0) / 1e6)
                        .put("load1", wait.load1).put("loadWaitMs", wait.waitedMs).put("loadGaveUp", wait.gaveUp)
                        .put("processes", processes));
            }
            return answers;
        } catch (TrialFailure | IOException | RuntimeException e) {
            throw (Exception) recordFailure(step.op() + " (" + processes + " processes)", null, e);
        } finally {
            senders.shutdownNow();
            for (TrialProcess p : started) {
                close(p);
            }
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
        return dir;
    }

    @Override
    public void ensureStores() throws Exception {
        if (poolReady) {
            return;
        }
        int n = stores();
        dir = bench.pool.trialDir(workload().id(), engine.id(), setting.id());
        Set<Integer> valid = new TreeSet<>();
        List<Integer> existing = StorePool.existingStores(dir);
        if (bench.options.reuse && !existing.isEmpty() && samePoolIdentity()) {
            List<Integer> candidates = new ArrayList<>();
            existing.stream().filter(i -> i < n).forEach(candidates::add);
            ObjectNode check = request(Protocol.CHECK);
            check.set("stores", ints(candidates));
            send(new Phase.Step(Protocol.CHECK, false, null), check, candidates.size(), (l, reply) -> { }).result()
                    .path("valid").forEach(v -> valid.add(v.asInt()));
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
                requireNothingAt(StoreLayout.storeDir(dir, i));
            }
        }
        reused = valid.size();
        created = missing.size();
        writePoolIdentity();
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
        return Protocol.request(op).put("root", dir.toString()).put("workload", workload().id());
    }

    /** The one place a trial waits for the load: before each load-gated step, which then gets its phase line. */
    @Override
    public Answer send(Phase.Step step, ObjectNode request, int total, BiConsumer<ObjectNode, ObjectNode> extra)
            throws Exception {
        LoadGate.Wait wait = loadBefore(step);
        Progress progress = new Progress(bench.console, name + " " + step.op());
        ObjectNode result = request(step, request, total, done -> progress.update(done, total));
        if (step.loadGated()) {
            ObjectNode l = phaseLine(step, result.path("wallNs").asLong(), wait, total);
            extra.accept(l, result);
            append(l);
        }
        return new Answer(result, wait);
    }

    @Override
    public Requests requests(Phase.Step step, int most) throws Exception {
        LoadGate.Wait wait = loadBefore(step);
        Progress progress = new Progress(bench.console, name + " " + step.op());
        return new Requests() {
            private int visited;
            private long wallNs;

            @Override
            public ObjectNode send(ObjectNode request, int visits) throws Exception {
                int before = visited;
                ObjectNode result = request(step, request, visits, done -> progress.update(before + done, most));
                visited += visits;
                progress.update(visited, most); // a request may end before its process sends a progress line
                wallNs += result.path("wallNs").asLong();
                return result;
            }

            @Override
            public void end(java.util.function.Consumer<ObjectNode> line) throws IOException {
                if (step.loadGated()) {
                    ObjectNode l = phaseLine(step, wallNs, wait, visited);
                    line.accept(l);
                    append(l);
                }
            }
        };
    }

    private LoadGate.Wait loadBefore(Phase.Step step) throws Exception {
        return step.loadGated() ? awaitLoad() : new LoadGate.Wait(storebench.measure.LoadAverage.load1(), 0, false);
    }

    /** One request to the trial's process; a failure is recorded with the visits the progress lines had reported. */
    private ObjectNode request(Phase.Step step, ObjectNode request, int total, java.util.function.IntConsumer progress)
            throws Exception {
        int[] done = {0};
        try {
            TrialProcess p = process();
            java.time.Instant from = java.time.Instant.now();
            ObjectNode answer = p.request(request, l -> {
                done[0] = l.path("done").asInt();
                progress.accept(done[0]);
            });
            profiled().answered(p, request.path("op").asText(), from, java.time.Instant.now(), total);
            return answer;
        } catch (TrialFailure | IOException | RuntimeException e) {
            String what = step.op() + (request.has("run") ? " " + request.get("run").asInt() : "");
            throw (Exception) recordFailure(what, "at least " + done[0] + " of " + total
                    + " stores done, by the last progress line", e);
        }
    }

    private ObjectNode phaseLine(Phase.Step step, long wallNs, LoadGate.Wait wait, int visited) {
        return line("phase").put("phase", step.op()).put("wallMs", wallNs / 1e6).put("load1", wait.load1)
                .put("loadWaitMs", wait.waitedMs).put("loadGaveUp", wait.gaveUp).put("visited", visited);
    }

    @Override
    public synchronized void freshProcess() {
        closeProcess();
        heap = bench.options.trialHeapMb + "m";
    }

    @Override
    public synchronized boolean takeWarmProcess(int r) {
        if (!profilers.isEmpty()) {
            return false; // a phase under profilers starts its own processes, each wrapped
        }
        TrialProcess p = kept.remove(r);
        if (p == null) {
            return false;
        }
        if (!p.alive()) {
            close(p);
            return false;
        }
        closeProcess();
        process = p;
        return true;
    }

    @Override
    public synchronized void keepWarmProcess(int r) {
        if (process == null) {
            return;
        }
        if (!option(storebench.phase.WarmUp.SHARE) || profiled().profiled(process)) {
            closeProcess();
            return;
        }
        TrialProcess before = kept.put(r, process);
        process = null;
        if (before != null) {
            close(before);
        }
    }

    private synchronized void closeKept() {
        kept.values().forEach(this::close);
        kept.clear();
    }

    @Override
    public synchronized boolean jitWarmed(storebench.trial.Query query) {
        return process != null && process.jitWarmed(query.id);
    }

    @Override
    public synchronized void markJitWarmed(storebench.trial.Query query) {
        if (process != null) {
            process.markJitWarmed(query.id);
        }
    }

    @Override
    public synchronized java.util.OptionalDouble settledMs(storebench.trial.Query query) {
        return process == null ? java.util.OptionalDouble.empty() : process.settledMs(query.id);
    }

    @Override
    public synchronized void markSettled(storebench.trial.Query query, double ms) {
        if (process != null) {
            process.markSettled(query.id, ms);
        }
    }

    @Override
    public synchronized void freshHoldingProcess(int stores) {
        closeProcess();
        heap = TrialCommands.holdHeap(bench.options.trialHeapMb, stores);
    }

    @Override
    public void stat(Stat stat, double value, List<Double> runs) throws IOException {
        ObjectNode l = line("stat").put("stat", stat.id()).put("value", value);
        // the line says what it is, so that a report or gate reads it without the code that measured it
        l.set("about", stat.about(workload().notesPerStore(), hold(), Phases.phaseOf(stat).id(), Phases.order(stat)));
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

    /** A store's directory is made by the trial process; anything already there is not ours to replace. */
    private static void requireNothingAt(Path store) throws IOException {
        if (!Files.exists(store, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String what = Files.isSymbolicLink(store) ? "a symbolic link (to " + Files.readSymbolicLink(store) + ")"
                : "a file, not a store directory";
        throw new IOException(store + " is " + what + " that storebench did not make: it creates each store's directory"
                + " itself and never writes through, or deletes, what it did not make. Remove it, or choose another"
                + " -Dbench.root");
    }

    /** What the kept stores were made by: engine, its versions, workload. Reuse requires the same. */
    private JsonNode poolIdentity() throws Exception {
        ObjectNode id = Protocol.JSON.createObjectNode().put("engine", engine.id()).put("workload", workload().id());
        id.set("versions", engineInfo());
        return id;
    }

    private boolean samePoolIdentity() throws Exception {
        Path file = dir.resolve(POOL_IDENTITY);
        if (!Files.isRegularFile(file)) {
            bench.console.println("[storebench] " + name + ": kept stores have no " + POOL_IDENTITY + "; not reused");
            return false;
        }
        boolean same = Protocol.JSON.readTree(file.toFile()).equals(poolIdentity());
        if (!same) {
            bench.console.println("[storebench] " + name + ": kept stores were made by another engine version; not reused");
        }
        return same;
    }

    private void writePoolIdentity() throws Exception {
        Protocol.JSON.writeValue(dir.resolve(POOL_IDENTITY).toFile(), poolIdentity());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Trial processes and the load

    private LoadGate.Wait awaitLoad() throws Exception {
        LoadGate.Wait wait = bench.loadGate.await();
        if (wait.waitedMs > 0) {
            bench.console.printf("[storebench] %s: waited %d s for the load to drop below %s%s%n", name,
                    wait.waitedMs / 1000, bench.options.maxLoad.getAsDouble(),
                    wait.gaveUp ? " (gave up: bench.maxLoadWait reached, load " + wait.load1 + ")" : "");
        }
        synchronized (this) {
            waits.add(wait);
        }
        return wait;
    }

    /**
     * Names the bench root and its free space when an engine ran out of disk: it said so, or the root has less left than
     * one of its stores needs (an engine may fail without saying why: H2 writes in the background).
     */
    private String diskFullHint(String message) {
        long free = DiskFull.freeBytes(bench.pool.root());
        long store = engine.diskEstimateBytes(workload());
        if (!DiskFull.says(message) && (free < 0 || free >= store)) {
            return "";
        }
        return "\nThe bench root " + bench.pool.root() + " is full (" + DiskFull.free(free) + "; a store of "
                + engine.id() + " needs about " + DiskEstimate.mib(store) + "). Stores that were"
                + " not finished are never reused: their count does not match.";
    }

    private synchronized TrialProcess process() throws Exception {
        if (process == null) {
            ProfiledProcesses.Wrapped command = profiled().wrap(bench.commands.command(engine, heap), profilers,
                    phaseId);
            TrialProcess started = TrialProcess.start(name, command.command(), setting.environment(),
                    bench.workDir, bench.options.trialTimeout.toMillis());
            profiled().started(started, command, "");
            ObjectNode helloRequest = Protocol.request(Protocol.HELLO).put("engine", engine.id())
                    .put("setting", setting.id());
            if (bench.options.slowdown > 0) {
                helloRequest.put("slowdown", bench.options.slowdown);
            }
            ObjectNode hello;
            try {
                hello = started.request(helloRequest, l -> { });
            } catch (TrialFailure e) {
                close(started); // a process that cannot load its engine serves no phase
                throw e;
            }
            process = started;
            engineInfo = hello.path("info");
            bench.describeEngine(engine, hello);
        }
        return process;
    }

    /** The engine's versions and settings as its trial process reports them. */
    private JsonNode engineInfo() throws Exception {
        if (engineInfo == null) {
            try {
                process();
            } catch (TrialFailure | IOException | RuntimeException e) {
                throw recordFailure("create", "starting the trial process", e);
            }
        }
        return engineInfo;
    }

    private synchronized void closeProcess() {
        if (process != null) {
            close(process);
            process = null;
        }
    }

    private static com.fasterxml.jackson.databind.node.ArrayNode ints(List<Integer> values) {
        return Protocol.ints(values.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Stops the trial's processes at once (the suite is being stopped); called from a shutdown hook. */
    void stopProcesses() {
        TrialProcess p = process;
        if (p != null) {
            p.kill();
        }
        List.copyOf(kept.values()).forEach(TrialProcess::kill);
    }

    /**
     * Deletes the stores of a trial whose run was stopped, as its end would have (called from the shutdown hook, after
     * {@link #stopProcesses}; without the trial's lock, which the interrupted phase may hold): a phase's own stores
     * always, the pool's unless bench.keep.
     */
    void deleteStoresOnInterrupt() throws IOException {
        for (Path own : List.copyOf(ownDirs)) {
            deleteOwnStores(own);
        }
        Path pool = dir;
        if (pool != null && !bench.options.keep) {
            bench.pool.deleteStores(pool);
        }
    }

    /**
     * Ends the trial's measurements (its class invocation ends): its processes are stopped and, unless bench.keep, its
     * stores deleted; but where the gate may still add open runs to it (bench.resample with a baseline, and its
     * verdicts against the baseline are inconclusive), they stay until {@link #finish}.
     */
    @Override
    public synchronized void close() throws IOException {
        closeProcess();
        closeKept();
        if (!bench.mayResample(this)) {
            deleteStores();
        }
    }

    /** Ends the trial for good, after the gate's resampling: processes stopped, stores deleted unless bench.keep. */
    synchronized void finish() throws IOException {
        closeProcess();
        closeKept();
        deleteStores();
    }

    private void deleteStores() throws IOException {
        if (dir != null && !bench.options.keep && !storesDeleted) {
            bench.pool.deleteStores(dir);
            bench.pool.settle();
            storesDeleted = true;
        }
    }
}
