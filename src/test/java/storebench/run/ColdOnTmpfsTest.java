package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.measure.Mounts;
import storebench.model.Setting;
import storebench.phase.ColdPhase;
import storebench.phase.NotMeasured;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The cold phase on a bench root in memory (tmpfs): its pages cannot be dropped, so it says so before it makes, starts
 * or warms anything, the trial goes on with its other phases, and the report's cold rows say why they are empty.
 */
@StartsProcesses
class ColdOnTmpfsTest {
    private static final Path SHM = Path.of("/dev/shm");

    @TempDir
    Path tmp;

    private Path root;

    @AfterEach
    void removeRoot() throws Exception {
        if (root != null && Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
    }

    @Test
    void theColdPhaseOnTmpfsSaysSoBeforeItMakesAnythingAndTheTrialGoesOn() throws Exception {
        assumeTrue(Files.isDirectory(SHM) && Mounts.of(SHM).fsType().equals("tmpfs"), "no tmpfs at /dev/shm");
        root = SHM.resolve("storebench-cold-test-" + ProcessHandle.current().pid());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        BenchOptions o = SmallRuns.options(tmp.resolve("out"), root, Map.of());

        try (Bench bench = Bench.start(o, new PrintStream(console, true, StandardCharsets.UTF_8), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);

            assertThatThrownBy(() -> trial.measure(Phases.COLD)).isInstanceOf(NotMeasured.class)
                    .hasMessage("the bench root is tmpfs (" + root + "): its files are memory, whose pages cannot be"
                            + " dropped from the page cache, so no open there is cold; give a -Dbench.root on a disk"
                            + " to measure cold opens");
            try (Stream<Path> inRoot = Files.list(root)) {
                assertThat(inRoot).as("no store, no pool made for it").noneMatch(p -> Files.isDirectory(p));
            }

            assertThat(trial.measure(Phases.CREATE).value(storebench.phase.CreatePhase.CREATE_MS)).as("the trial goes"
                    + " on").isPositive();
        }

        assertThat(console.toString(StandardCharsets.UTF_8)).contains("sqlite/default: cold not measured: the bench"
                + " root is tmpfs");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.failures()).isEmpty();
        assertThat(results.notMeasured("sqlite", "default", ColdPhase.COLD_OQC_MS.id())).get().asString()
                .startsWith("not measured in cold: the bench root is tmpfs");
        String report = Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME));
        assertThat(report).contains("| " + ColdPhase.COLD_OQC_MS.label(10, 5) + " | – |")
                .contains("SQLite, cold: not measured: the bench root is tmpfs")
                .doesNotContain("the host's cache")
                .contains("The bench root is on tmpfs: its files are memory, with no device under them");
    }
}
