package storebench.run;

import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.profile.Profilers;
import storebench.report.ProfileSection;
import storebench.results.RunResults;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Profilers plugged into a phase end to end, with real trial processes: the read phase under strace and JFR gives
 * its findings per process and op, its figures are marked, and the profile's own phases give their lines.
 */
@StartsProcesses
class ProfilersRunTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    @Test
    void theReadPhaseUnderStraceAndJfrAndTheProfilesOwnPhases() throws Exception {
        assumeTrue(Profilers.STRACE.unavailable(SqliteEngine.DESCRIPTOR.runtime()).isEmpty(),
                () -> "strace cannot run here: " + Profilers.STRACE.unavailable(SqliteEngine.DESCRIPTOR.runtime()));
        BenchOptions o = SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), Map.of("bench.engines", "sqlite",
                "bench.stores", "6", "bench.runs", "2", "bench.warmupOpens", "12", "bench.warmup", "fixed"));
        try (Bench bench = Bench.start(o, QUIET, Bench.AfterRun.NOTHING)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            trial.measure(Phases.READ, List.of(Profilers.STRACE, Profilers.JFR));
            trial.measure(Phases.CREATE_STEPS);
        }
        RunResults results = RunResults.load(tmp.resolve("out"));
        List<JsonNode> profile = results.lines("profile");
        // one strace and one JFR line per read process (R = 2), for its visits, from the process' own folder
        assertThat(profile).filteredOn(l -> "read".equals(l.path("benchPhase").asText())
                && "syncs".equals(l.path("profile").asText())).hasSize(2).allSatisfy(l -> {
                    assertThat(l.path("op").asText()).isEqualTo("visits");
                    assertThat(l.path("items").asInt()).isGreaterThanOrEqualTo(6);
                    assertThat(tmp.resolve("out").resolve(l.path("straceLog").asText())).isRegularFile();
                });
        assertThat(profile).filteredOn(l -> "read".equals(l.path("benchPhase").asText())
                && "frames".equals(l.path("profile").asText())).hasSize(2)
                .allSatisfy(l -> assertThat(l.path("samples").asInt()).as("JFR samples inside the visit loop")
                        .isPositive());
        // the read figures say they were measured under the profilers; the create's (before them) do not
        assertThat(results.lines("stat", "sqlite", "default")).filteredOn(l -> "read_ms".equals(l.path("stat").asText()))
                .singleElement().satisfies(l -> assertThat(l.path("profilers").toString()).isEqualTo("[\"strace\",\"jfr\"]"));
        assertThat(results.lines("stat", "sqlite", "default")).filteredOn(l -> "create_ms".equals(l.path("stat").asText()))
                .singleElement().satisfies(l -> assertThat(l.has("profilers")).isFalse());
        // the create steps, on disk and on the run's tmpfs root (removed with the run), without a profiler
        assertThat(profile).filteredOn(l -> "create".equals(l.path("profile").asText()))
                .extracting(l -> l.path("root").asText()).containsExactly("disk", "tmpfs");
        assertThat(Files.list(Path.of("/dev/shm")).map(p -> p.getFileName().toString()))
                .noneMatch(n -> n.equals("storebench-profile-" + ProcessHandle.current().pid()));
        // the report's section gives the read phase's findings
        assertThat(ProfileSection.render(profile)).contains("### Under profilers")
                .contains("| sqlite | default | read | read-1 | visits |");
    }
}
