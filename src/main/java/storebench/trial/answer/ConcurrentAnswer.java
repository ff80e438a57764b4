package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.List;

/** The answer to {@code concurrent}: one worker per share, in request order, and the wall time of all of them. */
public record ConcurrentAnswer(List<Worker> workers, long wallNs) {
    /** The op this record answers (docs/protocol.md). */
    public static final String OP = "concurrent";

    /** One worker: its whole visits (ns, t3 - t0) and when it started and ended (epoch microseconds). */
    public record Worker(long[] oqc, long startUs, long endUs) {
    }

    public static ConcurrentAnswer of(JsonNode answer) {
        List<Worker> workers = new ArrayList<>();
        for (JsonNode w : answer.path("workers")) {
            workers.add(new Worker(Protocol.toLongs(w.path("oqc"), "oqc"), w.path("startUs").asLong(),
                    w.path("endUs").asLong()));
        }
        return new ConcurrentAnswer(List.copyOf(workers), answer.path("wallNs").asLong());
    }
}
