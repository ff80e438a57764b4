package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.measure.VisitCounters;

import java.util.List;
import java.util.Optional;

/**
 * An answer's {@code counters} object (docs/protocol.md, "What a visit asks of the machine": {@code visits}, each
 * {@code concurrent} worker, {@code traffic}), as {@link VisitCounters#into} writes it and the Node worker's
 * {@code counters()} does.
 */
final class Counters {
    private static final List<String> COUNTS = List.of("minflt", "majflt", "vcsw", "ivcsw", "userUs", "sysUs",
            "readBytes", "writeBytes");
    /** The device's two, absent where the answer says why it could not read them ({@code deviceUnread}). */
    private static final List<String> DEVICE = List.of("readBytes", "writeBytes");

    private Counters() {
    }

    /** The counters; empty where the answer has none (a trial process that could not read them). */
    static Optional<VisitCounters> of(JsonNode counters) {
        if (counters == null || !counters.isObject()) {
            return Optional.empty();
        }
        boolean deviceUnread = counters.path("deviceUnread").isTextual();
        for (String f : COUNTS) {
            if (!(deviceUnread && DEVICE.contains(f)) && !counters.path(f).isNumber()) {
                throw new IllegalArgumentException("counters: \"" + f + "\" is missing or not a number: " + counters);
            }
        }
        return Optional.of(new VisitCounters(
                new VisitCounters.Faults(counters.path("minflt").asLong(), counters.path("majflt").asLong()),
                new VisitCounters.Switches(counters.path("vcsw").asLong(), counters.path("ivcsw").asLong()),
                new VisitCounters.Cpu(counters.path("userUs").asLong(), counters.path("sysUs").asLong()),
                deviceUnread ? VisitCounters.Device.unread(counters.path("deviceUnread").asText())
                        : new VisitCounters.Device(counters.path("readBytes").asLong(),
                        counters.path("writeBytes").asLong()),
                counters.path("scope").asText("process")));
    }
}
