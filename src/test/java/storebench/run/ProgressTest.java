package storebench.run;

import org.junit.jupiter.api.Test;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.phase.TrafficPhase;

import static org.assertj.core.api.Assertions.assertThat;

/** What a step's progress and a failed step's "how far" count: stores where it visits stores, steps where it has stages. */
class ProgressTest {
    @Test
    void aFailedTrafficRunCountsItsStepsNotStores() {
        assertThat(TrialRequests.howFar(TrafficPhase.RUN, 2, 3)).isEqualTo("at least 2 of 3 steps done, by the last"
                + " progress line");
        Phase.Step visits = OpenRunsPhase.OPENRUN;
        assertThat(TrialRequests.howFar(visits, 40, 100)).isEqualTo("at least 40 of 100 stores done, by the last"
                + " progress line");
        // a warm-up's requests are windows of visits, not the pool's stores
        assertThat(TrialRequests.howFar(OpenRunsPhase.WARMUP, 0, 100)).isEqualTo("at least 0 of 100 warm-up visits"
                + " done, by the last progress line");
    }

    @Test
    void aProgressLineNamesWhatItCounts() {
        assertThat(Progress.line("sqlite/default traffic", 1, 3, 2.0, "steps")).isEqualTo("[storebench]"
                + " sqlite/default traffic: 1/3 steps (33%), 0.5 steps/s, ETA 0:04");
        assertThat(Progress.line("sqlite/default openrun", 500, 1000, 5.0, "stores")).startsWith("[storebench]"
                + " sqlite/default openrun: 500/1,000 stores (50%), 100.0 stores/s");
    }

    @Test
    void aLongRequestWithoutProgressLinesSaysItIsStillRunningAtMostEveryThirtySeconds() throws Exception {
        assertThat(Progress.stillLine("sqlite/default traffic", 1, 3, 95.4, "steps")).isEqualTo("[storebench]"
                + " sqlite/default traffic: still running after 1:35, 1/3 steps done");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        Progress progress = new Progress(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                "sqlite/default traffic", "steps");
        progress.still(1, 3);
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).as("not yet 30 s quiet").isEmpty();
    }

    @Test
    void aPhaseThatOutlastsTwiceItsEstimateSaysSoInItsProgressLines() throws Exception {
        assertThat(RunPlan.overrun(79, 40)).as("within twice the estimate").isEmpty();
        assertThat(RunPlan.overrun(100, 0)).as("no estimate").isEmpty();
        assertThat(RunPlan.overrun(100, 40)).contains("; 2.5x the plan's estimate of this phase (" + RunPlan.duration(40)
                + ")");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        Progress progress = new Progress(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                "xodus/default traffic", "steps").endingWith(() -> RunPlan.overrun(900, 40).orElse(""));
        progress.update(1, 3, System.nanoTime() + 31_000_000_000L); // a progress line at most every 30 s
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("xodus/default traffic: 1/3 steps")
                .contains("22.5x the plan's estimate of this phase");
    }
}
