package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.phase.PhaseProcesses;
import storebench.phase.ProcessWarmth;
import storebench.profile.Profiler;
import storebench.trial.HelloRequest;
import storebench.trial.Protocol;
import storebench.trial.TrialProcess;
import storebench.trial.answer.Answers;
import storebench.trial.answer.HelloAnswer;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * The trial processes of one trial, the one place they start: the current one, those kept warm for run r of the next
 * phase, the workers of a phase that runs several at once; under profilers each serves its phase only.
 */
final class TrialProcesses {
    private final Bench bench;
    private final Trial trial;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    private final ProfiledProcesses profiled;
    /** Per run r, a process kept warm of each JVM (a serving phase's and a measuring one's pass each other by). */
    private final Map<KeptKey, Kept> kept = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile TrialProcess process;
    private ProcessWarmth warmth = new ProcessWarmth();
    /** The next process' JVM. */
    private TrialJvm jvm;
    /** The JVM the current phase's processes get where they start fresh. */
    private TrialJvm phaseJvm;
    private TrialJvm currentJvm;
    private JsonNode engineInfo;
    private List<Profiler> profilers = List.of();
    private String phaseId = "";
    /** Against.Arm.SAME for any trial but side B. */
    private final Against.Arm arm;
    private final double slowdown;

    TrialProcesses(Bench bench, Trial trial, EngineDescriptor engine, Setting setting, String name, Against.Arm arm,
                   double slowdown) {
        this.arm = arm;
        this.slowdown = slowdown;
        this.bench = bench;
        this.trial = trial;
        this.engine = engine;
        this.setting = setting;
        this.name = name;
        this.jvm = defaultJvm();
        this.phaseJvm = jvm;
        this.profiled = new ProfiledProcesses(bench.outputDir, bench.outputDir.resolve("profile")
                .resolve(engine.id() + "-" + setting.id()), engine.runtime());
    }

    synchronized void phase(String phaseId, List<Profiler> profilers) {
        this.phaseId = phaseId;
        this.profilers = profilers;
        if (!profilers.isEmpty() && process != null && !profiled.profiled(process)) {
            closeCurrent(); // a process started before the profilers were asked for serves no profiled phase
        }
    }

    synchronized List<Profiler> profilers() {
        return profilers;
    }

    private Map<String, String> environment() {
        Map<String, String> environment = new java.util.LinkedHashMap<>(setting.environment());
        environment.putAll(arm.environment());
        return environment;
    }

    synchronized TrialProcess current() throws Exception {
        if (process == null) {
            ObjectNode[] hello = new ObjectNode[1];
            process = start("", slowdown, hello);
            currentJvm = jvm;
            HelloAnswer described = HelloAnswer.of(hello[0]);
            engineInfo = described.info();
            if (arm == Against.Arm.SAME) { // side B of bench.against says what it ran in its against-run lines
                bench.environment.describeEngine(engine, setting, described);
            }
        }
        return process;
    }

    /**
     * Starts a trial process of the next JVM, under the phase's profilers, and says hello (its answer into
     * {@code hello}); a process that cannot load its engine serves no phase.
     */
    private TrialProcess start(String role, double slow, ObjectNode[] hello) throws Exception {
        ProfiledProcesses.Wrapped command;
        synchronized (this) {
            command = profiled.wrap(bench.commands.command(engine, jvm, arm.classpath()), profilers, phaseId);
        }
        TrialProcess started = TrialProcess.start(name + (role.isEmpty() ? "" : " " + role), command.command(),
                environment(), arm.workDir().orElse(bench.workDir), bench.options.trialTimeout.toMillis());
        profiled.started(started, command, role);
        try {
            hello[0] = started.request(Protocol.JSON.valueToTree(new HelloRequest(engine.id(), setting.id(), slow)),
                    l -> { });
        } catch (Exception e) {
            close(started);
            throw e;
        }
        return started;
    }

    /** Null before a process started. */
    synchronized JsonNode engineInfo() {
        return engineInfo;
    }

    /** One request to the current process; the profilers (if any) learn when it ran. */
    ObjectNode request(ObjectNode request, int items, IntConsumer progress) throws Exception {
        TrialProcess p = current();
        Instant from = Instant.now();
        ObjectNode answer = p.request(request, l -> progress.accept(Answers.done(l)));
        profiled.answered(p, Protocol.op(request), from, Instant.now(), items);
        return answer;
    }

    synchronized void closeCurrent() {
        if (process != null) {
            close(process);
            process = null;
            warmth = new ProcessWarmth();
        }
    }

    synchronized void fresh() {
        closeCurrent();
        jvm = phaseJvm;
    }

    /** The next process starts fresh, with the heap of one that holds this many stores open. */
    synchronized void freshHolding(int stores) {
        closeCurrent();
        jvm = TrialJvm.measuring(TrialCommands.holdHeap(bench.options.trialHeapMb, stores, engine.heapKbPerOpenStore()));
    }

    /** A serving phase's JVM, or the measuring default; a current process of the other kind is closed. */
    synchronized void phaseJvm(java.util.Optional<storebench.phase.Phase.Serving> serving) {
        // the Node worker's heap is V8's whatever the phase; the serial collector asked is the measuring JVM itself,
        // whose processes the measuring phases share
        phaseJvm = serving.filter(s -> engine.runtime() == storebench.model.TrialRuntime.JVM
                && s.collector() != storebench.model.JvmCollector.SERIAL).map(s -> TrialJvm.serving(TrialCommands.holdHeap(bench.options.trialHeapMb, s.openStores(),
                engine.heapKbPerOpenStore()), s.collector())).orElseGet(this::defaultJvm);
        if (process != null && !phaseJvm.equals(currentJvm)) {
            closeCurrent();
        }
        jvm = phaseJvm;
    }

    private TrialJvm defaultJvm() {
        return TrialJvm.measuring(bench.options.trialHeapMb + "m");
    }

    synchronized boolean takeWarm(int r) {
        if (!profilers.isEmpty()) {
            return false; // a phase under profilers starts its own processes, each wrapped
        }
        Kept k = kept.remove(new KeptKey(r, phaseJvm)); // a process of another JVM stays for a phase of its own
        if (k == null) {
            return false;
        }
        if (!k.process().alive()) {
            close(k.process());
            return false;
        }
        closeCurrent();
        process = k.process();
        currentJvm = k.jvm();
        warmth = k.warmth();
        return true;
    }

    synchronized void keepWarm(int r, boolean share) {
        if (process == null) {
            return;
        }
        if (!share || profiled.profiled(process)) {
            closeCurrent();
            return;
        }
        Kept before = kept.put(new KeptKey(r, currentJvm), new Kept(process, warmth, currentJvm));
        process = null;
        warmth = new ProcessWarmth();
        if (before != null) {
            close(before.process());
        }
    }

    synchronized void closeKept() {
        kept.values().forEach(k -> close(k.process()));
        kept.clear();
    }

    synchronized ProcessWarmth warmth() {
        return warmth;
    }

    private record Kept(TrialProcess process, ProcessWarmth warmth, TrialJvm jvm) {
    }

    private record KeptKey(int r, TrialJvm jvm) {
    }

    List<List<ObjectNode>> inParallel(int processes, List<PhaseProcesses.Stage> stages) throws Exception {
        closeCurrent();
        List<TrialProcess> started = new ArrayList<>();
        ExecutorService senders = Executors.newFixedThreadPool(processes);
        try {
            for (int k = 0; k < processes; k++) {
                started.add(start("worker " + (k + 1), 0, new ObjectNode[1]));
            }
            List<List<ObjectNode>> answers = new ArrayList<>();
            for (PhaseProcesses.Stage stage : stages) {
                answers.add(stage(started, senders, stage));
            }
            return answers;
        } finally {
            senders.shutdownNow();
            for (TrialProcess p : started) {
                close(p);
            }
        }
    }

    private List<ObjectNode> stage(List<TrialProcess> started, ExecutorService senders, PhaseProcesses.Stage stage)
            throws Exception {
        int processes = started.size();
        // one progress line for the stage: the processes' visits so far, summed
        Progress progress = new Progress(bench.console, name + " " + stage.name() + " (" + processes + " processes)",
                "stores");
        int[] done = new int[processes];
        List<Future<ObjectNode>> futures = new ArrayList<>();
        for (int k = 0; k < processes; k++) {
            TrialProcess p = started.get(k);
            ObjectNode request = stage.request().apply(k);
            int slot = k;
            futures.add(senders.submit(() -> {
                Instant from = Instant.now();
                ObjectNode answer = p.request(request, l -> {
                    synchronized (done) {
                        done[slot] = Answers.done(l);
                        progress.update(Arrays.stream(done).sum(), stage.visits());
                    }
                });
                profiled.answered(p, Protocol.op(request), from, Instant.now(), stage.visits() / processes);
                return answer;
            }));
        }
        List<ObjectNode> answers = new ArrayList<>();
        for (Future<ObjectNode> f : futures) {
            try {
                answers.add(f.get());
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
            }
        }
        return answers;
    }

    /** Closes a trial process and records what its profilers found. */
    private void close(TrialProcess p) {
        p.close();
        try {
            for (ObjectNode l : profiled.finish(p, trial.results()::line)) {
                trial.results().append(l);
            }
        } catch (IOException e) {
            bench.console.println("[storebench] " + name + ": the profilers' output could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** From a shutdown hook, without the locks. */
    void stopAll() {
        TrialProcess p = process;
        if (p != null) {
            p.kill();
        }
        List.copyOf(kept.values()).forEach(k -> k.process().kill());
    }
}
