package storebench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * it.test naming a test of StoreLifeBench that does not exist fails the run, naming the phase tests there are, where
 * Failsafe's case-sensitive filter would select nothing and pass.
 */
class PhaseTestsFilterTest {
    @Test
    void aPhaseIdInAnotherCaseIsRefusedNamingThePhaseTests() {
        assertThat(PhaseTestsFilter.phaseTests()).containsExactly("create", "disk", "openRuns", "memory", "read",
                "concurrency", "cold", "traffic", "capacity");
        assertThatThrownBy(() -> PhaseTestsFilter.check("StoreLifeBench#Traffic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("it.test=StoreLifeBench#Traffic names no test of StoreLifeBench with 'Traffic' (its match"
                        + " is case-sensitive, so it would run nothing and pass): its tests are create, disk, openRuns,"
                        + " memory, read, concurrency, cold, traffic, capacity");
        assertThatThrownBy(() -> PhaseTestsFilter.check("**/StoreLifeBench#create+openruns,GateBench"))
                .hasMessageContaining("with 'openruns'");
        assertThatThrownBy(() -> PhaseTestsFilter.check("storebench.StoreLifeBench#warmup"))
                .hasMessageContaining("with 'warmup'");
    }

    @Test
    void testsThatExistAndOtherClassesPass() {
        for (String ok : new String[]{null, "", "StoreLifeBench", "StoreLifeBench#traffic",
                "StoreLifeBench#create+openRuns+memory+disk,GateBench", "StoreLifeBench#open*", "GateTeethBench",
                "ProfileBench#whatever", "!StoreLifeBench#Capacity", "%regex[.*Traffic.*]"}) {
            assertThatCode(() -> PhaseTestsFilter.check(ok)).as(ok).doesNotThrowAnyException();
        }
    }
}
