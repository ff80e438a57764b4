package storebench.phase;

import storebench.run.TrialJvm;
import java.util.Optional;
import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.run.TrialClasspath;
import storebench.run.TrialCommands;
import storebench.trial.Protocol;
import storebench.trial.TrialProcess;
import storebench.trial.answer.ConcurrentAnswer;
import storebench.trial.answer.CreateAnswer;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The concurrency phase's shares, and its op in a real sqlite trial process: T threads started together. */
@StartsProcesses
class ConcurrencyPhaseTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @TempDir
    Path root;

    @Test
    void theOrderIsDealtRoundRobinIntoDisjointShares() {
        int[] order = {5, 3, 0, 6, 1, 4, 2};
        int[][] shares = ConcurrencyPhase.shares(order, 3);
        assertThat(shares[0]).containsExactly(5, 6, 2);
        assertThat(shares[1]).containsExactly(3, 1);
        assertThat(shares[2]).containsExactly(0, 4);
        assertThat(ConcurrencyPhase.shares(order, 1)[0]).containsExactly(order);
        int[] all = Arrays.stream(ConcurrencyPhase.shares(order, 4)).flatMapToInt(Arrays::stream).sorted().toArray();
        assertThat(all).containsExactly(IntStream.range(0, 7).toArray());
    }

    @Test
    void aRunMakesAtLeastAThousandVisitsInWholePasses() {
        assertThat(WarmUp.passes(1000, 1000)).isEqualTo(1);
        assertThat(WarmUp.passes(10_000, 1000)).isEqualTo(1);
        assertThat(WarmUp.passes(200, 1000)).isEqualTo(5);
        assertThat(WarmUp.passes(300, 1000)).isEqualTo(4);
        assertThat(WarmUp.passes(20, 100)).isEqualTo(5);
    }

    @Test
    void everyWorkerCountHasItsThreeStatistics() {
        for (int t : ConcurrencyPhase.THREADS) {
            assertThat(ConcurrencyPhase.perSecond(t).id()).isEqualTo("conc_oqc_per_s_t" + t);
            assertThat(ConcurrencyPhase.median(t).id()).isEqualTo("conc_oqc_ms_t" + t);
            assertThat(ConcurrencyPhase.p99(t).id()).isEqualTo("conc_oqc_p99_ms_t" + t);
            assertThat(ConcurrencyPhase.perSecond(t).optional()).isTrue();
        }
    }

    @Test
    void twoThreadsOfASqliteTrialVisitTheirSharesFromTheSameInstant() throws Exception {
        TrialCommands commands = new TrialCommands(TrialClasspath.find(), PROJECT, "node");
        try (TrialProcess p = TrialProcess.start("sqlite/default", commands.command(Engines.of("sqlite"),
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()),
                Setting.DEFAULT.environment(), root, 60_000)) {
            p.request(Protocol.request(Protocol.HELLO).put("engine", "sqlite"), l -> { });
            p.request(request(CreateAnswer.OP).set("stores", Protocol.JSON.valueToTree(new int[]{0, 1, 2, 3, 4, 5})), l -> { });
            // a second ahead: the request reaches the threads before the instant, even on a loaded machine
            long startAtMs = System.currentTimeMillis() + 1000;
            ObjectNode go = request(ConcurrentAnswer.OP).put("startAtMs", startAtMs);
            go.putArray("shares").add(Protocol.JSON.valueToTree(new int[]{0, 2, 4})).add(Protocol.JSON.valueToTree(new int[]{1, 3, 5}));
            JsonNode workers = p.request(go, l -> { }).path("workers");

            assertThat(workers).hasSize(2);
            for (JsonNode w : workers) {
                long[] oqc = Protocol.toLongs(w.path("oqc"), "oqc");
                assertThat(oqc).hasSize(3);
                assertThat(Arrays.stream(oqc).min().getAsLong()).isPositive();
                // the workers wait on the wall clock and report times from System.nanoTime mapped to it once per
                // request: the two clocks drift apart while the wall clock is slewed (seen: 1.4 ms, and 5.004 ms on a
                // loaded VM). A thread that did not wait would start a second early; how soon after the instant each
                // thread gets a core is the scheduler's, not asserted
                assertThat(w.path("startUs").asLong()).isGreaterThanOrEqualTo(startAtMs * 1000 - 50_000);
                assertThat(w.path("endUs").asLong()).isGreaterThan(w.path("startUs").asLong());
            }
        }
    }

    private ObjectNode request(String op) {
        return Protocol.request(op).put("root", root.toString()).put("workload", "small");
    }
}
