package storebench.gate;

import storebench.results.Stat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * thresholds.yaml, the gate's rules: ceilings (and floors) per engine, setting and workload, ratios between engines,
 * and the tolerances against a baseline. Each rule keeps its line for its verdict; the committed file's comments
 * describe the format.
 *
 * @param baselineRule the baseline: section, or null where the file has none
 * @param againstRule  the against: section, or null where the file has none
 */
public record Thresholds(String file, List<Ceiling> ceilings, List<Ratio> ratios, Baseline baselineRule,
                         Against againstRule) {
    public static final List<String> SECTIONS = List.of("ceilings", "ratios", "baseline", "against");
    /** Written for a setting or workload: every one there is. */
    public static final String ALL = "*";
    static final List<String> CEILING_KEYS = List.of("engine", "setting", "workload", "max", "min", "min_stores");
    static final List<String> RATIO_KEYS = List.of("engine", "stat", "at_most", "at_least", "times", "setting",
            "workload", "min_stores");
    static final List<String> BASELINE_KEYS = List.of("tolerance_percent", "ignore");
    static final List<String> AGAINST_KEYS = List.of("tolerance_percent");
    /** Tolerance keys besides the statistic ids. */
    public static final String WITH_SPREAD = "with_spread";
    public static final String WITHOUT_SPREAD = "without_spread";

    /** Which side of the limit passes: at most, a ceiling ({@code max:}, {@code at_most:}); at least, a floor. */
    public enum Bound {
        AT_MOST("<="), AT_LEAST(">=");

        private final String symbol;

        Bound(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** Where a rule is judged: these settings and workloads, in runs of {@code minStores} stores or more (0: any). */
    public record Scope(List<String> settings, List<String> workloads, int minStores) {
    }

    /** One statistic's limit for one engine, judged where its {@code scope} says. */
    public record Ceiling(String engine, String stat, Bound bound, double limit, Scope scope, int line) {
    }

    /** {@code engine}'s statistic at most (or at least) {@code factor} times {@code other}'s. */
    public record Ratio(String engine, String stat, Bound bound, double factor, String other, Scope scope, int line) {
    }

    public record Tolerance(double percent, int line) {
        public double fraction() {
            return percent / 100;
        }
    }

    /** How much worse than a baseline a statistic may be: with runs, without (one pass), or per statistic. */
    public record Baseline(Tolerance withSpread, Tolerance withoutSpread, Map<String, Tolerance> perStat,
                           Set<String> ignore, int line) {
        public Tolerance toleranceFor(Stat stat) {
            return perStat.getOrDefault(stat.id(), stat.hasSpread() ? withSpread : withoutSpread);
        }
    }

    /** How far side B may be from A per statistic: B/A's 95% interval within [1 - t, 1 + t] is no change. */
    public record Against(Map<String, Tolerance> perStat, int line) {
    }

    /** The tolerances of an A/B comparison; empty where the file has no against: section. */
    public Optional<Against> against() {
        return Optional.ofNullable(againstRule);
    }

    /** Reads and checks a thresholds file before measuring: every problem with its line and the valid values. */
    public static Thresholds load(Path file, List<Stat> known) {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ThresholdsException(name, List.of(new ThresholdsException.Problem(0, "cannot read the file ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); give an existing file with"
                    + " -Dbench.thresholds=FILE or BENCH_THRESHOLDS (default: thresholds.yaml at the project's top)")));
        }
        return parse(text, name, known);
    }

    /** Parses the text of a thresholds file; {@code file} names it in messages, {@code known} as for {@link #load}. */
    public static Thresholds parse(String text, String file, List<Stat> known) {
        return new ThresholdsParser(file, known).parse(text);
    }

    public Optional<Baseline> baseline() {
        return Optional.ofNullable(baselineRule);
    }

    public boolean isEmpty() {
        return ceilings.isEmpty() && ratios.isEmpty() && baselineRule == null && againstRule == null;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d ceilings, %d ratios, baseline %s", file, ceilings.size(),
                ratios.size(), baselineRule == null ? "none" : "yes");
    }
}
