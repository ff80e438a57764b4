package storebench.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import storebench.phase.Phase;
import storebench.phase.Phases;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The phases whose tests the launcher was asked to run, learnt from JUnit's own discovery: whatever selected them
 * (Failsafe's {@code it.test}, an IDE running one test method, the console launcher's {@code --select-method}), no
 * pattern syntax is parsed twice. A bench class is a class template, whose methods the test plan does not list (each
 * invocation registers them as it runs), so the methods are seen where JUnit filters them: as a post-discovery filter
 * that keeps every test, after the filters that select (the launcher applies those given with its request first, and
 * stops at the first that excludes a test). When the plan starts, before any bench class asks for its options
 * ({@link StoreBenchExtension}), the methods seen become the phases picked. Registered for the JUnit Platform
 * (META-INF/services) as both.
 */
public final class SelectedPhases implements PostDiscoveryFilter, TestExecutionListener {
    private static final Set<TestDescriptor> SEEN = ConcurrentHashMap.newKeySet();
    private static volatile Optional<List<Phase>> picked = Optional.empty();

    @Override
    public FilterResult apply(TestDescriptor descriptor) {
        if (descriptor.getSource().filter(MethodSource.class::isInstance).isPresent()) {
            SEEN.add(descriptor);
        }
        return FilterResult.included("every test is kept: this filter only learns which phase tests were selected");
    }

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        // a test another filter excluded was removed from its parent
        picked = of(SEEN.stream().filter(d -> d.getParent().isPresent())
                .map(d -> ((MethodSource) d.getSource().orElseThrow()).getJavaMethod()).toList());
        SEEN.clear();
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        picked = Optional.empty();
    }

    /** The phases the running test plan picked, where it left some phase test out; empty where it said nothing. */
    public static Optional<List<Phase>> picked() {
        return picked;
    }

    /**
     * The phases of the selected test methods of the classes whose tests are phases ({@link PhaseOrder}), in their
     * order; empty where every such class runs all its tests (a class selected whole says nothing of phases, and
     * bench.phases decides) or where none runs.
     */
    static Optional<List<Phase>> of(Collection<Method> selected) {
        Map<Class<?>, Set<String>> byClass = new LinkedHashMap<>();
        for (Method m : selected) {
            TestMethodOrder order = m.getDeclaringClass().getAnnotation(TestMethodOrder.class);
            if (order != null && order.value() == PhaseOrder.class) {
                byClass.computeIfAbsent(m.getDeclaringClass(), c -> new LinkedHashSet<>()).add(m.getName());
            }
        }
        boolean whole = byClass.entrySet().stream().allMatch(e -> e.getValue().containsAll(tests(e.getKey())));
        if (whole) {
            return Optional.empty();
        }
        Set<String> names = new LinkedHashSet<>();
        byClass.values().forEach(names::addAll);
        return Optional.of(Phases.ALL.stream().filter(p -> names.stream()
                .anyMatch(n -> Phases.byId(n).filter(p::equals).isPresent())).toList());
    }

    private static List<String> tests(Class<?> phaseTests) {
        return Arrays.stream(phaseTests.getDeclaredMethods()).filter(m -> m.isAnnotationPresent(Test.class))
                .map(Method::getName).toList();
    }
}
