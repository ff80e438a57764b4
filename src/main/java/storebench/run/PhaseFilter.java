package storebench.run;

import storebench.phase.Phase;
import storebench.phase.Phases;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The phases a run measures when Failsafe's {@code it.test} picks its tests ({@code StoreLifeBench#create+openRuns}):
 * a phase test is named by its phase's id (Phase#id, case aside), so the method patterns name the phases. Class
 * patterns are not checked: a pattern without methods counts every phase.
 */
public final class PhaseFilter {
    private PhaseFilter() {
    }

    /** Every phase for a blank filter; otherwise the phases its patterns include and do not exclude, in their order. */
    static List<Phase> phases(String itTest) {
        if (itTest == null || itTest.isBlank()) {
            return Phases.ALL;
        }
        Set<Phase> included = new LinkedHashSet<>();
        Set<Phase> excluded = new LinkedHashSet<>();
        boolean anyIncluded = false;
        for (String item : itTest.split(",")) {
            String pattern = item.trim();
            if (pattern.isEmpty()) {
                continue;
            }
            boolean exclude = pattern.startsWith("!");
            pattern = exclude ? pattern.substring(1).trim() : pattern;
            int hash = pattern.indexOf('#');
            if (pattern.startsWith("%regex[") || hash < 0) {
                // a regex or a class alone: every phase of the classes it names (an exclusion of a class removes none)
                if (!exclude) {
                    anyIncluded = true;
                    included.addAll(Phases.ALL);
                }
                continue;
            }
            for (String method : pattern.substring(hash + 1).split("\\+")) {
                Pattern glob = glob(method.trim());
                for (Phase phase : Phases.ALL) {
                    if (glob.matcher(phase.id()).matches()) {
                        (exclude ? excluded : included).add(phase);
                    }
                }
            }
            anyIncluded |= !exclude;
        }
        Set<Phase> chosen = new LinkedHashSet<>(anyIncluded ? included : Set.copyOf(Phases.ALL));
        chosen.removeAll(excluded);
        return Phases.ALL.stream().filter(chosen::contains).toList();
    }

    /**
     * Whether a filter names phase tests (a method pattern, included or excluded): then it says which phases the run
     * wants; a class or regex pattern alone does not.
     */
    static boolean namesPhases(String itTest) {
        if (itTest == null) {
            return false;
        }
        for (String item : itTest.split(",")) {
            String pattern = item.trim();
            if (!pattern.startsWith("%regex[") && pattern.indexOf('#') >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses a filter whose method patterns aimed at {@code benchClass} (by its simple name, case aside, with or
     * without a package or path) match none of its test methods as Failsafe matches them, case and all: such a run would run no
     * test and pass ({@code StoreLifeBench#Traffic}). The error names the tests the class has.
     *
     * @param tests the class' test methods, in their order
     */
    public static void requireTests(String itTest, String benchClass, List<String> tests) {
        if (itTest == null || itTest.isBlank()) {
            return;
        }
        for (String item : itTest.split(",")) {
            String pattern = item.trim();
            int hash = pattern.indexOf('#');
            if (pattern.startsWith("!") || pattern.startsWith("%regex[") || hash < 0) {
                continue;
            }
            String cls = pattern.substring(0, hash).replace('/', '.');
            cls = cls.substring(cls.lastIndexOf('.') + 1).replaceAll("\\.java$|\\.class$", "");
            if (!glob(cls).matcher(benchClass).matches()) {
                continue;
            }
            for (String method : pattern.substring(hash + 1).split("\\+")) {
                Pattern exact = regex(method.trim(), 0); // Failsafe's match: case and all
                if (tests.stream().noneMatch(t -> exact.matcher(t).matches())) {
                    throw new IllegalArgumentException("it.test=" + itTest + " names no test of " + benchClass + " with '"
                            + method.trim() + "' (its match is case-sensitive, so it would run nothing and pass): its"
                            + " tests are " + String.join(", ", tests));
                }
            }
        }
    }

    /** A method pattern ("open*", "create") as a case-blind regex over a phase's id. */
    private static Pattern glob(String pattern) {
        return regex(pattern.toLowerCase(Locale.ROOT), Pattern.CASE_INSENSITIVE);
    }

    /** A glob ("open*", "create?") as a regex with these flags. */
    private static Pattern regex(String pattern, int flags) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(regex.toString(), flags);
    }
}
