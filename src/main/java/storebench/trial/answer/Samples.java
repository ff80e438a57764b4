package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.trial.Protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/** An answer's {@code samples}: arrays of nanoseconds by name, in the order the process gave them. */
final class Samples {
    private Samples() {
    }

    static Map<String, long[]> of(JsonNode answer) {
        Map<String, long[]> samples = new LinkedHashMap<>();
        answer.path("samples").fields().forEachRemaining(e -> samples.put(e.getKey(), Protocol.toLongs(e.getValue(),
                e.getKey())));
        return samples;
    }

    /** The samples of this name; the protocol's error naming it where there are none. */
    static long[] named(Map<String, long[]> samples, String name) {
        long[] s = samples.get(name);
        return s != null ? s : Protocol.toLongs(null, name);
    }
}
