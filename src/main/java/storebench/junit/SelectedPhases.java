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
 * The phases whose tests the launcher was asked to run, learnt from JUnit's own discovery (it.test, an IDE, the console
 * launcher's --select-method), so no pattern syntax is parsed twice. A class template's methods are not in the test
 * plan, so they are seen as a post-discovery filter that keeps every test, after the filters that select; when the plan
 * starts, the methods seen become the phases picked. Registered (META-INF/services) as both.
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

    /** The phases the running test plan picked, where it left some phase test out. */
    public static Optional<List<Phase>> picked() {
        return picked;
    }

    /** The selected phase tests' phases, in order; empty where every such class runs whole (bench.phases decides). */
    static Optional<List<Phase>> of(Collection<Method> selected) {
        Map<Class<?>, Set<String>> byClass = new LinkedHashMap<>();
        for (Method m : selected) {
            TestMethodOrder order = m.getDeclaringClass().getAnnotation(TestMethodOrder.class);
            if (order != null && order.value() == PhaseOrder.class) {
                byClass.computeIfAbsent(m.getDeclaringClass(), c -> new LinkedHashSet<>()).add(m.getName());
            }
        }
        if (byClass.entrySet().stream().allMatch(e -> e.getValue().containsAll(tests(e.getKey())))) {
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
