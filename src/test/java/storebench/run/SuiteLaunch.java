package storebench.run;

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
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite launched as a user, an IDE or a CI job launches it: a real JVM running the JUnit console launcher in the
 * project folder, with its own -D options and selectors, output to a log file. The harness' tests that need the whole
 * suite (the extension, the gate's test, the phase tests) start it with this.
 */
final class SuiteLaunch {
    static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    static final Path CONSOLE = PROJECT.resolve("target/junit-console/junit-platform-console-standalone.jar");
    /** {@code java -jar} the console launcher. */
    static final List<String> JAR = List.of("-jar", CONSOLE.toString());

    private SuiteLaunch() {
    }

    /** The suite's runtime classpath without JUnit's own jars (the console launcher brings them), test classes first. */
    static List<Path> suiteClasspath() {
        assertThat(CONSOLE).as("the build copies the console launcher (pom.xml, junit-console)").isRegularFile();
        List<Path> entries = new ArrayList<>();
        entries.add(PROJECT.resolve("target/test-classes"));
        for (String entry : System.getProperty("bench.classpath").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (!name.startsWith("junit-") && !name.startsWith("opentest4j") && !name.startsWith("apiguardian")) {
                entries.add(Path.of(entry));
            }
        }
        return entries;
    }

    /** The suite's classpath as the console launcher's -cp. */
    static String classpath() {
        return suiteClasspath().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    /**
     * The stores of a launch that measures memory and checks its figure, all of them held open: the figure is (after -
     * before) / M, and a loaded machine moves a holding process' own memory between its two readings by megabytes
     * (-3.2 MB once under scripts/verify-under-load.sh, where ten small sqlite stores hold 1.4 MB), while a hundred
     * hold 14.6 MB (147 KB each, the same under load as quiet).
     */
    static final int MEMORY_STORES = 100;

    /** One suite run's options: sqlite, small workload, just enough stores and opens to make every figure. */
    static Map<String, String> options(Path out, Path root, int stores) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("bench.projectDir", PROJECT.toString());
        o.put("bench.engines", "sqlite");
        o.put("bench.settings", "default");
        o.put("bench.workload", "small");
        o.put("bench.stores", String.valueOf(stores));
        o.put("bench.runs", "1");
        o.put("bench.warmupOpens", String.valueOf(2 * stores));
        o.put("bench.jitVisits", "0");
        o.put("bench.capacityMax", String.valueOf(2 * stores));
        o.put("bench.trialHeapMb", "64"); // pre-touching 256 MiB costs 1.4 s per trial process here
        o.put("bench.phases", "all"); // the tests pick phases by their selectors, not by it.test
        o.put("bench.trafficSeconds", "0.2"); // the traffic phase's open loop: 5 s per run by default
        o.put("bench.trafficPerKind", "0"); // and no floor of 10,000 reads and writes a run
        o.put("bench.out", out.toString());
        o.put("bench.root", root.toString());
        return o;
    }

    /** Selectors of whole test classes: {@code --select-class} each. */
    static List<String> classes(String... names) {
        List<String> selectors = new ArrayList<>();
        for (String c : names) {
            selectors.addAll(List.of("--select-class", c));
        }
        return selectors;
    }

    /**
     * {@code java -D... <launch...> execute [-cp classpath] <selectors>} in the project folder, output to a file.
     *
     * @param classpath the console launcher's -cp, or null where the JVM's own classpath holds the suite
     * @param selectors the console launcher's selectors ({@link #classes}, {@code --select-method Class#method})
     */
    static Process launch(Map<String, String> options, List<String> launch, String classpath, List<String> selectors,
                          Path log) throws IOException {
        return launch(options, Map.of(), launch, classpath, selectors, log);
    }

    /** As {@link #launch(Map, List, String, List, Path)}, with {@code environment} over this JVM's own. */
    static Process launch(Map<String, String> options, Map<String, String> environment, List<String> launch,
                          String classpath, List<String> selectors, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        options.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(launch);
        cmd.addAll(List.of("execute", "--disable-banner", "--details=summary", "--fail-if-no-tests"));
        if (classpath != null) {
            cmd.addAll(List.of("-cp", classpath));
        }
        cmd.addAll(selectors);
        ProcessBuilder builder = new ProcessBuilder(cmd).directory(PROJECT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** Launches the suite with the console launcher's jar and the suite's classpath, and waits for its exit status. */
    static int run(Map<String, String> options, List<String> selectors, Path log) throws Exception {
        return await(launch(options, JAR, classpath(), selectors, log), log);
    }

    static int await(Process p, Path log) throws Exception {
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("finished within 3 minutes; output:%n%s", read(log)).isTrue();
        return p.exitValue();
    }

    static String read(Path log) throws IOException {
        return Files.isRegularFile(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)";
    }
}
