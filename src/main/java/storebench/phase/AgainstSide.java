package storebench.phase;

import storebench.results.AgainstLine;
import storebench.results.Stat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Side B of an A/B comparison (bench.against) of the trial a phase measures (side A): B's own trial (its processes
 * start B's library or setting; its stores are A's pool where both read the same files), what was asked, why B visits
 * a pool of its own ({@code ownPool}, empty where it visits A's; known once B's stores are ensured), and the sampling's
 * stop rule: the tolerance of each statistic a rule judges, the fewest and most pairs, the most time; {@code progress}
 * prints a line per pair.
 */
public record AgainstSide(PhaseRun b, AgainstLine.Asked asked, Supplier<Optional<String>> ownPool, Map<Stat, Double> tolerances,
                          Pairs pairs, Consumer<String> progress) {
    /** How many pairs a comparison makes: at least {@code least}, then until decided, {@code most} or {@code time}. */
    public record Pairs(int least, int most, Duration time) {
    }
}
