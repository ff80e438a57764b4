package storebench.run;

import storebench.StartsProcesses;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static storebench.run.SuiteLaunch.CONSOLE;
import static storebench.run.SuiteLaunch.JAR;
import static storebench.run.SuiteLaunch.MEMORY_STORES;
import static storebench.run.SuiteLaunch.PROJECT;
import static storebench.run.SuiteLaunch.await;
import static storebench.run.SuiteLaunch.classes;
import static storebench.run.SuiteLaunch.classpath;
import static storebench.run.SuiteLaunch.launch;
import static storebench.run.SuiteLaunch.options;
import static storebench.run.SuiteLaunch.read;
import static storebench.run.SuiteLaunch.run;

/**
 * The suite started the way a user, an IDE or a second CI job starts it: real JVMs running the JUnit console launcher
 * on StoreLifeBench (one engine, a few small stores), without the classpath Maven hands over.
 */
@StartsProcesses
class SuiteLaunchTest {
    /** The suite's runtime classpath without JUnit's own jars (the console launcher brings them), test classes first. */
    private static List<Path> suiteClasspath;

    @TempDir
    Path tmp;

    /**
     * The phases a launch test runs: the one that makes the stores (create), one of fresh trial processes with runs
     * (the open runs) and one of a holding process (memory); each starts trial processes from the classpath under
     * test, as the others do, and the rule test below runs them all.
     */
    private static final List<String> THREE_PHASES = List.of("--select-method", "storebench.StoreLifeBench#create",
            "--select-method", "storebench.StoreLifeBench#openRuns", "--select-method", "storebench.StoreLifeBench#memory");

    @BeforeAll
    static void findTheSuitesClasspath() {
        suiteClasspath = SuiteLaunch.suiteClasspath();
    }

    /** The run in {@code out} is complete and has sqlite's figures, and its report says so. */
    private static void assertCompleteSqliteRun(Path out) throws IOException {
        RunResults results = RunResults.load(out);
        assertThat(results.incomplete()).as("incomplete").isEmpty();
        assertThat(results.failures()).isEmpty();
        assertThat(results.measurement("sqlite", "default", "create_ms")).isPresent();
        assertThat(results.measurement("sqlite", "default", "oqc_ms")).isPresent();
        assertThat(results.measurement("sqlite", "default", "mem_resident_kb")).isPresent();
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME))).contains("| Open, query, close (median) |")
                .doesNotContain("Incomplete run");
    }

    @Test
    void runsOneEngineFromTheConsoleLauncherJarWithRelativeClasspathEntries() throws Exception {
        String relative = suiteClasspath.stream().map(p -> p.startsWith(PROJECT) ? PROJECT.relativize(p).toString()
                : p.toString()).collect(Collectors.joining(File.pathSeparator));
        assertThat(relative).startsWith("target/test-classes" + File.pathSeparator);
        Path out = tmp.resolve("out");
        Path log = tmp.resolve("console.log");

        Map<String, String> options = options(out, tmp.resolve("root"), MEMORY_STORES);
        options.put("bench.phases", "memory,create,openRuns"); // the class selected whole: the others' tests disabled

        int exit = await(launch(options, JAR, relative, classes("storebench.StoreLifeBench"), log), log);

        assertThat(exit).as("exit status; output:%n%s", read(log)).isZero();
        assertCompleteSqliteRun(out);
        // the plan, printed before the first measurement; each phase's start its place in it; the run line its estimate
        String console = read(log);
        assertThat(console.indexOf("[storebench] plan: 1 engine x 1 setting x 3 phases")).as(console)
                .isNotNegative().isLessThan(console.indexOf("[storebench] phase 1 of 3: sqlite/default create;"));
        assertThat(console).contains("[storebench] estimate: ").contains("[storebench] phase 2 of 3: sqlite/default"
                + " openruns;").contains((Phases.ALL.size() - 3) + " tests skipped")
                .contains("[storebench] the tests Failsafe counts as skipped: the phases this run leaves out (disk,");
        RunResults results = RunResults.load(out);
        JsonNode run = results.run();
        assertThat(run.path("enginesAsked").asText()).isEqualTo("sqlite");
        assertThat(run.path("plan").path("estimateS").asDouble()).isPositive();
        assertThat(run.path("phasesAsked").asText()).isEqualTo("memory,create,openRuns");
        assertThat(run.path("phases")).extracting(JsonNode::asText).containsExactly("create", "openruns", "memory");
        assertThat(results.lines("phase")).extracting(l -> PhaseLine.op(l)).doesNotContain("readwarmup",
                "capacity", "traffic");
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME))).contains("Phases: create, openruns, memory"
                + " (-Dbench.phases=memory,create,openRuns); not measured: disk, read, concurrency, cold, traffic,"
                + " capacity (-Dbench.phases=all measures every phase).");
    }

    @Test
    void aMisspeltOptionStopsTheSuiteBeforeAnythingIsMadeNamingTheClosestOptionOnce() throws Exception {
        Path out = tmp.resolve("out");
        Path root = tmp.resolve("root");
        Path log = tmp.resolve("console.log");
        Map<String, String> options = options(out, root, 10);
        options.remove("bench.engines");
        options.put("bench.engine", "sqlite");

        int exit = run(options, classes("storebench.StoreLifeBench", "storebench.GateBench"), log);

        String console = read(log);
        assertThat(exit).as("exit status; output:%n%s", console).isNotZero();
        assertThat(console.split("-Dbench.engine is not an option \\(did you mean bench.engines\\?\\)", -1))
                .as("said once, by the first class; the other disabled: %n%s", console).hasSize(2);
        assertThat(out).as("no output folder").doesNotExist();
        assertThat(root).as("no bench root, no stores").doesNotExist();
    }

    @Test
    void planOnlyPrintsThePlanAndItsEstimateAndMeasuresNothing() throws Exception {
        Path out = tmp.resolve("out");
        Path root = tmp.resolve("root");
        Path log = tmp.resolve("console.log");
        Map<String, String> options = options(out, root, 1000);
        options.put("bench.engines", "all");
        options.remove("bench.settings");
        options.put("bench.plan", "true");

        int exit = run(options, classes("storebench.StoreLifeBench", "storebench.GateBench"), log);

        String console = read(log);
        assertThat(exit).as("exit status; output:%n%s", console).isZero();
        int phases = Phases.ALL.size();
        assertThat(console).contains("[storebench] plan: 11 engines x 2 settings x " + phases + " phases = "
                + 11 * 2 * phases + " phases to measure; N=1,000, R=1").contains("[storebench] estimate: ").doesNotContain("[storebench] phase 1 of");
        assertThat(console.split("\\[storebench\\] plan: ", -1)).as("printed once").hasSize(2);
        assertThat(out).as("no output folder").doesNotExist();
        assertThat(root).as("no bench root, no stores").doesNotExist();
        assertThat(console).doesNotContain("results in");
    }

    @Test
    void runsOneEngineWhenTheClasspathIsAJarManifestLikeAnIdesShortCommandLine() throws Exception {
        Path manifestJar = tmp.resolve("classpath.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        List<Path> entries = new ArrayList<>(suiteClasspath);
        entries.add(CONSOLE);
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, entries.stream()
                .map(p -> p.toUri().toString()).collect(Collectors.joining(" ")));
        new JarOutputStream(Files.newOutputStream(manifestJar), manifest).close();
        Path out = tmp.resolve("out");
        Path log = tmp.resolve("console.log");

        int exit = await(launch(options(out, tmp.resolve("root"), MEMORY_STORES), List.of("-cp",
                manifestJar.toString(), "org.junit.platform.console.ConsoleLauncher"), null, THREE_PHASES, log), log);

        assertThat(exit).as("exit status; output:%n%s", read(log)).isZero();
        assertCompleteSqliteRun(out);
    }

    @Test
    void aSecondRunOnTheSameRootAndOutputIsRefusedAtOnceAndTheFirstStaysWhole() throws Exception {
        Path out = tmp.resolve("out");
        Path root = tmp.resolve("root");
        Path firstLog = tmp.resolve("first.log");
        Map<String, String> waiting = options(out, root, 50);
        waiting.put("bench.lockWait", "170s");
        Process first;
        // The first run holds the root for as long as this test holds the output folder's lock, however fast or slow
        // the machine: a run takes the root's lock, then the output folder's, and waits for that one (bench.lockWait).
        try (RunLock output = RunLock.acquire(Bench.outputLock(out), "output folder " + out, Duration.ZERO,
                new PrintStream(OutputStream.nullOutputStream()))) {
            first = launch(waiting, JAR, classpath(), List.of("--select-method", "storebench.StoreLifeBench#create"),
                    firstLog);
            try {
                String holdsTheRoot = "[storebench] output folder " + out + " is in use by another run";
                for (int k = 0; k < 3600 && first.isAlive() && !read(firstLog).contains(holdsTheRoot); k++) {
                    Thread.sleep(50);
                }
                assertThat(read(firstLog)).as("the first run holds the root and waits").contains(holdsTheRoot);
                Path secondLog = tmp.resolve("second.log");

                int second = await(launch(options(out, root, 50), JAR, classpath(),
                        classes("storebench.StoreLifeBench"), secondLog), secondLog);

                assertThat(second).as("the second run fails").isNotZero();
                assertThat(read(secondLog)).contains("bench root " + root + " is in use by another run (pid "
                        + first.pid()).contains("-Dbench.root").contains("-Dbench.lockWait");
                assertThat(first.isAlive()).as("refused at once: the first run has not gone on yet").isTrue();
            } catch (AssertionError | Exception e) {
                first.destroyForcibly();
                throw e;
            }
        }

        assertThat(await(first, firstLog)).as("the first run's exit status; output:%n%s", read(firstLog)).isZero();
        RunResults results = RunResults.load(out);
        assertThat(results.incomplete()).as("incomplete").isEmpty();
        assertThat(results.failures()).isEmpty();
        assertThat(results.measurement("sqlite", "default", "create_ms")).isPresent();
        assertThat(results.run().path("stores").asInt()).isEqualTo(50);
        assertThat(OutputFolder.previous(out)).as("nothing was moved aside").doesNotExist();
        assertThat(out.resolveSibling("out.incomplete")).doesNotExist();
        assertThat(createdStores(out)).as("stores the first run created").isEqualTo(50);
    }

    @Test
    void badCustomWorkloadValuesStopTheRunBeforeAnyStoreNamingTheOption() throws Exception {
        String[][] bad = {{"bench.notes", "0", "bench.noteChars", "100"}, {"bench.notes", "5", "bench.noteChars", "-1"},
            {"bench.notes", "abc", "bench.noteChars", "100"}};
        for (String[] values : bad) {
            Path out = tmp.resolve("out-" + values[1]);
            Path root = tmp.resolve("root-" + values[1]);
            Path log = tmp.resolve("console-" + values[1] + ".log");
            Map<String, String> options = options(out, root, 10);
            options.put("bench.workload", "custom");
            options.put(values[0], values[1]);
            options.put(values[2], values[3]);

            int exit = run(options, classes("storebench.StoreLifeBench"), log);

            String named = values[1].equals("5") ? "bench.noteChars=-1" : values[1].equals("abc")
                    ? "bench.notes='abc'" : "bench.notes=0";
            assertThat(exit).as("exit status; output:%n%s", read(log)).isNotZero();
            assertThat(read(log)).contains(named);
            assertThat(root).as("no bench root, no stores").doesNotExist();
        }
    }

    @Test
    void aFailureOutsideATrialProcessIsRecordedAndFailsTheRunWithItsReason() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Files.writeString(root.resolve(StorePool.MARKER), "storebench's\n");
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(root.resolve("small"), elsewhere); // named like the workload's folder
        Path out = tmp.resolve("out");
        Path log = tmp.resolve("console.log");

        int exit = run(options(out, root, 10), classes("storebench.StoreLifeBench", "storebench.GateBench"), log);

        assertThat(exit).isNotZero();
        RunResults results = RunResults.load(out);
        List<JsonNode> failed = results.lines("status", "sqlite", "default");
        assertThat(failed).as("a status line for the failure").hasSize(1);
        assertThat(failed.get(0).path("status").asText()).isEqualTo("failed");
        assertThat(failed.get(0).path("phase").asText()).isEqualTo("create");
        assertThat(failed.get(0).path("reason").asText()).contains(root.resolve("small") + " is a symbolic link");
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME)))
                .contains("- sqlite/default: create failed: " + root.resolve("small") + " is a symbolic link");
        assertThat(read(log)).contains("the run measured nothing: sqlite/default: create failed: ")
                .doesNotContain("has no rule");
        assertThat(elsewhere).isEmptyDirectory();
    }

    @Test
    void aRuleItsFiguresBreakFailsThatEnginesPhaseTestNamingTheRuleAndItsLine() throws Exception {
        Path rules = Files.writeString(tmp.resolve("strict.yaml"), "ceilings:\n  - engine: sqlite\n    workload: small\n"
                + "    max:\n      oqc_ms: 0.000001\n");
        Map<String, String> options = options(tmp.resolve("out"), tmp.resolve("root"), MEMORY_STORES);
        options.put("bench.thresholds", rules.toString());
        options.put("bench.phases", "create,openRuns,memory"); // the class selected whole: the others' tests disabled
        Path log = tmp.resolve("console.log");

        int exit = run(options, classes("storebench.StoreLifeBench"), log);

        String output = read(log);
        assertThat(exit).isNotZero();
        assertThat(output).contains("sqlite/default > openRuns: 1 rule of " + rules + " violated:")
                .contains("FAIL ceiling: engine sqlite, setting default, workload small, statistic oqc_ms: measured ")
                .contains("(" + rules + ":5)");
        // every phase's test the run asked for but the open runs'
        assertThat(output).contains(String.format("[%10d tests successful      ]", 2))
                .contains("[         1 tests failed          ]");
    }

    private static int createdStores(Path out) throws IOException {
        return ResultsFile.read(out.resolve(ResultsFile.NAME)).stream()
                .filter(l -> "pool".equals(l.path("kind").asText())).mapToInt(l -> l.path("created").asInt()).sum();
    }
}
