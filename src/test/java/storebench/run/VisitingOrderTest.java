package storebench.run;

import storebench.phase.OpenRunsPhase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OpenRunsPhase.visitingOrder: the order of open run r is Collections.shuffle(0..N-1, new Random(r))
 * (docs/measuring.md, "open runs").
 */
class VisitingOrderTest {

    /** The definition, computed here independently of Trial. */
    private static int[] shuffled(int n, long seed) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        Collections.shuffle(list, new Random(seed));
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    @ParameterizedTest(name = "n={0}, run={1}")
    @CsvSource({"1000, 1", "1000, 2", "1000, 3", "10, 1", "2, 7", "1, 1"})
    void equalsCollectionsShuffleWithRandomSeededByTheRun(int n, int run) {
        assertThat(OpenRunsPhase.visitingOrder(n, run)).containsExactly(shuffled(n, run));
    }

    @Test
    void pinsTheOrdersOfTenStoresLiterally() {
        // Random(seed) and Collections.shuffle are specified algorithms: these hold on every JVM
        assertThat(OpenRunsPhase.visitingOrder(10, 1)).containsExactly(6, 9, 7, 8, 4, 2, 0, 3, 1, 5);
        assertThat(OpenRunsPhase.visitingOrder(10, 2)).containsExactly(2, 1, 9, 5, 0, 3, 4, 7, 6, 8);
        assertThat(OpenRunsPhase.visitingOrder(10, 3)).containsExactly(6, 5, 1, 3, 8, 7, 9, 0, 2, 4);
    }

    @Test
    void isAPermutationOfAllStores() {
        int[] order = OpenRunsPhase.visitingOrder(1000, 1);
        assertThat(order).hasSize(1000).containsExactlyInAnyOrder(IntStream.range(0, 1000).toArray());
        assertThat(order).isNotEqualTo(IntStream.range(0, 1000).toArray());
    }

    @Test
    void differsBetweenRunOneAndRunTwo() {
        assertThat(OpenRunsPhase.visitingOrder(1000, 1)).isNotEqualTo(OpenRunsPhase.visitingOrder(1000, 2));
    }

    @Test
    void isTheSameForTheSameSeed() {
        assertThat(OpenRunsPhase.visitingOrder(1000, 3)).containsExactly(OpenRunsPhase.visitingOrder(1000, 3));
    }

    @Test
    void zeroStoresGiveAnEmptyOrder() {
        assertThat(OpenRunsPhase.visitingOrder(0, 1)).isEmpty();
    }
}
