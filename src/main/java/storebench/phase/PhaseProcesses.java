package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.trial.Protocol;

import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A phase's trial processes (its {@link PhaseRun#processes()}): the requests it sends to the trial's process, and which
 * process that is. Where they come from is the phase's policy ({@link Phase#processes()}), applied by the trial before
 * and after the phase; a phase asks here only for what happens within it (a fresh process per run or per root, run r's
 * kept one). A phase never starts a process, waits for the load or writes a file itself.
 */
public interface PhaseProcesses {
    /** A request of the given op, for this trial's pool and workload. */
    ObjectNode request(String op);

    /**
     * A request of the given op with its record's fields (Jackson; null ones left out), which replace the pool's root
     * and workload where the record names its own.
     */
    default ObjectNode request(String op, Record fields) {
        return request(op).setAll((ObjectNode) Protocol.JSON.valueToTree(fields));
    }

    /**
     * Sends a step's request to the trial's process (started if there is none) and returns the answer, decoded by
     * {@code decode} (storebench.trial.answer: the one place an answer is read by its fields). Where the step is
     * load-gated it first waits for the load (bench.maxLoad) and records the step's wall time and load; {@code line}
     * adds fields to that phase line, given the answer. {@code visits}: the store visits the request makes (the total of
     * its progress lines, and the phase line's "visited" unless {@code line} says how many it made), 0 for a request
     * that reports no progress.
     */
    <A> Answer<A> send(Phase.Step step, ObjectNode request, int visits, Function<JsonNode, A> decode,
                       BiConsumer<ObjectNode, A> line) throws Exception;

    /**
     * A step made of several requests to the trial's process, each decided from the answers before it (the warm-up's
     * windows, sent until its figures settle): where the step is load-gated the load is waited for once, before the
     * first; progress counts the visits of all of them against {@code most}, the most the step may make.
     */
    Requests requests(Phase.Step step, int most) throws Exception;

    /**
     * Runs {@code processes} fresh trial processes at once (the Node engines' workers of the concurrency phase): for
     * each stage in turn, every process gets the stage's request for it ({@code stage.request().apply(k)}, made when
     * the stage starts), sent from a thread of its own, and the stage ends when all have answered; its progress line
     * sums the processes' visits. Returns each stage's answers by process; the processes are closed after the last
     * stage. A load-gated step waits for the load once, before the first stage.
     */
    List<List<ObjectNode>> inParallel(Phase.Step step, int processes, List<Stage> stages) throws Exception;

    /** The next request starts a fresh trial process (the one running is closed). */
    void fresh();

    /**
     * Makes the process an earlier phase kept for run {@code r} ({@link #keepWarm}) the trial's process (the one
     * running is closed); false where none was kept (bench.share off, the trial's first phase with runs, a run beyond
     * those kept, a kept process that died): then the caller starts a fresh one.
     */
    boolean takeWarm(int r);

    /**
     * Run {@code r} is done with the trial's process: with bench.share it is kept, warm, for run {@code r} of the next
     * phase with runs (replacing one kept for r before); without, it is closed. Either way the next request starts or
     * takes another.
     */
    void keepWarm(int r);

    /**
     * How far the trial's process has been warmed up: the running one's, or, where none runs, that of the fresh one
     * the next request starts (none yet).
     */
    ProcessWarmth warmth();

    /**
     * One stage of {@link #inParallel}: its name in progress lines, the visits of all its processes together, and the
     * request each process gets.
     */
    record Stage(String name, int visits, IntFunction<ObjectNode> request) {
    }

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
        void end(Consumer<ObjectNode> line) throws IOException;
    }

    /**
     * A trial process' answer, decoded (storebench.trial.answer), and the load the step started at (waited for, if it
     * was load-gated).
     */
    record Answer<A>(A result, storebench.measure.LoadGate.Wait load) {
    }
}
