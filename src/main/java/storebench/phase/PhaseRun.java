package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.HdrLogs;
import storebench.measure.LoadGate;
import storebench.model.Workload;
import storebench.results.Stat;

import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What a phase may do while it measures one trial (one engine under one setting): the run's parameters, requests to
 * the trial's process, and its output. The bench run (storebench.run.Trial) provides it; a phase never starts a
 * process, waits for the load or writes a file itself.
 */
public interface PhaseRun extends PhaseOptions {
    String engine();

    String setting();

    /** Where the engine's trial processes run: a child JVM or the Node worker. */
    storebench.model.TrialRuntime runtime();

    Workload workload();

    /** N, the stores of the trial. */
    int stores();

    /** R, the runs of a phase with runs. */
    int runs();

    /** M, the stores held open. */
    int hold();

    /** The bench root: every store of the run is under it (a full disk is named by it). */
    java.nio.file.Path root();

    /**
     * A directory of its own under the bench root for the stores a phase makes itself ({@code name} tells it from the
     * pool), emptied of any store an earlier run left there. {@link #deleteOwnStores} deletes them.
     */
    java.nio.file.Path ownStores(String name) throws IOException;

    /**
     * As {@link #ownStores}, on the run's tmpfs root (/dev/shm) instead of the bench root: the same work without a
     * device under it. Throws {@link java.io.FileNotFoundException}, saying why, where there is no tmpfs root.
     */
    java.nio.file.Path ownTmpfsStores(String name) throws IOException;

    /** Deletes the stores of a directory from {@link #ownStores} or {@link #ownTmpfsStores} (never anything else). */
    void deleteOwnStores(java.nio.file.Path dir) throws IOException;

    /** The ids of the profilers this phase's trial processes run under (none: an empty list). */
    List<String> profilers();

    /**
     * Runs {@code processes} fresh trial processes at once (the Node engines' workers of the concurrency phase): for
     * each stage in turn, every process gets the stage's request for it ({@code stage.request().apply(k)}, made when
     * the stage starts), sent from a thread of its own, and the stage ends when all have answered; its progress line
     * sums the processes' visits. Returns each stage's answers by process; the processes are closed after the last
     * stage. A load-gated step waits for the load once, before the first stage.
     */
    List<List<ObjectNode>> inParallel(Phase.Step step, int processes, List<Stage> stages) throws Exception;

    /**
     * One stage of {@link #inParallel}: its name in progress lines, the visits of all its processes together, and the
     * request each process gets.
     */
    record Stage(String name, int visits, java.util.function.IntFunction<ObjectNode> request) {
    }

    /** How a warm-up decides when to stop (bench.warmup). */
    WarmUp.Rule warmupRule();

    /** bench.warmupOpens: the most visits a steady warm-up makes (in whole passes where it must warm the page cache). */
    int warmupOpens();

    /**
     * The stores exist: created (their create and disk figures recorded), or reused where bench.reuse allows. Once per
     * trial; every phase begins with it, so any one phase can run alone (from an IDE).
     */
    void ensureStores() throws Exception;

    /**
     * The directory of this trial's pool (store-0 .. store-N-1 of its workload), made by {@link #ensureStores}: where
     * a phase finds the pool's files (the cold phase drops their pages from the page cache).
     */
    java.nio.file.Path poolDir();

    /** What this trial has recorded so far for a phase (create and disk are recorded when the stores are made). */
    Measured recorded(Phase phase);

    /** A request of the given op, for this trial's stores and workload. */
    ObjectNode request(String op);

    /**
     * Sends a step's request to the trial's process (started if there is none) and returns the answer, decoded by
     * {@code decode} (storebench.trial.answer: the one place an answer is read by its fields). Where the step
     * is load-gated it first waits for the load (bench.maxLoad) and records the step's wall time and load; {@code line}
     * adds fields to that phase line, given the answer. {@code visits}: the store visits the request makes (the total
     * of its progress lines, and the phase line's "visited" unless {@code line} says how many it made), 0 for a
     * request that reports no progress.
     */
    <A> Answer<A> send(Phase.Step step, ObjectNode request, int visits, Function<JsonNode, A> decode,
                       BiConsumer<ObjectNode, A> line) throws Exception;

    /**
     * A step made of several requests to the trial's process, each decided from the answers before it (the warm-up's
     * windows, sent until its figures settle): where the step is load-gated the load is waited for once, before the
     * first; progress counts the visits of all of them against {@code most}, the most the step may make.
     */
    Requests requests(Phase.Step step, int most) throws Exception;

    /** The requests of one step (see {@link #requests}). */
    interface Requests {
        /**
         * Sends one request of the step ({@code visits}: the store visits it makes) and returns its answer, decoded by
         * {@code decode} (storebench.trial.answer).
         */
        <A> A send(ObjectNode request, int visits, Function<JsonNode, A> decode) throws Exception;

        /**
         * Ends the step: a load-gated step gets its one phase line, its wall time the requests' wall times summed, its
         * "visited" their visits; {@code line} adds fields to it.
         */
        void end(java.util.function.Consumer<ObjectNode> line) throws IOException;
    }

    /**
     * Whether the trial's process has had its JIT floor for {@code query} (a warm-up of a JVM engine makes one per query
     * per process, {@link WarmUp#JIT_VISITS}); false where no process runs.
     */
    boolean jitWarmed(storebench.trial.Query query);

    /** Records that the trial's process has had its JIT floor for {@code query}. */
    void markJitWarmed(storebench.trial.Query query);

    /**
     * The median visit (ms) at which a warm-up of {@code query} in the trial's process last settled; empty where none
     * did (a fresh process, a query it has not run) or no process runs. A kept process' warm-up resumes from it.
     */
    java.util.OptionalDouble settledMs(storebench.trial.Query query);

    /** Records where a warm-up of {@code query} in the trial's process settled. */
    void markSettled(storebench.trial.Query query, double ms);

    /** The next request starts a fresh trial process (the one running is closed). */
    void freshProcess();

    /**
     * Makes the process an earlier phase kept for run {@code r} ({@link #keepWarmProcess}) the trial's process (the one
     * running is closed); false where none was kept (bench.share off, the trial's first phase with runs, a run beyond
     * those kept, a kept process that died): then the caller starts a fresh one.
     */
    boolean takeWarmProcess(int r);

    /**
     * Run {@code r} is done with the trial's process: with bench.share it is kept, warm, for run {@code r} of the next
     * phase with runs (replacing one kept for r before); without, it is closed. Either way the next request starts or
     * takes another.
     */
    void keepWarmProcess(int r);

    /**
     * The next request starts a fresh trial process made to hold up to {@code stores} open at once (a JVM's larger
     * heap, TrialCommands.holdHeap); the one running is closed.
     */
    void freshHoldingProcess(int stores);

    /** Records a statistic (results.jsonl at once); {@code runs} are the R run figures, empty for a one-pass figure. */
    void stat(Stat stat, double value, List<Double> runs) throws IOException;

    /** A results line of this trial (engine, setting, workload, stores filled in), to fill and {@link #append}. */
    ObjectNode line(String kind);

    void append(ObjectNode line) throws IOException;

    /** Writes an HdrHistogram log of this trial (hdr/engine/setting/name.hlog). */
    void hdrLog(String name, List<HdrLogs.Interval> intervals) throws IOException;

    /**
     * A trial process' answer, decoded (storebench.trial.answer), and the load the step started at (waited for, if it
     * was load-gated).
     */
    record Answer<A>(A result, LoadGate.Wait load) {
    }
}
