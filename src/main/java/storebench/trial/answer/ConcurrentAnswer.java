package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.measure.VisitCounters;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The answer to {@code concurrent}: one worker per share, in request order, and the wall time of all of them. */
public record ConcurrentAnswer(List<Worker> workers, long wallNs) {
    public static final String OP = "concurrent";

    /** One worker: its whole visits (ns), its start and end (epoch µs), its thread's (Node: process') counters. */
    public record Worker(long[] oqc, long startUs, long endUs, Optional<VisitCounters> counters) {
    }

    /** The workers' counters summed; empty unless every worker answered them. */
    public static Optional<VisitCounters> counters(List<Worker> workers) {
        if (workers.stream().anyMatch(w -> w.counters.isEmpty())) {
            return Optional.empty();
        }
        return workers.stream().map(w -> w.counters.get()).reduce(VisitCounters::plus);
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
