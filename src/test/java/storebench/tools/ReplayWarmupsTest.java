package storebench.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.results.WarmUpLine;
import storebench.trial.Protocol;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayWarmupsTest {
    /** A warm-up line as WarmUp writes it: N=1,000, a whole pass, no JIT floor. */
    private static ObjectNode line(String engine, List<Double> windows, Integer settledAt, Integer jitFloor) {
        ObjectNode l = Protocol.JSON.createObjectNode().put("kind", "phase").put("engine", engine)
                .put("setting", "default").put("stores", 1000).put("op", "warmup")
                .put("visited", windows.size() * 100).put("rule", "steady").put("windowVisits", 100)
                .put("wholePass", true);
        windows.forEach(w -> l.withArray("windows").add(w));
        if (settledAt != null) {
            l.put("settledAt", settledAt);
        }
        if (jitFloor != null) {
            l.put("jitFloor", jitFloor);
            windows.forEach(w -> l.withArray("compileMs").add(0));
        }
        return l;
    }

    @Test
    void aQuietWarmUpStopsWhereItsRecordedRuleDidAndNotBeforeItsFloors() {
        List<Double> flat = Collections.nCopies(30, 0.3);
        ReplayWarmups.Replayed r = ReplayWarmups.replay(WarmUpLine.of(line("sqlite", flat, 1500, null)), 5000);
        assertThat(r.replayed().visits()).isEqualTo(1500);
        assertThat(r.replayed().settled()).isTrue();
        ReplayWarmups.Replayed floored =
                ReplayWarmups.replay(WarmUpLine.of(line("h2", flat, 2500, 2500)), 5000);
        assertThat(floored.replayed().visits()).as("not before the JIT floor").isEqualTo(2500);
    }

    @Test
    void aNoisyFlatWarmUpThatNeverSettledIsReplayedToAnEarlierStop() {
        // windows wandering ±10% around 22 ms, no trend: the fixed 3% and 10% never settled them in 50 windows
        List<Double> windows = new ArrayList<>();
        java.util.Random random = new java.util.Random(3);
        for (int k = 0; k < 50; k++) {
            windows.add(22 * (1 + 0.2 * (random.nextDouble() - 0.5)));
        }
        ReplayWarmups.Replayed r = ReplayWarmups.replay(WarmUpLine.of(line("duckdb", windows, null, 500)), 5000);
        assertThat(r.recorded().settled()).isFalse();
        assertThat(r.replayed().settled()).isTrue();
        assertThat(r.replayed().visits()).isLessThan(5000);
        assertThat(r.replayed().ms()).isLessThan(r.recorded().ms());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReplayWarmups.print(List.of(r), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("| `duckdb` | 1 | 5,000 | ").contains("| 1, 0 |");
    }
}
