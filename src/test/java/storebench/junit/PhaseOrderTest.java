package storebench.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import storebench.phase.Phase;
import storebench.phase.Phases;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The phase order is said once, by Phases.ALL: StoreLifeBench's tests are its phases, run in its order. */
class PhaseOrderTest {
    private static List<String> phaseTests() throws ClassNotFoundException {
        Class<?> bench = Class.forName("storebench.StoreLifeBench");
        assertThat(bench.getAnnotation(TestMethodOrder.class).value()).isEqualTo(PhaseOrder.class);
        List<String> names = new ArrayList<>();
        for (Method m : bench.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Test.class)) {
                names.add(m.getName());
            }
        }
        return names;
    }

    @Test
    void storeLifeBenchHasOneTestPerPhaseNamedByItsId() throws Exception {
        List<String> ids = phaseTests().stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
        assertThat(ids).as("a test in StoreLifeBench for every phase of Phases.ALL, named by its id")
                .containsExactlyInAnyOrderElementsOf(Phases.ALL.stream().map(Phase::id).toList());
    }

    @Test
    void phaseTestsRunInThePhasesOrder() throws Exception {
        List<String> names = new ArrayList<>(phaseTests());
        Collections.shuffle(names, new java.util.Random(45));
        names.sort(Comparator.comparingInt(PhaseOrder::position));
        assertThat(names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList())
                .containsExactlyElementsOf(Phases.ALL.stream().map(Phase::id).toList());
    }

    @Test
    void aTestThatNamesNoPhaseIsRefusedWithTheValidOnes() {
        assertThatThrownBy(() -> PhaseOrder.position("warmup")).hasMessage("unknown phase 'warmup'; valid phases: "
                + String.join(", ", Phases.ALL.stream().map(Phase::id).toList()));
    }
}
