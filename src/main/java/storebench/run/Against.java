package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.results.AgainstLine;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench.against: side B of an A/B comparison of one engine, measured in the same run as side A (docs/gate.md, "Two
 * versions in one sitting"): another version of the engine's library, or another setting ({@code setting:tuned}).
 */
public record Against(String kind, String value) {
    public static final String SETTING_PREFIX = "setting:";
    /** The fewest pairs a comparison makes: the fewest that give its ratio a 95% interval. */
    public static final int LEAST_PAIRS = storebench.results.PairedRatio.LEAST;

    public static Against parse(String text) {
        String t = text.trim();
        if (t.startsWith(SETTING_PREFIX)) {
            String id = t.substring(SETTING_PREFIX.length()).trim();
            Setting.of(id); // an unknown setting is refused here, with the valid ids
            return new Against(AgainstLine.SETTING, id);
        }
        if (!t.matches("[0-9A-Za-z][0-9A-Za-z.+_-]*")) {
            throw new IllegalArgumentException("bench.against: '" + text + "' is neither a version of the engine's"
                    + " library (e.g. 3.50.3.0 for sqlite-jdbc, 11.9.1 for better-sqlite3) nor " + SETTING_PREFIX
                    + "<id> (e.g. setting:tuned)");
        }
        return new Against(AgainstLine.VERSION, t);
    }

    public boolean ofSetting() {
        return AgainstLine.SETTING.equals(kind);
    }

    /** Side B's setting for a comparison of A under {@code a}: the asked one, or a's for a version. */
    public Setting settingOf(Setting a) {
        return ofSetting() ? Setting.of(value) : a;
    }

    /**
     * What side B's processes get beside A's, and a working directory of their own: ObjectBox unpacks its native
     * library there under a name without its version, and B's writing over the file A had mapped crashed A (SIGSEGV).
     */
    record Arm(Optional<String> classpath, Map<String, String> environment, Optional<Path> workDir) {
        static final Arm SAME = new Arm(Optional.empty(), Map.of(), Optional.empty());
    }

    /** Maven's or npm's copy of B's library under {@code target/against}; a version not to be had is refused. */
    Arm resolve(EngineDescriptor engine, String classpath, Path projectDir, String node) throws IOException {
        if (ofSetting()) {
            return Arm.SAME;
        }
        // BenchOptions refused a version of an engine without a library, saying so
        EngineDescriptor.Library library = engine.library().orElseThrow();
        Path dir = projectDir.resolve("target").resolve("against").resolve(engine.id() + "-" + value);
        Path work = Files.createDirectories(dir.resolve("work"));
        return engine.runtime() == TrialRuntime.NODE ? new Arm(Optional.empty(), npm(library, dir, projectDir),
                Optional.of(work)) : new Arm(Optional.of(maven(library, classpath, dir, projectDir)), Map.of(),
                Optional.of(work));
    }

    /** The environment variable the Node worker loads its engine's packages from (engines.js). */
    static final String NODE_PACKAGES = "STOREBENCH_PACKAGES";

    private Map<String, String> npm(EngineDescriptor.Library library, Path dir, Path projectDir) throws IOException {
        Path modules = dir.resolve("node_modules");
        List<String> missing = new ArrayList<>();
        for (String pkg : library.artifacts()) {
            Path manifest = modules.resolve(pkg).resolve("package.json");
            if (!Files.isRegularFile(manifest) || !Files.readString(manifest).contains("\"version\": \"" + value + "\"")
                    && !Files.readString(manifest).contains("\"version\":\"" + value + "\"")) {
                missing.add(pkg + "@" + value);
            }
        }
        if (!missing.isEmpty()) {
            Files.createDirectories(dir);
            // the worker's own npm settings (build from source against the installed Node's headers)
            Path npmrc = projectDir.resolve(TrialCommands.WORKER).getParent().resolve(".npmrc");
            if (Files.isRegularFile(npmrc)) {
                Files.copy(npmrc, dir.resolve(".npmrc"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            if (!Files.isRegularFile(dir.resolve("package.json"))) {
                Files.writeString(dir.resolve("package.json"), "{\"private\": true, \"description\": \"storebench:"
                        + " side B of -Dbench.against\"}\n");
            }
            List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund"));
            command.addAll(missing);
            run(command, dir, "npm could not install " + String.join(" ", missing) + " (a version npm has of "
                    + String.join(", ", library.artifacts()) + ", that builds with this Node.js)");
        }
        return Map.of(NODE_PACKAGES, modules.toString());
    }

    private String maven(EngineDescriptor.Library library, String classpath, Path dir, Path projectDir)
            throws IOException {
        List<String> entries = new ArrayList<>(List.of(classpath.split(File.pathSeparator)));
        for (String coordinates : library.artifacts()) {
            String[] ga = coordinates.split(":");
            Pattern jar = Pattern.compile(".*/" + Pattern.quote(ga[0].replace('.', '/')) + "/" + Pattern.quote(ga[1])
                    + "/([^/]+)/" + Pattern.quote(ga[1]) + "-\\1(-[^/]+)?\\.jar");
            int at = -1;
            String classifier = null;
            for (int i = 0; i < entries.size() && at < 0; i++) {
                Matcher m = jar.matcher(entries.get(i).replace('\\', '/'));
                if (m.matches()) {
                    at = i;
                    classifier = m.group(2) == null ? null : m.group(2).substring(1);
                }
            }
            if (at < 0) {
                throw new IllegalStateException("bench.against: " + coordinates + " is not on the trial classpath as a"
                        + " jar of the local Maven repository, so it cannot be swapped: " + classpath);
            }
            String artifact = coordinates + ":" + value + (classifier == null ? "" : ":jar:" + classifier);
            String file = ga[1] + "-" + value + (classifier == null ? "" : "-" + classifier) + ".jar";
            Path copied = dir.resolve(file);
            if (!Files.isRegularFile(copied)) {
                run(List.of(maven(), "-B", "-q", "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy",
                        "-Dartifact=" + artifact, "-DoutputDirectory=" + dir), projectDir, "Maven could not resolve "
                        + artifact + " (a version Maven's repositories have, e.g. the project's "
                        + entries.get(at).replaceAll(".*/([^/]+)/[^/]+$", "$1") + ")");
            }
            if (!Files.isRegularFile(copied)) {
                throw new IOException("bench.against: Maven copied no " + file + " into " + dir);
            }
            entries.set(at, copied.toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Maven's launcher: the one running this build (maven.home), else mvn on the PATH. */
    private static String maven() {
        String home = System.getProperty("maven.home");
        return home != null && Files.isExecutable(Path.of(home, "bin", "mvn")) ? Path.of(home, "bin", "mvn").toString()
                : "mvn";
    }

    private static void run(List<String> command, Path dir, String failure) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(20, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                List<String> lines = out.lines().toList();
                throw new IllegalArgumentException("bench.against: " + failure + ". " + String.join(" ", command)
                        + " said: " + String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + String.join(" ", command) + " ran", e);
        }
    }

    /** "3.50.3.0" or "setting:tuned", as the option was given. */
    @Override
    public String toString() {
        return (ofSetting() ? SETTING_PREFIX : "") + value;
    }
}
