package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.measure.Environment;
import storebench.measure.HdrLogs;
import storebench.measure.LoadGate;
import storebench.measure.Mounts;
import storebench.measure.LoadSampler;
import storebench.model.Setting;
import storebench.phase.Measured;
import storebench.phase.Phases;
import storebench.phase.Sample;
import storebench.phase.SteadyState;
import storebench.results.Column;
import storebench.results.EndLine;
import storebench.results.EnvironmentFile;
import storebench.results.ResampleLine;
import storebench.results.ResultsFile;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.StatusLine;
import storebench.gate.Verdict;
import storebench.gate.Verdicts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One bench run: its options, its output folder (target/bench/), the store pool, the load gate and sampler,
 * and the trials. Closing it writes the last results line and renders the report from the output files.
 */
public final class Bench implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    final BenchOptions options;
    final Path outputDir;
    final ResultsFile results;
    final StorePool pool;
    final LoadGate loadGate;
    final TrialCommands commands;
    final PrintStream console;
    private ScratchRoot scratch;
    private AfterRun afterRun = AfterRun.NOTHING;
    final HdrLogs hdrLogs;
    final Path workDir;
    /** The JVM trial processes' temporary directory, this run's own: deleted when the run ends. */
    private final Path trialTmp;
    /** One run per bench root at a time. */
    public static final String ROOT_LOCK = ".storebench-lock";
    private final Thresholds thresholds;
    private final Optional<RunResults> baseline;
    private final RunLock rootLock;
    private final RunLock outputLock;
    private final LoadSampler sampler;
    /** environment.json: the trial processes' hellos and the roots measured on are recorded in it. */
    final RunEnvironment environment;
    private final long startNs = System.nanoTime();
    private final Map<Column, Trial> trials = new LinkedHashMap<>();
    private final RunPlan plan;
    /** What side B's trial processes start with (bench.against). */
    final Against.Arm againstArm;
    /** The phase now measured: when it started and the plan's estimate of it (s; 0 where the plan has none). */
    private volatile long phaseStartNs = System.nanoTime();
    private volatile double phaseEstimateS;
    private volatile boolean closed;

    private Bench(BenchOptions options, PrintStream console) throws IOException {
        this.options = options;
        this.console = console;
        this.plan = RunPlan.probed(options); // a probe of seconds: the estimate scaled to this machine
        printPlan(plan, console);
        // Everything that can stop the run is checked before it takes the root or touches the output folder.
        this.thresholds = Gate.checkBeforeMeasuring(options.thresholds, options.baseline, Phases.stats());
        if (options.baseline.isPresent()) {
            Gate.checkComparable(options.baseline.get(), new RunResults.Shape(options.workload.id(), options.stores,
                    options.runs, options.hold), options.baselineMismatchWarns).ifPresent(why -> console.println(
                    "[storebench] warning: " + why + " (bench.baselineMismatch=warn: the comparison is not evaluated)"));
            this.baseline = Optional.of(Gate.loadBaseline(options.baseline.get()));
        } else {
            this.baseline = Optional.empty();
        }
        OutputFolder.plan(options.outputDir); // a folder storebench did not write stops the run here
        this.pool = StorePool.claim(options.root);
        this.rootLock = RunLock.acquire(pool.root().resolve(ROOT_LOCK), "bench root " + pool.root(), options.lockWait,
                console);
        try {
            this.outputLock = RunLock.acquire(outputLock(options.outputDir), "output folder " + options.outputDir,
                    options.lockWait, console);
        } catch (IOException e) {
            rootLock.close();
            throw e instanceof FileSystemException fs ? OutputFolder.unwritable(options.outputDir, fs) : e;
        }
        try {
            // the gate's resampling adds open runs after every trial has ended: their stores stay until then
            boolean resamples = options.resample > 0 && options.baseline.isPresent();
            DiskEstimate.requireSpace(pool.root(), DiskEstimate.peakBytes(options.engines, options.settings.size(),
                    options.workload, options.stores, options.keep || resamples, DiskEstimate.opensPerStore(options),
                    DiskEstimate.ownStores(options)),
                    "this run (" + options.stores + " stores per trial" + (DiskEstimate.ownStores(options) > 0 ? " and "
                    + DiskEstimate.ownStores(options) + " a phase makes of its own beside them" : "")
                    + (options.keep ? ", all kept"
                    : resamples ? ", all kept until the gate has resampled (bench.resample)"
                    : ", one trial's stores at a time") + ")");
            this.trialTmp = TrialTmp.prepare(options.projectDir.resolve("target").resolve("trial-work"), console);
            this.commands = new TrialCommands(TrialClasspath.find(), options.projectDir, options.nodeCommand)
                    .withTmp(trialTmp);
            this.againstArm = againstArm(options, commands, console);
            this.outputDir = OutputFolder.fresh(options.outputDir, console);
        } catch (IOException | RuntimeException e) {
            releaseLocks();
            throw e;
        }
        this.results = new ResultsFile(outputDir.resolve(ResultsFile.NAME));
        this.hdrLogs = new HdrLogs(outputDir.resolve("hdr"));
        this.workDir = Files.createDirectories(options.projectDir.resolve("target").resolve("trial-work"));
        this.loadGate = LoadGate.system(options.maxLoad, options.maxLoadWait);
        ObjectNode env = Environment.collect(JSON, options.projectDir, pool.root());
        plan.machine().ifPresent(m -> env.set("machine", JSON.valueToTree(m))); // the plan's probe: this run's prices
        env.set("trialJvm", JSON.valueToTree(trialJvm(options)));
        this.environment = new RunEnvironment(env, outputDir, console);
        environment.write();
        this.sampler = new LoadSampler(outputDir.resolve(LoadSampler.NAME));
        results.append(runLine(options, pool.root(), plan).line());
        console.println("[storebench] results in " + outputDir + ", stores under " + pool.root());
        Runtime.getRuntime().addShutdownHook(new Thread(this::interrupted, "storebench-shutdown"));
    }

    /** Side B's library, resolved (Maven, npm) before anything is measured, so that a version not to be had stops here. */
    private static Against.Arm againstArm(BenchOptions options, TrialCommands commands, PrintStream console)
            throws IOException {
        if (options.against.isEmpty()) {
            return Against.Arm.SAME;
        }
        EngineDescriptor engine = options.engines.get(0);
        if (!options.against.get().ofSetting()) {
            console.println("[storebench] against " + options.against.get() + ": resolving " + engine.id()
                    + "'s library at that version (" + String.join(", ", engine.library().map(
                    EngineDescriptor.Library::artifacts).orElse(List.of())) + ")");
        }
        return options.against.get().resolve(engine, commands.classpath(), options.projectDir, commands.node());
    }

    /** The tolerance of each statistic an A/B comparison is judged on (thresholds.yaml's against:), as fractions. */
    Map<Stat, Double> againstTolerances() {
        Map<Stat, Double> out = new LinkedHashMap<>();
        thresholds.against().ifPresent(a -> a.perStat().forEach((id, t) -> Phases.stats().stream()
                .filter(st -> st.id().equals(id)).findFirst().ifPresent(st -> out.put(st, t.fraction()))));
        return out;
    }

    private static RunLine runLine(BenchOptions options, java.nio.file.Path root, RunPlan plan) {
        // the statistics of the phases left out: their empty cells read "not asked for", not a failure
        Map<String, List<String>> notAsked = new LinkedHashMap<>();
        Phases.ALL.stream().filter(p -> !options.phases.contains(p)).forEach(p -> notAsked.put(p.id(),
                p.stats().stream().map(Stat::id).toList()));
        RunLine.Scale scale = new RunLine.Scale(options.workload.id(), options.stores,
                options.workload.notesPerStore(), options.runs, options.warmupOpens, options.hold);
        RunLine.Asked asked = new RunLine.Asked(ids(options.engines, EngineDescriptor::id),
                ids(options.settings, Setting::id), ids(options.phases, storebench.phase.Phase::id),
                options.enginesAsked, options.phasesAsked, notAsked);
        RunLine.Options ran = new RunLine.Options(new RunLine.Pool(root.toString(), options.keep, options.reuse),
                options.warmup.id(), new RunLine.LoadLimit(options.maxLoad.isPresent()
                ? String.valueOf(options.maxLoad.getAsDouble()) : "", options.maxLoadWait.toSeconds()),
                // figures are comparable at one heap: said where it differs
                options.trialHeapMb != TrialCommands.HEAP_MB ? options.trialHeapMb : null,
                options.phaseOptionTexts, new RunLine.Outputs(asGiven(options, options.outputDir),
                asGiven(options, options.thresholds), options.baseline.map(b -> asGiven(options, b)).orElse(null)),
                options.profilers.isEmpty() ? null : ids(options.profilers, p -> p.id()), new RunLine.SideB(
                options.against.map(Object::toString).orElse(null), options.against.isPresent()
                ? options.againstSlowdown : null));
        // how the run measured, for its report: the rules' parameters, not only their options
        RunLine.Rules rules = new RunLine.Rules(new RunLine.WarmUpRule(SteadyState.BLOCK, SteadyState.TOLERANCE,
                SteadyState.WINDOW_TOLERANCE, SteadyState.COMPILE_SHARE, SteadyState.minWindows() * SteadyState.WINDOW,
                SteadyState.MOST_TOLERANCE, SteadyState.MOST_WINDOW_TOLERANCE), Sample.LEAST,
                Phases.stats().stream().map(Stat::id).toList());
        return new RunLine(ResultsFile.FORMAT, scale, asked, Instant.now().toString(), ran, plan.json(), rules, null);
    }

    private static <T> List<String> ids(List<T> items, java.util.function.Function<T, String> id) {
        return items.stream().map(id).toList();
    }

    /** A path as a command would give it: relative to the project where it lies inside it. */
    private static String asGiven(BenchOptions options, java.nio.file.Path path) {
        return path.startsWith(options.projectDir) ? options.projectDir.relativize(path).toString() : path.toString();
    }

    /** What the layer above writes from a judged run's folder: rendering is not the run's business. */
    @FunctionalInterface
    public interface AfterRun {
        AfterRun NOTHING = (dir, console) -> {
        };

        void write(Path outputDir, PrintStream console) throws IOException;
    }

    /**
     * A run whose {@link #close} ends with {@code afterRun} on its folder (the JUnit extension: the reports;
     * {@link AfterRun#NOTHING}: only the run's own files, results, environment and verdicts).
     */
    public static Bench start(BenchOptions options, PrintStream console, AfterRun afterRun) throws IOException {
        Bench bench = new Bench(options, console);
        bench.afterRun = afterRun;
        return bench;
    }

    public BenchOptions options() {
        return options;
    }

    /** Prints a run's plan and estimate (bench.plan=true prints it and measures nothing). */
    public static void printPlan(RunPlan plan, PrintStream console) {
        plan.lines().forEach(console::println);
        console.flush();
    }

    void phaseStarts(Column trial, storebench.phase.Phase phase) {
        plan.progress(trial.engine(), trial.setting(), phase, (System.nanoTime() - startNs) / 1e9)
                .ifPresent(console::println);
        phaseStartNs = System.nanoTime();
        phaseEstimateS = plan.estimateS(trial.engine(), trial.setting(), phase).orElse(0);
    }

    /** How far past twice the plan's estimate the current phase is; "" within it. */
    String phaseOverrun() {
        return RunPlan.overrun((System.nanoTime() - phaseStartNs) / 1e9, phaseEstimateS).orElse("");
    }

    public Path outputDir() {
        return outputDir;
    }

    public ResultsFile results() {
        return results;
    }

    /** The trial of one engine under one setting (one per run, made on first use). */
    public synchronized Trial trial(EngineDescriptor engine, Setting setting) {
        return trials.computeIfAbsent(new Column(engine.id(), setting.id()),
                k -> new Trial(this, engine, setting, null));
    }

    /** The JVM trial processes' heaps: the measuring phases' fixed one, and the serving phases' collector. */
    static EnvironmentFile.TrialHeaps trialJvm(BenchOptions options) {
        TrialJvm measuring = TrialJvm.measuring(options.trialHeapMb + "m");
        storebench.model.JvmCollector gc = options.option(storebench.phase.TrafficPhase.GC);
        return new EnvironmentFile.TrialHeaps(new EnvironmentFile.TrialHeaps.Measuring(measuring.collector().id(),
                String.join(" ", measuring.options())), new EnvironmentFile.TrialHeaps.Serving(gc.id(), gc.flag(),
                "-Xms = -Xmx = bench.trialHeapMb + twice the engine's heap per open store times the stores a process"
                + " keeps open (traffic: bench.trafficOpen; concurrency: its most workers), 2 GiB at most, not"
                + " pre-touched", Phases.ALL.stream().filter(p -> options.phases.contains(p)
                && p.options().contains(storebench.phase.TrafficPhase.GC)).map(storebench.phase.Phase::id).toList()));
    }

    /** The run's tmpfs root (/dev/shm), claimed on first use and removed when the run ends. */
    public synchronized ScratchRoot scratch() throws IOException {
        if (scratch == null) {
            Optional<String> why = ScratchRoot.unavailable();
            if (why.isPresent()) {
                throw new java.io.FileNotFoundException("no tmpfs root: " + why.get());
            }
            scratch = ScratchRoot.claim();
            environment.describeRoot("tmpfs", scratch.root(), "tmpfs", Mounts.of(scratch.root()).options());
        }
        return scratch;
    }

    /** Beside the folder, not in it: a run makes the folder or moves it aside only once it holds the lock. */
    static Path outputLock(Path outputDir) {
        return outputDir.resolveSibling(outputDir.getFileName() + ".lock");
    }

    private void releaseLocks() {
        for (RunLock lock : new RunLock[] {outputLock, rootLock}) {
            try {
                if (lock != null) {
                    lock.close();
                }
            } catch (IOException e) {
                console.println("[storebench] cannot release " + lock.file() + ": " + e.getMessage());
            }
        }
    }

    /** On SIGINT/SIGTERM: stop the trial processes, record it, and delete the stores as the trials' ends would have. */
    private void interrupted() {
        if (closed) {
            return;
        }
        List<Trial> all = List.copyOf(trials.values());
        all.forEach(Trial::stopProcesses);
        try {
            results.append(ResultsFile.with(ResultsFile.line(StatusLine.KIND), new StatusLine(null,
                    StatusLine.INTERRUPTED, null, "the suite was stopped before the run ended", null)));
        } catch (IOException ignored) {
            // the results file keeps every line written before
        }
        console.println("[storebench] interrupted: deleting the run's stores under " + pool.root()
                + (options.keep ? " (its phases' own; the pool's are kept: bench.keep)" : ""));
        deleteTrialTmp();
        for (Trial t : all) {
            try {
                t.deleteStoresOnInterrupt();
            } catch (IOException | RuntimeException e) {
                console.println("[storebench] " + t + ": could not delete its stores: " + e.getMessage());
            }
        }
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    /** The rules' verdicts on one trial's figures of one phase, judged as soon as they are measured. */
    public List<Verdict> judge(Trial trial, Measured measured) throws IOException {
        List<String> stats = measured.figures().keySet().stream().map(Stat::id).collect(Collectors.toList());
        return Gate.forFigures(thresholds, RunResults.load(outputDir), trial.params().engineId(),
                trial.params().settingId(), stats);
    }

    /** Every verdict on the whole run, the baseline comparison included, as verdicts.json has them. */
    public Verdicts verdicts() throws IOException {
        return Verdicts.of(thresholds, options.baseline.map(Path::toString).orElse(null), RunResults.load(outputDir),
                baseline);
    }

    /** Whether the gate may add open runs to a trial: its stores then stay until {@link #finishMeasurements()}. */
    boolean mayResample(Trial trial) {
        if (options.resample == 0 || baseline.isEmpty() || !trial.hasOpenRuns()) {
            return false;
        }
        try {
            return inconclusive().contains(trial.params().column());
        } catch (IOException | RuntimeException e) {
            return true; // the gate judges it at the end: its stores stay until then
        }
    }

    /** The trials with an inconclusive verdict, in the verdicts' order: the gate's stop rule is that none has. */
    private Set<Column> inconclusive() throws IOException {
        return verdicts().with(Verdict.Status.INCONCLUSIVE).stream().map(v -> new Column(v.engine(), v.setting()))
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The open runs the gate's resampling added per trial, and the trials whose extra run failed, with the reason. */
    public record Resampling(Map<Column, Integer> added, Map<Column, String> failed) {
    }

    /**
     * While baseline verdicts are inconclusive, adds one fresh-process open run to each trial, up to bench.resample,
     * and judges again; a failed extra run is the gate's (a "resample" line), the figures measured stand. Call it
     * before {@link #finishMeasurements()}, while the trials' stores exist.
     */
    public synchronized Resampling resampleInconclusive() throws IOException {
        Map<Column, Integer> added = new LinkedHashMap<>();
        Map<Column, String> failed = new LinkedHashMap<>();
        for (int round = 1; round <= (baseline.isEmpty() ? 0 : options.resample); round++) {
            Set<Column> undecided = inconclusive();
            undecided.removeIf(key -> !trials.containsKey(key) || failed.containsKey(key));
            if (undecided.isEmpty()) {
                break;
            }
            for (Column key : undecided) {
                int run = options.runs + added.getOrDefault(key, 0) + 1;
                console.println("[storebench] gate: " + key + " inconclusive against the baseline: open run " + run
                        + " (resample " + round + " of " + options.resample + ")");
                try {
                    if (trials.get(key).resample(m -> !inconclusive().contains(key))) {
                        added.merge(key, 1, Integer::sum);
                    }
                } catch (Exception e) {
                    String why = "open run " + run + " failed: " + e.getMessage();
                    console.println("[storebench] gate: " + key + ": the extra " + why);
                    failed.put(key, why);
                    trials.get(key).results().append(ResampleLine.KIND, new ResampleLine(key, run - 1,
                            added.getOrDefault(key, 0), why));
                }
            }
        }
        return new Resampling(added, failed);
    }

    /** Ends every trial (processes stopped, stores deleted unless bench.keep); safe to call twice. */
    public synchronized void finishMeasurements() throws IOException {
        for (Trial t : trials.values()) {
            t.finish();
        }
    }

    /**
     * Failsafe ends a run with "Tests run: 11, Skipped: 6" as a warning: said once, here, what the skipped ones are, so
     * that a passing run does not read as a partial one.
     */
    private String skippedTests() {
        List<String> left = Phases.ALL.stream().filter(p -> !options.phases.contains(p))
                .map(storebench.phase.Phase::id).toList();
        return "[storebench] the tests Failsafe counts as skipped: " + (left.isEmpty() ? "" : "the phases this run"
                + " leaves out (" + String.join(", ", left) + "; -Dbench.phases=all measures them) and ")
                + "GateTeethBench, the gate's own test (-Dbench.gateTeeth=true runs it)";
    }

    /** Closes every trial, writes the end line and the gate's verdicts, then runs {@link AfterRun}. */
    @Override
    public void close() throws IOException {
        finishMeasurements();
        closed = true;
        sampler.close();
        results.append(new EndLine((System.nanoTime() - startNs) / 1_000_000, null).line());
        results.close();
        try {
            // the gate's verdicts first: the report is a pure function of the run's files, verdicts.json among them
            try {
                Verdicts verdicts = verdicts();
                console.println("[storebench] gate " + verdicts.headline() + " (" + verdicts.write(outputDir) + ")");
                console.println(skippedTests());
            } catch (IOException e) {
                console.println("[storebench] the gate could not judge the run: " + e.getMessage());
            }
            afterRun.write(outputDir, console);
        } finally {
            if (scratch != null) {
                scratch.close();
            }
            deleteTrialTmp();
            releaseLocks();
        }
    }

    /** A failure to delete is said, not thrown. */
    private void deleteTrialTmp() {
        try {
            TrialTmp.delete(trialTmp);
        } catch (IOException e) {
            console.println("[storebench] could not delete " + trialTmp + ": " + e.getMessage() + " (the next run does)");
        }
    }
}
