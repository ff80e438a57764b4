package storebench;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import storebench.junit.StoreBench;
import storebench.measure.SyncProbe;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.profile.Profilers;
import storebench.run.Bench;
import storebench.run.RootSync;
import storebench.run.Trial;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.phase.WarmColdPhase;
import storebench.results.ResultsFile;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where the time goes ({@code -Dbench.profile=true}), for every engine the options choose, under one setting (the
 * default where it is chosen): the roots' sync latency, create step by step on disk and on tmpfs, warm against cold
 * opens and the noise over time, then the create and open paths again under the profilers of the engine's runtime
 * (strace's syncs; JFR's or --cpu-prof's frames). Its findings are profile lines of results.jsonl; the report's
 * "Where the time goes" renders them, as does profile.md beside it.
 */
@StoreBench
class ProfileBench {
    @Parameter
    Trial trial;

    @BeforeAll
    static void rootSyncLatency(Bench bench) throws Exception {
        assumeTrue(bench.options().profile, "profiling not requested: run with -Dbench.profile=true");
        Map<String, SyncProbe.Latency> latency = RootSync.measure(bench);
        assertThat(latency.get("disk").medianMs()).as("fdatasync median on the bench root").isPositive();
    }

    @BeforeEach
    void oneSetting(Bench bench) {
        Setting profiled = bench.options().settings.contains(Setting.DEFAULT) ? Setting.DEFAULT
                : bench.options().settings.get(0);
        if (trial.setting() != profiled) {
            abort("profiled under " + profiled.id() + " only");
        }
    }

    @Test
    @Order(1)
    void createSteps(Bench bench) throws Exception {
        trial.measure(Phases.CREATE_STEPS);
        assertThat(found(bench, "create")).as("create step by step on the bench root")
                .anySatisfy(l -> assertThat(l.path("root").asText()).isEqualTo("disk"))
                .allSatisfy(l -> assertThat(l.has("unavailable") || l.path("stepsMs").path("total").asDouble() > 0)
                        .as("each root measured, or why not").isTrue());
    }

    @Test
    @Order(2)
    void warmCold(Bench bench) throws Exception {
        trial.measure(Phases.WARM_COLD);
        assertThat(found(bench, "warmcold")).singleElement()
                .satisfies(l -> assertThat(l.path("warmMs").path("oqc").asDouble()).isPositive());
        assertThat(found(bench, "noise")).singleElement()
                .satisfies(l -> assertThat(l.path("runs").asInt()).isEqualTo(WarmColdPhase.NOISE_RUNS));
    }

    @Test
    @Order(3)
    void underProfilers(Bench bench) throws Exception {
        trial.measure(Phases.CREATE_STEPS, Profilers.forProfile(trial.params().runtime()));
        // each profiler found something for the create and the open path, or said why it could not look
        for (String profile : java.util.List.of("syncs", "frames")) {
            List<JsonNode> lines = found(bench, profile);
            if (lines.isEmpty()) {
                assertThat(found(bench, "unavailable")).as("no %s lines: a profiler that said why", profile)
                        .isNotEmpty();
                continue;
            }
            assertThat(lines).extracting(l -> l.path("op").asText()).as(profile)
                    .contains(CreateAnswer.PROFILE_OP, VisitsAnswer.OP);
        }
    }

    /** This trial's profile lines of one kind, so far. */
    private List<JsonNode> found(Bench bench, String profile) throws Exception {
        return ResultsFile.read(bench.results().path()).stream()
                .filter(l -> "profile".equals(l.path("kind").asText()) && profile.equals(l.path("profile").asText())
                        && trial.params().engineId().equals(l.path("engine").asText())
                        && trial.params().settingId().equals(l.path("setting").asText()))
                .toList();
    }
}
