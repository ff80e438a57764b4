package storebench.phase;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a warm-up may visit, by N, bench.warmupOpens, the rule and what the page cache holds. */
class WarmUpPlanTest {
    private final List<Integer> asked = new ArrayList<>();

    private WarmUp.Plan plan(int n, int warmupOpens, WarmUp.Rule rule, double resident) throws Exception {
        return WarmUp.Plan.of(n, warmupOpens, rule, SteadyState.minWindows(), stores -> {
            asked.add(stores);
            return resident;
        });
    }

    @Test
    void atTheDefaultsAPoolOfAThousandIsWarmedAsBeforeAndThePageCacheIsNotAsked() throws Exception {
        assertThat(plan(1000, 5000, WarmUp.Rule.STEADY, 1.0)).isEqualTo(new WarmUp.Plan(1000, 1500, 5000, true));
        assertThat(plan(20, 20, WarmUp.Rule.STEADY, 1.0)).isEqualTo(new WarmUp.Plan(20, 20, 20, true));
        assertThat(asked).as("no more stores than the rule's three blocks: the pass is cheaper than asking").isEmpty();
    }

    @Test
    void aLargePoolIsWarmedRoundItsFirstWarmupOpensStoresWithoutAPassWhereThePageCacheHoldsThem() throws Exception {
        assertThat(plan(10_000, 5000, WarmUp.Rule.STEADY, 0.99)).isEqualTo(new WarmUp.Plan(5000, 1500, 5000, false));
        assertThat(asked).containsExactly(5000);
    }

    @Test
    void aLargePoolThePageCacheDoesNotHoldGetsOnePassOverThoseStores() throws Exception {
        assertThat(plan(10_000, 5000, WarmUp.Rule.STEADY, 0.5)).isEqualTo(new WarmUp.Plan(5000, 5000, 5000, true));
        assertThat(plan(10_000, 2000, WarmUp.Rule.STEADY, 0.94)).isEqualTo(new WarmUp.Plan(2000, 2000, 2000, true));
    }

    @Test
    void theFixedRuleMakesWholePassesOverAllStoresAsBefore() throws Exception {
        assertThat(plan(10_000, 5000, WarmUp.Rule.FIXED, 1.0)).isEqualTo(new WarmUp.Plan(10_000, 10_000, 10_000, true));
        assertThat(plan(300, 5000, WarmUp.Rule.FIXED, 1.0)).isEqualTo(new WarmUp.Plan(300, 1500, 5100, true));
        assertThat(asked).isEmpty();
    }

    @Test
    void aResumedWarmUpNeedsOneBlockWhereThePageCacheHoldsThePoolAndOnePassWhereNot() throws Exception {
        assertThat(WarmUp.Plan.of(1000, 5000, WarmUp.Rule.STEADY, SteadyState.BLOCK, stores -> 0.99))
                .isEqualTo(new WarmUp.Plan(1000, 500, 5000, false));
        assertThat(WarmUp.Plan.of(1000, 5000, WarmUp.Rule.STEADY, SteadyState.BLOCK, stores -> 0.2))
                .isEqualTo(new WarmUp.Plan(1000, 1000, 5000, true));
        assertThat(WarmUp.Plan.of(200, 5000, WarmUp.Rule.STEADY, SteadyState.BLOCK, stores -> 0.99))
                .as("a pool no larger than the block: the pass is the block").isEqualTo(new WarmUp.Plan(200, 500, 5000, true));
    }
}
