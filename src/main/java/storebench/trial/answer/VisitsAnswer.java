package storebench.trial.answer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.VisitCounters;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.LongStream;

/**
 * The answer to {@code visits} (warm-up windows, the open, read and cold runs): the samples by name in visiting order
 * (ns), and what the runtime reports beside them where it does.
 *
 * @param samples  {@code open}, the query's, {@code close}, the whole visit's; {@code closefin}, {@code yard} where
 *                 answered
 * @param compileMs the compiler threads' time during the loop (a JVM only)
 * @param settle    the wait for the background threads (with {@code settle} only)
 * @param readBytes read_bytes of /proc/self/io over the loop (-1 where /proc does not tell)
 * @param counters  what the loop asked of the machine, totals over its visits (VisitCounters; where answered)
 */
public record VisitsAnswer(Map<String, long[]> samples, long startMs, long wallNs, OptionalDouble compileMs,
                           Settle settle, OptionalLong readBytes, Optional<VisitCounters> counters) {
    public static final String OP = "visits";

    /**
     * The process' wait for its background threads before the visits, each part where answered.
     *
     * @param ms      how long it waited ({@code settleMs})
     * @param settled whether they were idle when it stopped waiting
     */
    public record Settle(OptionalDouble ms, Optional<Boolean> settled) {
        static Settle of(JsonNode answer) {
            return new Settle(answer.has("settleMs") ? OptionalDouble.of(answer.path("settleMs").asDouble())
                    : OptionalDouble.empty(),
                    answer.has("settled") ? Optional.of(answer.path("settled").asBoolean()) : Optional.empty());
        }
    }

    public static VisitsAnswer of(JsonNode answer) {
        return new VisitsAnswer(Samples.of(answer), answer.path("startMs").asLong(), answer.path("wallNs").asLong(),
                answer.has("compileMs") ? OptionalDouble.of(answer.path("compileMs").asDouble()) : OptionalDouble.empty(),
                Settle.of(answer),
                answer.has("readBytes") ? OptionalLong.of(answer.path("readBytes").asLong()) : OptionalLong.empty(),
                Counters.of(answer.get("counters")));
    }

    public long[] samples(String name) {
        return Samples.named(samples, name);
    }

    public boolean has(String name) {
        return samples.containsKey(name);
    }

    public double wallMs() {
        return wallNs / 1e6;
    }

    /**
     * This answer followed by {@code next} (a run sent in chunks), as one: samples concatenated, figures summed where
     * both answered them, this one's start and settle wait (only the first request waits).
     */
    public VisitsAnswer plus(VisitsAnswer next) {
        Map<String, long[]> all = new LinkedHashMap<>(samples);
        next.samples.forEach((name, s) -> all.merge(name, s, (a, b) -> LongStream.concat(Arrays.stream(a),
                Arrays.stream(b)).toArray()));
        return new VisitsAnswer(all, startMs, wallNs + next.wallNs,
                compileMs.isPresent() && next.compileMs.isPresent()
                        ? OptionalDouble.of(compileMs.getAsDouble() + next.compileMs.getAsDouble()) : compileMs,
                settle, readBytes.isPresent() && next.readBytes.isPresent()
                        ? OptionalLong.of(readBytes.getAsLong() + next.readBytes.getAsLong()) : readBytes,
                counters.isPresent() && next.counters.isPresent()
                        ? Optional.of(counters.get().plus(next.counters.get())) : Optional.empty());
    }

    /** Adds to a run's phase line what the runtime reported beside the samples. */
    public void reportInto(ObjectNode line) {
        compileMs.ifPresent(ms -> line.put("compileMs", ms));
        settle.ms().ifPresent(ms -> line.put("settleMs", ms));
        settle.settled().ifPresent(s -> line.put("settled", s));
        readBytes.ifPresent(b -> line.put("readBytes", b));
        counters.ifPresent(c -> c.into(line.putObject("counters")));
    }

    /** The visits the answer's samples hold (the whole visit's, or the first named array's). */
    public int visits() {
        return samples.values().stream().findFirst().map(s -> s.length).orElse(0);
    }
}
