package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.measure.VisitCounters;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The answer to {@code concurrent}: one worker per share, in request order, and the wall time of all of them. */
public record ConcurrentAnswer(List<Worker> workers, long wallNs) {
    /** The op this record answers (docs/protocol.md). */
    public static final String OP = "concurrent";

    /**
     * One worker: its whole visits (ns, t3 - t0), when it started and ended (epoch microseconds), and what its visits
     * asked of the machine (its thread's counters in a JVM, its process' in a Node worker; where answered).
     */
    public record Worker(long[] oqc, long startUs, long endUs, Optional<VisitCounters> counters) {
    }

    /**
     * The workers' counters summed (of one answer's threads, or of T worker processes' answers); empty unless every
     * worker answered them.
     */
    public static Optional<VisitCounters> counters(List<Worker> workers) {
        Optional<VisitCounters> sum = Optional.empty();
        for (Worker w : workers) {
            if (w.counters.isEmpty()) {
                return Optional.empty();
            }
            sum = Optional.of(sum.map(c -> c.plus(w.counters.get())).orElse(w.counters.get()));
        }
        return sum;
    }

    public static ConcurrentAnswer of(JsonNode answer) {
        List<Worker> workers = new ArrayList<>();
        for (JsonNode w : answer.path("workers")) {
            workers.add(new Worker(Protocol.toLongs(w.path("oqc"), "oqc"), w.path("startUs").asLong(),
                    w.path("endUs").asLong(), Counters.of(w.get("counters"))));
        }
        return new ConcurrentAnswer(List.copyOf(workers), answer.path("wallNs").asLong());
    }
}
