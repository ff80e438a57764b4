package storebench;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.launcher.PostDiscoveryFilter;
import storebench.junit.PhaseOrder;
import storebench.run.PhaseFilter;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Stops a bench run whose it.test names a test of StoreLifeBench that does not exist ({@code StoreLifeBench#Traffic}):
 * Failsafe matches methods case and all, so it would select no test, run nothing and pass. Registered for the JUnit
 * Platform (META-INF/services), it checks once, when the suite's tests are discovered, and fails the run naming the
 * phase tests there are; it filters nothing.
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
        PhaseFilter.requireTests(itTest, StoreLifeBench.class.getSimpleName(), phaseTests());
    }

    /** StoreLifeBench's tests, in the order a trial measures their phases (Phases.ALL). */
    static List<String> phaseTests() {
        return Arrays.stream(StoreLifeBench.class.getDeclaredMethods()).filter(m -> m.isAnnotationPresent(Test.class))
                .map(Method::getName).sorted(Comparator.comparingInt(PhaseOrder::position)).toList();
    }
}
