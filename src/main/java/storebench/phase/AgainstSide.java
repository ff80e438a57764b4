package storebench.phase;

import storebench.results.AgainstLine;
import storebench.results.Stat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Side B of an A/B comparison of the trial a phase measures: B's own trial, why it visits a pool of its own (empty
 * where it visits A's), and the stop rule: each judged statistic's tolerance and the pairs' bounds.
 */
public record AgainstSide(PhaseRun b, AgainstLine.Asked asked, Supplier<Optional<String>> ownPool, Map<Stat, Double> tolerances,
                          Pairs pairs, Consumer<String> progress) {
    /** How many pairs a comparison makes: at least {@code least}, then until decided, {@code most} or {@code time}. */
    public record Pairs(int least, int most, Duration time) {
    }
}
