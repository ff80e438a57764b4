package storebench.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** bench.trafficGc's values: the four collectors by name, ZGC only where the JDK runs it unlocked. */
class JvmCollectorTest {
    @Test
    void readsEachCollectorByItsNameInAnyCase() {
        assertThat(JvmCollector.of("G1", 17)).isEqualTo(JvmCollector.G1);
        assertThat(JvmCollector.of(" serial ", 17)).isEqualTo(JvmCollector.SERIAL);
        assertThat(JvmCollector.of("parallel", 11)).isEqualTo(JvmCollector.PARALLEL);
        assertThat(JvmCollector.of("zgc", 17).flag()).isEqualTo("-XX:+UseZGC");
    }

    @Test
    void rejectsUnknownCollectorAndListsValidOnes() {
        assertThatThrownBy(() -> JvmCollector.of("cms", 17)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown collector").hasMessageContaining("serial, g1, parallel, zgc");
    }

    @Test
    void refusesZgcOnAJdkThatRunsItOnlyUnlockedAndSaysWhichJdkItNeeds() {
        assertThatThrownBy(() -> JvmCollector.of("zgc", 11)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs JDK 15").hasMessageContaining("JDK 11")
                .hasMessageContaining("serial, g1, parallel").hasMessageNotContaining("parallel, zgc");
    }
}
