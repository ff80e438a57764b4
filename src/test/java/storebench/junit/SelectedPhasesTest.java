package storebench.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import storebench.phase.Phase;
import storebench.phase.Phases;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * The phases a run measures by default are those whose tests the launcher selected, as JUnit's own test plan says:
 * a method selected (Failsafe's it.test, an IDE) picks its phase; a class selected whole says nothing.
 */
class SelectedPhasesTest {
    /** What the fixture's tests saw while they ran. */
    static final List<Optional<List<Phase>>> SEEN = new ArrayList<>();

    /** Phase tests as StoreLifeBench's are: a class template, ordered by PhaseOrder, each method named by a phase. */
    @ParameterizedClass
    @ValueSource(strings = {"sqlite", "h2"})
    @TestMethodOrder(PhaseOrder.class)
    static class PhaseTestsFixture {
        @Parameter
        String engine;

        @Test
        void create() {
            SEEN.add(SelectedPhases.picked());
        }

        @Test
        void openRuns() {
            SEEN.add(SelectedPhases.picked());
        }

        @Test
        void traffic() {
            SEEN.add(SelectedPhases.picked());
        }
    }

    @Test
    void methodsSelectedByTheLauncherPickTheirPhases() {
        SEEN.clear();
        run(selectMethod(PhaseTestsFixture.class, "traffic"), selectMethod(PhaseTestsFixture.class, "create"));
        assertThat(SEEN).as("once per engine and method").hasSize(4)
                .allSatisfy(p -> assertThat(p).contains(List.of(Phases.CREATE, Phases.TRAFFIC)));
        assertThat(SelectedPhases.picked()).as("forgotten once the plan has run").isEmpty();
    }

    @Test
    void aFilterOfTheRequestPicksAsFailsafesItTestDoes() {
        // Failsafe selects the class and filters its methods with a post-discovery filter of the request
        SEEN.clear();
        PostDiscoveryFilter trafficOnly = d -> d.getSource().filter(MethodSource.class::isInstance)
                .map(s -> ((MethodSource) s).getMethodName().equals("traffic") ? FilterResult.included("traffic")
                        : FilterResult.excluded("not traffic")).orElse(FilterResult.included("a container"));
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request().selectors(selectClass(PhaseTestsFixture.class))
                .filters(trafficOnly).build(), summary);
        assertThat(summary.getSummary().getTestsSucceededCount()).isEqualTo(2);
        assertThat(SEEN).hasSize(2).allSatisfy(p -> assertThat(p).contains(List.of(Phases.TRAFFIC)));
    }

    @Test
    void aClassSelectedWholeSaysNothing() {
        SEEN.clear();
        run(selectClass(PhaseTestsFixture.class));
        assertThat(SEEN).hasSize(6).allSatisfy(p -> assertThat(p).isEmpty());
    }

    @Test
    void testsOfOtherClassesAreNoPhases() throws Exception {
        Method other = SelectedPhasesTest.class.getDeclaredMethod("aClassSelectedWholeSaysNothing");
        Method phase = PhaseTestsFixture.class.getDeclaredMethod("openRuns");
        assertThat(SelectedPhases.of(List.of(other))).isEmpty();
        assertThat(SelectedPhases.of(List.of(other, phase))).contains(List.of(Phases.OPEN_RUNS));
    }

    private static void run(org.junit.platform.engine.DiscoverySelector... selectors) {
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request().selectors(selectors).build(), summary);
        assertThat(summary.getSummary().getTotalFailureCount()).as("the fixture's failures").isZero();
    }
}
