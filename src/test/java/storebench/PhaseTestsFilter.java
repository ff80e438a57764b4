package storebench;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.launcher.PostDiscoveryFilter;
import storebench.junit.PhaseOrder;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Stops a bench run whose it.test names a test of StoreLifeBench that does not exist ({@code StoreLifeBench#Traffic}):
 * Failsafe matches methods case and all, so a pattern beside others that match ({@code StoreLifeBench#create+Traffic})
 * would drop that phase and pass. Registered for the JUnit Platform (META-INF/services), it checks once, when the
 * suite's tests are discovered, and fails the run naming the phase tests there are; it filters nothing. Which phases
 * run is learnt from the test plan (junit.SelectedPhases), not from this pattern.
 */
public final class PhaseTestsFilter implements PostDiscoveryFilter {
    private static volatile boolean checked;

    @Override
    public FilterResult apply(TestDescriptor descriptor) {
        if (!checked) {
            check(System.getProperty("it.test"));
            checked = true;
        }
        return FilterResult.included("every test is kept: this filter only checks it.test");
    }

    /** Throws, naming StoreLifeBench's phase tests, where {@code itTest} names one of its methods that is not one. */
    static void check(String itTest) {
        requireTests(itTest, StoreLifeBench.class.getSimpleName(), phaseTests());
    }

    /** StoreLifeBench's tests, in the order a trial measures their phases (Phases.ALL). */
    static List<String> phaseTests() {
        return Arrays.stream(StoreLifeBench.class.getDeclaredMethods()).filter(m -> m.isAnnotationPresent(Test.class))
                .map(Method::getName).sorted(Comparator.comparingInt(PhaseOrder::position)).toList();
    }

    /**
     * Refuses a filter whose method patterns aimed at {@code benchClass} (by its simple name, case aside, with or
     * without a package or path) match none of its test methods as Failsafe matches them, case and all.
     */
    private static void requireTests(String itTest, String benchClass, List<String> tests) {
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
            if (!glob(cls, Pattern.CASE_INSENSITIVE).matcher(benchClass).matches()) {
                continue;
            }
            for (String method : pattern.substring(hash + 1).split("\\+")) {
                Pattern exact = glob(method.trim(), 0); // Failsafe's match: case and all
                if (tests.stream().noneMatch(t -> exact.matcher(t).matches())) {
                    throw new IllegalArgumentException("it.test=" + itTest + " names no test of " + benchClass + " with '"
                            + method.trim() + "' (its match is case-sensitive, so it would run nothing and pass): its"
                            + " tests are " + String.join(", ", tests));
                }
            }
        }
    }

    /** A glob ("open*", "create?") as a regex with these flags. */
    private static Pattern glob(String pattern, int flags) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(regex.toString(), flags);
    }
}
