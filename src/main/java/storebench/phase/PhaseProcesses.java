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
 * A phase's trial processes: the requests it sends, and which process gets them within the phase ({@link
 * Phase#processes()} is applied by the trial around it). A phase never starts a process, waits for the load or writes a
 * file itself.
 */
public interface PhaseProcesses {
    /** A request of the given op, for this trial's pool and workload. */
    ObjectNode request(String op);

    /** A request with its record's fields (null ones left out), which may replace the pool's root and workload. */
    default ObjectNode request(String op, Record fields) {
        return request(op).setAll((ObjectNode) Protocol.JSON.valueToTree(fields));
    }

    /**
     * Sends a step's request and returns the answer, decoded by {@code decode}. A load-gated step first waits for the
     * load and records its phase line, to which {@code line} adds fields. {@code visits}: the store visits it makes (0
     * for a request that reports no progress).
     */
    <A> Answer<A> send(Phase.Step step, ObjectNode request, int visits, Function<JsonNode, A> decode,
                       BiConsumer<ObjectNode, A> line) throws Exception;

    /** A step of several requests, each decided from the answers before it; the load is waited for once. */
    Requests requests(Phase.Step step, int most) throws Exception;

    /**
     * Runs {@code processes} fresh processes at once (the concurrency phase's Node workers): each stage sends every
     * process its request from a thread of its own and ends when all have answered. Returns each stage's answers.
     */
    List<List<ObjectNode>> inParallel(Phase.Step step, int processes, List<Stage> stages) throws Exception;

    /** The next request starts a fresh trial process (the one running is closed). */
    void fresh();

    /** Makes the process kept for run {@code r} ({@link #keepWarm}) the trial's; false where none was kept. */
    boolean takeWarm(int r);

    /** Run {@code r} is done with the process: kept warm for the next phase's run r under bench.share, else closed. */
    void keepWarm(int r);

    /** How far the trial's process has been warmed up (none for the fresh one the next request starts). */
    ProcessWarmth warmth();

    /** One stage of {@link #inParallel}: its name, the visits of all its processes, each process' request. */
    record Stage(String name, int visits, IntFunction<ObjectNode> request) {
    }

    /** The requests of one step (see {@link #requests}). */
    interface Requests {
        <A> A send(ObjectNode request, int visits, Function<JsonNode, A> decode) throws Exception;

        /** A load-gated step gets its one phase line, the requests' wall times and visits summed. */
        void end(Consumer<ObjectNode> line) throws IOException;
    }

    /** An answer, decoded, and the load the step started at. */
    record Answer<A>(A result, storebench.measure.LoadGate.Wait load) {
    }
}
