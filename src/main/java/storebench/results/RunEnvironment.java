package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * environment.json (measure.Environment) read for what a run measured with: each engine's runtime and versions, the
 * software around them (timer, JVM, commit, kernel), the bench root's file system and what a read past its page cache
 * costs, and what a memory mapping and a page fault cost this machine. A run without the file, or from before a part
 * was recorded, reads with that part empty.
 */
public record RunEnvironment(Map<String, EngineVersion> engines, Software software, BenchRoot benchRoot,
                             Mapping mapping) {
    public RunEnvironment {
        engines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    }

    /** An engine's runtime ("Java 17.0.15 (...)", "Node.js v20...") and what it says of itself, by name, as given. */
    public record EngineVersion(String runtime, Map<String, String> info) {
        public EngineVersion {
            info = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(info));
        }
    }

    /** The timer's back-to-back median (ns; 0 where not recorded), the JVM, the commit measured and the kernel. */
    public record Software(long timerNs, Optional<String> jvm, Optional<String> gitCommit, Optional<String> kernel) {
    }

    /** The bench root's file system type, and a read past its page cache where it was measured. */
    public record BenchRoot(Optional<String> fsType, Optional<DirectRead> directRead) {
    }

    /** A 4 KiB read with O_DIRECT at random offsets: its median (ms), how many were made, their p99 (ms). */
    public record DirectRead(double medianMs, int reads, double p99Ms) {
    }

    /**
     * What mapping a store costs: mapping a file of the bench root and a minor page fault, where both were measured;
     * why not, where the probe failed.
     */
    public record Mapping(Optional<MappedFile> file, Optional<MinorFault> minorFault, Optional<String> error) {
    }

    /**
     * A file mapped, touched and unmapped: its bytes, the mapping's length, the pages touched, how many maps were
     * timed, page faults per map, and the times.
     */
    public record MappedFile(long fileBytes, long mapBytes, int touchedPages, int maps, double faultsPerMap,
                             MapTimes times) {
    }

    /** The times of a mapped file in µs: the whole (median, p99), and the median map, touch and unmap apart. */
    public record MapTimes(double medianUs, double p99Us, double mapMedianUs, double touchMedianUs,
                           double unmapMedianUs) {
    }

    /** A minor page fault: median and p99 in ns. */
    public record MinorFault(double medianNs, double p99Ns) {
    }

    /** The environment of a run ({@link RunResults#environment()}; a missing node where it has none). */
    public static RunEnvironment of(JsonNode env) {
        Map<String, EngineVersion> engines = new LinkedHashMap<>();
        env.path("engines").fields().forEachRemaining(e -> {
            Map<String, String> info = new LinkedHashMap<>();
            e.getValue().path("info").fields().forEachRemaining(f -> info.put(f.getKey(), f.getValue().asText()));
            engines.put(e.getKey(), new EngineVersion(e.getValue().path("runtime").asText(), info));
        });
        Software software = new Software(env.path("timer").path("backToBackMedianNs").asLong(), text(env, "jvm"),
                text(env, "gitCommit"), text(env, "kernel"));
        JsonNode root = env.path("benchRoot");
        JsonNode direct = root.path("directRead");
        BenchRoot benchRoot = new BenchRoot(text(root, "fsType"), direct.has("medianMs")
                ? Optional.of(new DirectRead(direct.path("medianMs").asDouble(), direct.path("reads").asInt(),
                direct.path("p99Ms").asDouble())) : Optional.empty());
        return new RunEnvironment(engines, software, benchRoot, mapping(env.path("mapping")));
    }

    private static Mapping mapping(JsonNode mapping) {
        JsonNode file = mapping.path("file");
        JsonNode fault = mapping.path("minorFault");
        Optional<MappedFile> mapped = !file.has("medianUs") ? Optional.empty() : Optional.of(new MappedFile(
                file.path("fileBytes").asLong(), file.path("mapBytes").asLong(), file.path("touchedPages").asInt(),
                file.path("maps").asInt(), file.path("faultsPerMap").asDouble(), new MapTimes(
                file.path("medianUs").asDouble(), file.path("p99Us").asDouble(), file.path("mapMedianUs").asDouble(),
                file.path("touchMedianUs").asDouble(), file.path("unmapMedianUs").asDouble())));
        Optional<MinorFault> minor = !fault.has("medianNs") ? Optional.empty() : Optional.of(new MinorFault(
                fault.path("medianNs").asDouble(), fault.path("p99Ns").asDouble()));
        return new Mapping(mapped, minor, mapping.has("error") ? Optional.of(mapping.path("error").asText())
                : Optional.empty());
    }

    /** A field's text where the object has it (not null). */
    private static Optional<String> text(JsonNode object, String field) {
        return object.hasNonNull(field) ? Optional.of(object.get(field).asText()) : Optional.empty();
    }
}
