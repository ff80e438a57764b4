package storebench.run;

import storebench.StartsProcesses;
import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.run.BenchOptions;
import storebench.results.ResultsFile;
import storebench.results.RunFolder;
import storebench.results.RunResults;
import storebench.model.Setting;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What happens to a run's output folder and its baseline when runs fail: the last complete run is never pushed out,
 * a run that fails before measuring leaves the folder alone, a folder storebench did not write is never moved or
 * deleted, a baseline that cannot be compared stops the run.
 */
@StartsProcesses
class RunFolderTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @TempDir
    Path tmp;

    private BenchOptions options(Path root, Map<String, String> more) {
        Map<String, String> p = new HashMap<>(Map.of("bench.projectDir", PROJECT.toString(), "bench.warmupOpens", "10"));
        p.putAll(more);
        return SmallRuns.options(tmp.resolve("out"), root, p);
    }

    /** A bench root whose workload folder is a symbolic link: every trial on it fails before measuring. */
    private Path brokenRoot() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("broken-root"));
        Files.writeString(root.resolve(StorePool.MARKER), "storebench's\n");
        if (!Files.exists(root.resolve("small"))) {
            Files.createSymbolicLink(root.resolve("small"), Files.createDirectories(tmp.resolve("elsewhere")));
        }
        return root;
    }

    private void failingRun() throws Exception {
        try (Bench bench = Bench.start(options(brokenRoot(), Map.of()), QUIET, Bench.AfterRun.NOTHING)) {
            assertThatThrownBy(() -> bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE))
                    .hasMessageContaining("is a symbolic link");
        }
    }

    @Test
    void failedRunsNeverPushTheLastCompleteRunOut() throws Exception {
        try (Bench bench = Bench.start(options(tmp.resolve("root"), Map.of()), QUIET, Bench.AfterRun.NOTHING)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            trial.measure(Phases.OPEN_RUNS);
            trial.measure(Phases.MEMORY);
        }
        Path out = tmp.resolve("out");
        assertThat(RunResults.load(out).incomplete()).isEmpty();

        failingRun();
        failingRun();

        assertThat(RunResults.load(out).incomplete()).get().asString().startsWith("it measured nothing: sqlite/default:"
                + " create failed: ");
        Path incomplete = tmp.resolve("out.incomplete");
        assertThat(RunResults.load(incomplete).incomplete()).isPresent();
        RunResults kept = RunResults.load(OutputFolder.previous(out));
        assertThat(kept.incomplete()).as("the last complete run").isEmpty();
        assertThat(kept.measurement("sqlite", "default", "oqc_ms")).isPresent();
    }

    @Test
    void aRunThatFailsBeforeMeasuringLeavesTheOutputFolderAsItWas() throws Exception {
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve(ResultsFile.NAME), "{\"kind\":\"run\"}\n");
        Path broken = Files.writeString(tmp.resolve("broken.yaml"), "ceilings:\n  - engine: sqlite\n    max: {oqc: 1}\n");

        assertThatThrownBy(() -> Bench.start(options(tmp.resolve("root"), Map.of("bench.thresholds", broken.toString())),
                QUIET, Bench.AfterRun.NOTHING)).hasMessageStartingWith("thresholds file " + broken + ":3: unknown statistic 'oqc'");

        assertThat(Files.readString(out.resolve(ResultsFile.NAME))).isEqualTo("{\"kind\":\"run\"}\n");
        assertThat(OutputFolder.previous(out)).doesNotExist();
        assertThat(tmp.resolve("out.incomplete")).doesNotExist();
    }

    @Test
    void refusesAnOutputFolderItDidNotWrite() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("notes.txt"), "x\n");
        Path beside = Files.createDirectories(tmp.resolve("out.incomplete"));
        Files.writeString(beside.resolve("important.txt"), "y\n");
        Path root = tmp.resolve("root");

        assertThatThrownBy(() -> Bench.start(options(root, Map.of()), QUIET, Bench.AfterRun.NOTHING))
                .hasMessageStartingWith("output folder " + out + " is not empty and is not a storebench output")
                .hasMessageContaining("will not move or delete it")
                .hasMessageContaining("choose an empty or new folder as -Dbench.out");

        assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("x\n");
        assertThat(Files.readString(beside.resolve("important.txt"))).isEqualTo("y\n");
        assertThat(out.resolve(RunFolder.MARKER)).doesNotExist();
        assertThat(root).as("refused before it takes the bench root").doesNotExist();
        assertThat(tmp.resolve("out.lock")).as("nor the output folder's lock").doesNotExist();
        assertThat(OutputFolder.previous(out)).doesNotExist();
    }

    @Test
    void anOutputFolderThatCannotBeWrittenIsNamedWithTheOption() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "mine\n");
        Path out = file.resolve("bench");
        Map<String, String> p = new HashMap<>(Map.of("bench.projectDir", PROJECT.toString()));

        assertThatThrownBy(() -> Bench.start(SmallRuns.options(out, tmp.resolve("root"), p), QUIET, Bench.AfterRun.NOTHING))
                .hasMessage("output folder " + out + " cannot be written (" + file + " is in the way (a file, not a"
                        + " folder)): give -Dbench.out a folder this run can create and write, with its parent");
        assertThat(Files.readString(file)).isEqualTo("mine\n");

        // a read-only file system (sysfs refuses every new folder, even root's)
        Path readOnly = Path.of("/sys/storebench-out-" + ProcessHandle.current().pid());
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/sys")) && !Files.exists(readOnly));
        assertThatThrownBy(() -> Bench.start(SmallRuns.options(readOnly.resolve("bench"), tmp.resolve("root"), p),
                QUIET, Bench.AfterRun.NOTHING)).hasMessageStartingWith("output folder " + readOnly.resolve("bench") + " cannot be written ("
                + readOnly).hasMessageEndingWith("give -Dbench.out a folder this run can create and write, with its"
                + " parent");
    }

    @Test
    void anOutputFolderOnAFileSystemThatMakesNoFilesIsSaidToBeNotWritable() throws Exception {
        // /proc refuses a new file with ENOENT, in a folder that exists
        Path out = Path.of("/proc/storebench-out-" + ProcessHandle.current().pid());
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc")) && !Files.exists(out));
        Map<String, String> p = new HashMap<>(Map.of("bench.projectDir", PROJECT.toString()));

        assertThatThrownBy(() -> Bench.start(SmallRuns.options(out, tmp.resolve("root"), p), QUIET, Bench.AfterRun.NOTHING))
                .hasMessage("output folder " + out + " cannot be written (/proc is not writable (" + out + ".lock"
                        + " cannot be created in it)): give -Dbench.out a folder this run can create and write, with"
                        + " its parent");
    }

    @Test
    void neverReplacesAFolderBesideTheOutputThatItDidNotWrite() throws Exception {
        Path out = OutputFolder.fresh(tmp.resolve("out"), QUIET);
        Files.writeString(out.resolve(ResultsFile.NAME), "{\"kind\":\"run\"}\n"); // then killed
        Path beside = Files.createDirectories(tmp.resolve("out.incomplete"));
        Files.writeString(beside.resolve("important.txt"), "y\n");

        assertThatThrownBy(() -> OutputFolder.fresh(out, QUIET))
                .hasMessageStartingWith(beside + " is not a storebench output")
                .hasMessageContaining("this run would replace it with the last incomplete run from " + out)
                .hasMessageContaining("move " + beside + " elsewhere yourself, or choose another -Dbench.out");
        assertThat(Files.readString(beside.resolve("important.txt"))).isEqualTo("y\n");
        assertThat(out.resolve(RunFolder.MARKER)).as("the output folder stays where it was").exists();

        Files.delete(beside.resolve("important.txt")); // an empty folder holds nothing to lose
        OutputFolder.fresh(out, QUIET);
        assertThat(beside.resolve(RunFolder.MARKER)).as("the killed run, moved aside").exists();
        assertThat(out.resolve(RunFolder.MARKER)).as("a fresh, marked folder").exists();
    }

    @Test
    void takesAnEmptyFolderAsItIsAndMarksIt() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        OutputFolder.fresh(out, QUIET);
        try (var entries = Files.list(out)) {
            assertThat(entries.toList()).containsExactly(out.resolve(RunFolder.MARKER));
        }
        assertThat(tmp.resolve("out.incomplete")).as("nothing to move aside").doesNotExist();
    }

    @Test
    void aRunFolderWithoutTheMarkerIsNotTakenThoughItHoldsARun() throws Exception {
        Path out = copy(PROJECT.resolve("src/test/resources/gate/run-200"), tmp.resolve("out"), l -> true);
        Files.deleteIfExists(out.resolve(RunFolder.MARKER));

        assertThatThrownBy(() -> OutputFolder.fresh(out, QUIET)).hasMessageStartingWith("output folder " + out
                + " is not empty and is not a storebench output");
        assertThat(RunResults.load(out).run().path("stores").asInt()).as("left as it was").isEqualTo(200);
        assertThat(tmp.resolve("out.previous")).doesNotExist();
    }

    @Test
    void aBaselineOfAnotherSizeStopsTheRunBeforeItStartsUnlessTheUserSaysWarn() throws Exception {
        Path baseline = copy(PROJECT.resolve("src/test/resources/gate/run-200"), tmp.resolve("baseline"), l -> true);
        Map<String, String> compare = Map.of("bench.baseline", baseline.toString(), "bench.runs", "3");

        assertThatThrownBy(() -> Bench.start(options(tmp.resolve("root"), compare), QUIET, Bench.AfterRun.NOTHING))
                .hasMessageContaining("-Dbench.baseline=" + baseline + ": the baseline cannot be compared with this run:")
                .hasMessageContaining("workload small vs large in the baseline")
                .hasMessageContaining("N = 5 stores vs 200 in the baseline")
                .hasMessageContaining("-Dbench.baselineMismatch=warn");
        assertThat(tmp.resolve("out")).doesNotExist();

        Map<String, String> warn = new HashMap<>(compare);
        warn.put("bench.baselineMismatch", "warn");
        try (Bench bench = Bench.start(options(tmp.resolve("root"), warn), QUIET, Bench.AfterRun.NOTHING)) {
            assertThat(bench.outputDir()).isDirectory();
        }
    }

    @Test
    void anInterruptedBaselineIsRefused() throws Exception {
        Path baseline = copy(PROJECT.resolve("src/test/resources/gate/run-200"), tmp.resolve("baseline"),
                l -> !l.contains("\"kind\":\"end\""));
        Files.writeString(baseline.resolve(ResultsFile.NAME), "{\"kind\":\"status\",\"status\":\"interrupted\","
                + "\"reason\":\"the suite was stopped before the run ended\"}\n", java.nio.file.StandardOpenOption.APPEND);
        Map<String, String> same = Map.of("bench.baseline", baseline.toString(), "bench.workload", "large",
                "bench.stores", "200", "bench.runs", "3", "bench.hold", "200");

        assertThatThrownBy(() -> Bench.start(options(tmp.resolve("root"), same), QUIET, Bench.AfterRun.NOTHING))
                .hasMessageContaining("it is not a complete run: it was interrupted (the suite was stopped");
    }

    @Test
    void aLockHeldByAnotherRunIsNamedAndAWaitingRunGetsItOnceItIsFree() throws Exception {
        Path file = tmp.resolve("bench.lock");
        RunLock held = RunLock.acquire(file, "output folder X", Duration.ZERO, QUIET);
        assertThatThrownBy(() -> RunLock.acquire(file, "output folder X", Duration.ZERO, QUIET))
                .hasMessageStartingWith("output folder X is in use by another run (pid " + ProcessHandle.current().pid()
                        + ", started 20");
        Thread release = new Thread(() -> {
            try {
                Thread.sleep(700);
                held.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        release.start();
        long t0 = System.nanoTime();
        try (RunLock waited = RunLock.acquire(file, "output folder X", Duration.ofSeconds(20), QUIET)) {
            assertThat((System.nanoTime() - t0) / 1e9).isBetween(0.5, 15.0);
        }
        release.join();
    }

    private static Path copy(Path runDir, Path to, java.util.function.Predicate<String> keep) throws Exception {
        Files.createDirectories(to);
        List<String> lines = Files.readAllLines(runDir.resolve(ResultsFile.NAME), StandardCharsets.UTF_8).stream()
                .filter(keep).collect(Collectors.toList());
        Files.write(to.resolve(ResultsFile.NAME), lines, StandardCharsets.UTF_8);
        return to;
    }
}
