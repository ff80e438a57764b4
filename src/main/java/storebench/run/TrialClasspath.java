package storebench.run;

import storebench.trial.Protocol;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * The trial JVMs' classpath, whatever launched the suite, every entry absolute (a trial runs in its own working
 * directory): Maven's {@code bench.classpath}; else the class loaders' entries and {@code java.class.path} with any
 * jar manifest's Class-Path (an IDE's "shorten command line").
 */
public final class TrialClasspath {
    /** Classes a trial process cannot start without: its main, the protocol's JSON, an engine. */
    static final List<String> REQUIRED = List.of(Protocol.JVM_MAIN.replace('.', '/') + ".class",
            "com/fasterxml/jackson/databind/ObjectMapper.class", "org/sqlite/JDBC.class", "io/objectbox/BoxStore.class");

    private TrialClasspath() {
    }

    public static String find() {
        List<String> tried = new ArrayList<>();
        String property = System.getProperty("bench.classpath");
        if (property != null && !property.isBlank()) {
            List<Path> entries = entries(property);
            Optional<String> missing = missing(entries);
            if (missing.isEmpty()) {
                return join(entries);
            }
            tried.add("-Dbench.classpath (" + missing.get() + ")");
        }
        Set<Path> entries = new LinkedHashSet<>();
        for (ClassLoader l = TrialClasspath.class.getClassLoader(); l != null; l = l.getParent()) {
            if (l instanceof URLClassLoader) {
                for (URL url : ((URLClassLoader) l).getURLs()) {
                    fileOf(url).ifPresent(entries::add);
                }
            }
        }
        for (Path p : entries(System.getProperty("java.class.path", ""))) {
            entries.add(p);
            entries.addAll(manifestClassPath(p));
        }
        List<Path> found = new ArrayList<>(entries);
        Optional<String> missing = missing(found);
        if (missing.isEmpty()) {
            return join(found);
        }
        tried.add("the class loaders' entries and java.class.path with the jars' manifest Class-Path ("
                + missing.get() + ")");
        throw new IllegalStateException("cannot find the classpath for the trial processes: tried " + String.join("; ",
                tried) + ". Run the suite with Maven (mvn verify -Pbench), or set -Dbench.classpath to the runtime"
                + " classpath: target/classes and the dependencies, e.g. target/classes:$(mvn -q dependency:build-classpath"
                + " -Dmdep.outputFile=/dev/stdout)");
    }

    static Optional<String> missing(List<Path> entries) {
        URL[] urls = entries.stream().map(p -> {
            try {
                return p.toUri().toURL();
            } catch (IOException e) {
                throw new IllegalArgumentException(p + ": " + e.getMessage(), e);
            }
        }).toArray(URL[]::new);
        try (URLClassLoader probe = new URLClassLoader(urls, null)) {
            for (String resource : REQUIRED) {
                if (probe.findResource(resource) == null) {
                    return Optional.of("no " + resource.replace('/', '.').replaceFirst("\\.class$", "") + " on it");
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The Class-Path entries of a jar's manifest, resolved against the jar's folder; none for a directory. */
    static List<Path> manifestClassPath(Path entry) {
        List<Path> out = new ArrayList<>();
        if (!Files.isRegularFile(entry) || !entry.toString().endsWith(".jar")) {
            return out;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest manifest = jar.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (classPath == null) {
                return out;
            }
            URI base = entry.getParent().toUri();
            for (String item : classPath.trim().split("\\s+")) {
                if (!item.isEmpty()) {
                    fileOf(base.resolve(item).toURL()).ifPresent(out::add);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // not a readable jar: it adds nothing
        }
        return out;
    }

    private static Optional<Path> fileOf(URL url) {
        if (!"file".equals(url.getProtocol())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(url.toURI()).toAbsolutePath().normalize());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A classpath's entries, absolute. */
    private static List<Path> entries(String classpath) {
        return Arrays.stream(classpath.split(File.pathSeparator)).filter(e -> !e.isBlank())
                .map(e -> Path.of(e).toAbsolutePath().normalize()).toList();
    }

    private static String join(List<Path> entries) {
        return entries.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
