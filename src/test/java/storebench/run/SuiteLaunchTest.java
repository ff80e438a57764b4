package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.report.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite started the way a user, an IDE or a second CI job starts it: real JVMs running the JUnit console launcher
 * on StoreLifeBench (one engine, a few small stores), without the classpath Maven hands over.
 */
class SuiteLaunchTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    private static final Path CONSOLE = PROJECT.resolve("target/junit-console/junit-platform-console-standalone.jar");
    /** The suite's runtime classpath without JUnit's own jars (the console launcher brings them), test classes first. */
    private static List<Path> suiteClasspath;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findTheSuitesClasspath() {
        assertThat(CONSOLE).as("the build copies the console launcher (pom.xml, junit-console)").isRegularFile();
        suiteClasspath = new ArrayList<>();
        suiteClasspath.add(PROJECT.resolve("target/test-classes"));
        for (String entry : System.getProperty("bench.classpath").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (!name.startsWith("junit-") && !name.startsWith("opentest4j") && !name.startsWith("apiguardian")) {
                suiteClasspath.add(Path.of(entry));
            }
        }
    }

    /** One suite run's options: sqlite, small workload, just enough stores and opens to make every figure. */
    private Map<String, String> options(Path out, Path root, int stores) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("bench.projectDir", PROJECT.toString());
        o.put("bench.engines", "sqlite");
        o.put("bench.settings", "default");
        o.put("bench.workload", "small");
        o.put("bench.stores", String.valueOf(stores));
        o.put("bench.runs", "1");
        o.put("bench.warmupOpens", String.valueOf(2 * stores));
        o.put("bench.capacityMax", String.valueOf(2 * stores));
        o.put("bench.out", out.toString());
        o.put("bench.root", root.toString());
        return o;
    }

    /**
     * {@code java -D... <launch...> execute [-cp classpath] <selectors>} in the project folder, output to a file.
     *
     * @param classpath the console launcher's -cp, or null where the JVM's own classpath holds the suite
     */
    private Process launch(Map<String, String> options, List<String> launch, String classpath, List<String> classes,
                           Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        options.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(launch);
        cmd.addAll(List.of("execute", "--disable-banner", "--details=summary", "--fail-if-no-tests"));
        if (classpath != null) {
            cmd.addAll(List.of("-cp", classpath));
        }
        classes.forEach(c -> cmd.addAll(List.of("--select-class", c)));
        return new ProcessBuilder(cmd).directory(PROJECT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private static int await(Process p, Path log) throws Exception {
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("finished within 3 minutes; output:%n%s", read(log)).isTrue();
        return p.exitValue();
    }

    private static String read(Path log) throws IOException {
        return Files.isRegularFile(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)";
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

        int exit = await(launch(options(out, tmp.resolve("root"), 10), List.of("-jar", CONSOLE.toString()), relative,
                List.of("storebench.StoreLifeBench"), log), log);

        assertThat(exit).as("exit status; output:%n%s", read(log)).isZero();
        assertCompleteSqliteRun(out);
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

        int exit = await(launch(options(out, tmp.resolve("root"), 10), List.of("-cp", manifestJar.toString(),
                "org.junit.platform.console.ConsoleLauncher"), null, List.of("storebench.StoreLifeBench"), log), log);

        assertThat(exit).as("exit status; output:%n%s", read(log)).isZero();
        assertCompleteSqliteRun(out);
    }

    @Test
    void aSecondRunOnTheSameRootAndOutputIsRefusedAtOnceAndTheFirstStaysWhole() throws Exception {
        Path out = tmp.resolve("out");
        Path root = tmp.resolve("root");
        List<String> jar = List.of("-jar", CONSOLE.toString());
        Path firstLog = tmp.resolve("first.log");
        Process first = launch(options(out, root, 300), jar, classpath(), List.of("storebench.StoreLifeBench"), firstLog);
        // the second starts once the first has taken its locks and begun creating stores
        Path stores = root.resolve("small/sqlite/default");
        for (int k = 0; k < 600 && !Files.isDirectory(stores.resolve("store-5")); k++) {
            Thread.sleep(50);
        }
        assertThat(stores.resolve("store-5")).as("the first run creates stores; output:%n%s", read(firstLog))
                .isDirectory();
        Path secondLog = tmp.resolve("second.log");
        long t0 = System.nanoTime();
        int second = await(launch(options(out, root, 50), jar, classpath(), List.of("storebench.StoreLifeBench"),
                secondLog), secondLog);
        double seconds = (System.nanoTime() - t0) / 1e9;

        assertThat(second).as("the second run fails").isNotZero();
        assertThat(read(secondLog)).contains("bench root " + root + " is in use by another run (pid " + first.pid())
                .contains("-Dbench.root").contains("-Dbench.lockWait");
        assertThat(seconds).as("refused at once").isLessThan(60);
        assertThat(first.isAlive()).as("the first run is still running").isTrue();

        assertThat(await(first, firstLog)).as("the first run's exit status; output:%n%s", read(firstLog)).isZero();
        assertCompleteSqliteRun(out);
        assertThat(RunResults.load(out).run().path("stores").asInt()).isEqualTo(300);
        assertThat(Bench.previous(out)).as("nothing was moved aside").doesNotExist();
        assertThat(out.resolveSibling("out.incomplete")).doesNotExist();
        assertThat(createdStores(out)).as("stores the first run created").isEqualTo(300);
    }

    @Test
    void aFailureOutsideATrialProcessIsRecordedAndFailsTheRunWithItsReason() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Files.writeString(root.resolve(StorePool.MARKER), "storebench's\n");
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(root.resolve("small"), elsewhere); // named like the workload's folder
        Path out = tmp.resolve("out");
        Path log = tmp.resolve("console.log");

        int exit = await(launch(options(out, root, 10), List.of("-jar", CONSOLE.toString()), classpath(),
                List.of("storebench.StoreLifeBench", "storebench.GateBench"), log), log);

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
        Map<String, String> options = options(tmp.resolve("out"), tmp.resolve("root"), 10);
        options.put("bench.thresholds", rules.toString());
        Path log = tmp.resolve("console.log");

        int exit = await(launch(options, List.of("-jar", CONSOLE.toString()), classpath(),
                List.of("storebench.StoreLifeBench"), log), log);

        String output = read(log);
        assertThat(exit).isNotZero();
        assertThat(output).contains("sqlite/default > openRuns: 1 rule of " + rules + " violated:")
                .contains("FAIL ceiling: engine sqlite, setting default, workload small, statistic oqc_ms: measured ")
                .contains("(" + rules + ":5)");
        assertThat(output).contains("[         6 tests successful      ]") // create, memory, disk, read, capacity, concurrency pass
                .contains("[         1 tests failed          ]");
    }

    private static String classpath() {
        return suiteClasspath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    private static int createdStores(Path out) throws IOException {
        return ResultsFile.read(out.resolve(ResultsFile.NAME)).stream()
                .filter(l -> "pool".equals(l.path("kind").asText())).mapToInt(l -> l.path("created").asInt()).sum();
    }
}
