package storebench.run;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code bench.*} properties and {@code BENCH_*} variables no option reads: {@code -Dbench.engine=sqlite} would
 * measure every engine unseen. The valid names are those BenchOptions asked for, so declaring an option accepts it.
 */
final class UnknownOptions {
    /** Properties the build sets for the suite, read outside BenchOptions (pom.xml, TrialClasspath, GateTeethBench). */
    static final Set<String> SET_BY_THE_BUILD = Set.of("bench.classpath", "bench.dependencyClasspath",
            "bench.gateTeeth");

    private UnknownOptions() {
    }

    /** The refusal of every given name no option reads, each with the closest valid one; empty where all are read. */
    static Optional<String> refusal(Collection<String> properties, Collection<String> variables, Set<String> read,
                                    Set<String> readEnv) {
        List<String> wrong = new ArrayList<>();
        for (String p : new TreeSet<>(properties)) {
            if (p.startsWith("bench.") && !read.contains(p) && !SET_BY_THE_BUILD.contains(p)) {
                wrong.add("-D" + p + " is not an option" + closest(p, read).map(c -> " (did you mean " + c + "?)")
                        .orElse(""));
            }
        }
        for (String v : new TreeSet<>(variables)) {
            if (v.startsWith("BENCH_") && !readEnv.contains(v)) {
                wrong.add(v + " is not an environment variable the bench reads" + variableHint(v, read, readEnv));
            }
        }
        if (wrong.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.join("; ", wrong) + ". Nothing was measured: every option is in docs/options.md");
    }

    /** For BENCH_ENGINES: the option it names (bench.engines), which has no variable; else the closest variable. */
    private static String variableHint(String variable, Set<String> read, Set<String> readEnv) {
        Optional<String> property = read.stream().filter(p -> asVariable(p).equals(variable)).findFirst();
        if (property.isPresent()) {
            return " (" + property.get() + " has none: give -D" + property.get() + "=...)";
        }
        return closest(variable, readEnv).map(c -> " (did you mean " + c + "?)").orElse("");
    }

    /** bench.maxLoad as an environment variable would be named: BENCH_MAX_LOAD. */
    static String asVariable(String property) {
        return property.replace('.', '_').replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /** The valid name nearest the given one (edits, ignoring case), where it is near enough to be a slip. */
    static Optional<String> closest(String given, Collection<String> valid) {
        String g = given.toLowerCase(Locale.ROOT);
        return valid.stream().min(Comparator.comparingInt((String v) -> distance(g, v.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()))
                .filter(v -> distance(g, v.toLowerCase(Locale.ROOT)) <= Math.max(2, suffix(given).length() / 3));
    }

    private static String suffix(String name) {
        int dot = Math.max(name.indexOf('.'), name.indexOf('_'));
        return name.substring(dot + 1);
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int replace = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(replace, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
