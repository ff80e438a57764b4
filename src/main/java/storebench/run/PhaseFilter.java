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
final class PhaseFilter {
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

    /** A method pattern ("open*", "create") as a case-blind regex over a phase's id. */
    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toLowerCase(Locale.ROOT).toCharArray()) {
            regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE);
    }
}
