package storebench.phase;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import storebench.trial.Protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The capacity phase's per-store figures are least-squares slopes over its points; its points' spacing. */
class CapacityPhaseTest {
    @Test
    void theSlopeIsPerOpenStoreOverEveryPoint() {
        ArrayNode points = Protocol.JSON.createArrayNode();
        // 150 KB per store on a 300 MB base, one point off the line by 1 MB
        points.addObject().put("stores", 0).put("rssKb", 300_000);
        points.addObject().put("stores", 1000).put("rssKb", 450_000 + 1024);
        points.addObject().put("stores", 2000).put("rssKb", 600_000);
        points.addObject().put("stores", 2500).put("rssKb", 675_000);
        assertThat(CapacityPhase.slope(points, "rssKb")).isCloseTo(150, within(0.5));
        assertThat(CapacityPhase.slope(points, "fds")).isZero();
    }

    @Test
    void aSinglePointHasNoSlope() {
        ArrayNode points = Protocol.JSON.createArrayNode();
        points.addObject().put("stores", 0).put("rssKb", 300_000);
        assertThat(CapacityPhase.slope(points, "rssKb")).isNaN();
    }

    @Test
    void aPointEveryThousandStoresOrATenthOfASmallerCap() {
        assertThat(CapacityPhase.every(20_000)).isEqualTo(1000);
        assertThat(CapacityPhase.every(5000)).isEqualTo(500);
        assertThat(CapacityPhase.every(200)).isEqualTo(20);
        assertThat(CapacityPhase.every(5)).isEqualTo(1);
    }
}
