package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A run's environment.json read back (measure.Environment and run.RunEnvironment write it): the machine, the suite's
 * JVM, commit, clocks and the limits its trial processes ran under, the bench root and its device, what the kernel's
 * work costs the machine, each engine as its first trial process described it, and for a merged run the runs it was
 * merged from, each with its own environment.json. A field a run of an older version did not write reads as empty
 * ({@link Optional}, an empty map) or as the one default every reader gives it; a run without the file reads as
 * {@link #NONE}.
 *
 * @param fields every field but the engines as written, flattened: what a reader that lists the file shows; empty
 *               where the run has no environment.json
 */
public record EnvironmentFile(Host host, Suite suite, BenchRoot benchRoot, KernelCosts costs,
                              Map<String, Engine> engines, List<Source> sources, Optional<List<Field>> fields) {
    /** A run without environment.json. */
    public static final EnvironmentFile NONE = of(MissingNode.getInstance());

    /** Whether the run has environment.json. */
    public boolean recorded() {
        return fields.isPresent();
    }

    /**
     * The machine: its host name ("" where the run did not record it), kernel release, OS, CPU model, cores, memory in
     * KiB (0 where not recorded) and transparent huge page mode ("unknown" where not recorded).
     */
    public record Host(String name, Optional<String> kernel, Optional<String> os, Optional<String> cpuModel,
                       OptionalInt cores, long memoryKb, String transparentHugepage) {
        /**
         * The machine's name for a report and for telling machines apart: its host name where it has one (runs before
         * it was recorded have none), with its CPU, cores and memory.
         */
        public String machine() {
            String hardware = cpuModel.orElse("unknown CPU") + ", " + cores.orElse(0) + " cores, "
                    + Math.round((double) memoryKb / 1024 / 1024) + " GiB";
            return name.isEmpty() || name.equals("unknown") ? hardware : name + " (" + hardware + ")";
        }
    }

    /**
     * What the suite ran as: its JVM and commit ("?" where not recorded), its own clock, every runtime's clock by
     * source (System.nanoTime, process.hrtime.bigint), and the limits each runtime's trial processes ran under, by
     * runtime ("jvm", "node") and then by limit (nofileSoft, maxMapCount, ...).
     */
    public record Suite(String jvm, String gitCommit, Timer timer, Map<String, Timer> timers,
                        Map<String, Map<String, Long>> trialLimits) {
    }

    /**
     * A clock: its source, the median, least and p99 difference of two back-to-back reads (ns, 0 where not recorded),
     * and the kernel's clock source under it where recorded.
     */
    public record Timer(String source, long backToBackMedianNs, long backToBackMinNs, long backToBackP99Ns,
                        Optional<String> clocksource) {
    }

    /**
     * The bench root: its path, file system type (absent in a damaged file), mount options and device, and what a
     * read past the page cache costs there (absent where it could not be measured, with the error where one was).
     */
    public record BenchRoot(String path, Optional<String> fsType, String mountOptions, String device,
                            Optional<DirectRead> directRead, Optional<String> directReadError) {
    }

    /**
     * 4 KiB reads with O_DIRECT at random offsets of a file of the bench root: median and p99 in ms, how many, the
     * file's and each read's size, and whether the reads were direct.
     */
    public record DirectRead(double medianMs, double p99Ms, int reads, long fileBytes, long readBytes,
                             boolean direct) {
    }

    /**
     * What the kernel's work costs the machine: the plan's probe (environment.json's {@code machine}; absent in a run
     * from before it, or where it is empty) and the mapping measured at the run's start ({@code mapping}).
     */
    public record KernelCosts(Optional<Prices> probed, Mapping mapping) {
    }

    /**
     * The machine probe's figures, each where measured: a minor fault (ns), mapping, touching and unmapping a 100-page
     * file (µs), a 4 KiB write and its fdatasync (ms), the yardstick (ms). The plan's calibration holds the same
     * figures of this machine and of the kept run it estimated from ({@link #of(Map)}).
     */
    public record Prices(OptionalDouble faultNs, OptionalDouble mapUs, OptionalDouble syncMs, OptionalDouble yardMs) {
        public static final Prices NONE = new Prices(OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());

        /** The figures of a map by their field names (the run line's {@code plan.calibration.probe} and {@code kept}). */
        public static Prices of(Map<String, Double> figures) {
            return new Prices(figure(figures, "faultNs"), figure(figures, "mapUs"), figure(figures, "syncMs"),
                    figure(figures, "yardMs"));
        }

        private static OptionalDouble figure(Map<String, Double> figures, String field) {
            Double v = figures.get(field);
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
        }

        public boolean isEmpty() {
            return faultNs.isEmpty() && mapUs.isEmpty() && syncMs.isEmpty() && yardMs.isEmpty();
        }
    }

    /**
     * What mapping a store costs the machine: a 100-page file mapped, touched and unmapped, and one minor fault; each
     * absent in a run from before it was measured, or where it could not be (then with the error).
     */
    public record Mapping(Optional<MappedFile> file, Optional<MinorFault> minorFault, Optional<String> error) {
    }

    /**
     * A file of the bench root mapped (read-only, MAP_SHARED), a byte of each of its pages read and the map undone: the
     * file's bytes, the map's length, the pages touched, how many maps, the page faults per map, and their times.
     */
    public record MappedFile(long fileBytes, long mapBytes, int touchedPages, int maps, double faultsPerMap,
                              MapTimes times) {
    }

    /** The times of a mapping, µs: the whole (median, p99), then the median of its map, touch and unmap. */
    public record MapTimes(double medianUs, double p99Us, double mapMedianUs, double touchMedianUs,
                           double unmapMedianUs) {
    }

    /** A minor page fault: median and p99 in ns, over how many pages, and the faults per page. */
    public record MinorFault(double medianNs, double p99Ns, int pages, double faultsPerPage) {
    }

    /**
     * An engine as its first trial process described it (hello): its title, runtime ("" where not recorded), its
     * versions and settings by name, its clock and limits where it reported them, what the tuned setting's process
     * reported, and every field as written, flattened.
     */
    public record Engine(String title, String runtime, Map<String, String> info, Optional<Timer> timer,
                         Map<String, Long> limits, Optional<Tuned> tuned, List<Field> fields) {
    }

    /**
     * What a process of the tuned setting reported: the options the setting sets, or why the engine has none to tune,
     * what one process shares among its stores where it does, and the engine's versions and settings under it.
     */
    public record Tuned(List<TunedOption> options, Optional<String> nothingToTune, Optional<String> sharedPerProcess,
                        Map<String, String> info) {
    }

    /** One option of the tuned setting: the option, what it does, where its vendor says so. */
    public record TunedOption(String option, String what, String source) {
    }

    /**
     * A run a merged run was made of (storebench.tools.Merge writes them): its folder and machine ("?" where not
     * written), the engines and settings it measured, the phases its run line named (empty where it named none), when
     * it started ("" where not written), and its own environment.json.
     */
    public record Source(String dir, List<String> engines, List<String> settings, String machine,
                         Optional<List<String>> phases, String started, EnvironmentFile environment,
                         Optional<List<String>> recorded) {
        public boolean measured(String engine, String setting) {
            return engines.contains(engine) && settings.contains(setting);
        }
    }

    /**
     * A field of the file as written: its path of names from the top (or from an engine's entry), and its value's text
     * (an array as its JSON).
     */
    public record Field(List<String> path, String text) {
    }

    /** An engine's runtime as its trial process reported it ("JVM ...", "Node ..."); "" where the file has none. */
    public String runtime(String engine) {
        Engine e = engines.get(engine);
        return e == null ? "" : e.runtime();
    }

    /** The environment.json of a run, as read ({@link MissingNode} where the run has none). */
    public static EnvironmentFile of(JsonNode env) {
        JsonNode root = env.path("benchRoot");
        JsonNode direct = root.path("directRead");
        BenchRoot benchRoot = new BenchRoot(root.path("path").asText(""), text(root.path("fsType")),
                root.path("mountOptions").asText(""), root.path("device").asText(""),
                direct.has("medianMs") ? Optional.of(new DirectRead(direct.path("medianMs").asDouble(),
                        direct.path("p99Ms").asDouble(), direct.path("reads").asInt(),
                        direct.path("fileBytes").asLong(), direct.path("readBytes").asLong(),
                        direct.path("direct").asBoolean(false))) : Optional.empty(), text(direct.path("error")));
        Map<String, Map<String, Long>> limits = new LinkedHashMap<>();
        env.path("trialLimits").fields().forEachRemaining(f -> limits.put(f.getKey(), longs(f.getValue())));
        Suite suite = new Suite(env.path("jvm").asText("?"), env.path("gitCommit").asText("?"),
                timer(env.path("timer")), timers(env.path("timers")), Collections.unmodifiableMap(limits));
        Map<String, Engine> engines = new LinkedHashMap<>();
        env.path("engines").fields().forEachRemaining(f -> engines.put(f.getKey(), engine(f.getValue())));
        List<Source> sources = new ArrayList<>();
        for (JsonNode s : env.path("sources")) {
            sources.add(new Source(s.path("dir").asText("?"), RunLine.texts(s.path("engines")),
                    RunLine.texts(s.path("settings")), s.path("machine").asText("?"), s.path("phases").isArray()
                    ? Optional.of(RunLine.texts(s.path("phases"))) : Optional.empty(), s.path("started").asText(""),
                    of(s.path("environment")), RunLine.texts(s, RunResults.RECORDED)));
        }
        List<Field> fields = new ArrayList<>();
        env.fields().forEachRemaining(f -> {
            if (!f.getKey().equals("engines")) {
                flatten(fields, List.of(f.getKey()), f.getValue());
            }
        });
        return new EnvironmentFile(host(env), suite, benchRoot, costs(env), Collections.unmodifiableMap(engines),
                List.copyOf(sources), env.isObject() ? Optional.of(List.copyOf(fields)) : Optional.empty());
    }

    private static Host host(JsonNode env) {
        JsonNode cores = env.path("cores");
        return new Host(env.path("host").asText(""), text(env.path("kernel")), text(env.path("os")),
                text(env.path("cpuModel")), cores.isValueNode() && !cores.isNull() ? OptionalInt.of(cores.asInt())
                : OptionalInt.empty(), env.path("memoryKb").asLong(), env.path("transparentHugepage")
                .asText("unknown"));
    }

    private static KernelCosts costs(JsonNode env) {
        JsonNode m = env.path("machine");
        Optional<Prices> probed = m.isObject() && !m.isEmpty() ? Optional.of(new Prices(number(m.path("faultNs")),
                number(m.path("mapUs")), number(m.path("syncMs")), number(m.path("yardMs")))) : Optional.empty();
        JsonNode mapping = env.path("mapping");
        JsonNode file = mapping.path("file");
        JsonNode fault = mapping.path("minorFault");
        Optional<MappedFile> fileMapping = file.has("medianUs") ? Optional.of(new MappedFile(
                file.path("fileBytes").asLong(), file.path("mapBytes").asLong(), file.path("touchedPages").asInt(),
                file.path("maps").asInt(), file.path("faultsPerMap").asDouble(), new MapTimes(
                file.path("medianUs").asDouble(), file.path("p99Us").asDouble(), file.path("mapMedianUs").asDouble(),
                file.path("touchMedianUs").asDouble(), file.path("unmapMedianUs").asDouble()))) : Optional.empty();
        Optional<MinorFault> minorFault = fault.has("medianNs") ? Optional.of(new MinorFault(
                fault.path("medianNs").asDouble(), fault.path("p99Ns").asDouble(), fault.path("pages").asInt(),
                fault.path("faultsPerPage").asDouble())) : Optional.empty();
        return new KernelCosts(probed, new Mapping(fileMapping, minorFault, text(mapping.path("error"))));
    }

    private static Engine engine(JsonNode e) {
        JsonNode t = e.path("tuned");
        Optional<Tuned> tuned = Optional.empty();
        if (t.isObject()) {
            List<TunedOption> options = new ArrayList<>();
            for (JsonNode o : t.path("options")) {
                if (o.isObject()) {
                    options.add(new TunedOption(o.path("option").asText(""), o.path("what").asText(""),
                            o.path("source").asText("")));
                }
            }
            tuned = Optional.of(new Tuned(List.copyOf(options), text(t.path("options").path("nothingToTune")),
                    text(t.path("sharedPerProcess")), texts(t.path("info"))));
        }
        List<Field> fields = new ArrayList<>();
        e.fields().forEachRemaining(f -> flatten(fields, List.of(f.getKey()), f.getValue()));
        return new Engine(e.path("title").asText(""), e.path("runtime").asText(""), texts(e.path("info")),
                e.path("timer").isObject() ? Optional.of(timer(e.path("timer"))) : Optional.empty(),
                longs(e.path("limits")), tuned, List.copyOf(fields));
    }

    private static Timer timer(JsonNode t) {
        return new Timer(t.path("source").asText(""), t.path("backToBackMedianNs").asLong(),
                t.path("backToBackMinNs").asLong(), t.path("backToBackP99Ns").asLong(), text(t.path("clocksource")));
    }

    private static Map<String, Timer> timers(JsonNode timers) {
        Map<String, Timer> out = new LinkedHashMap<>();
        timers.fields().forEachRemaining(f -> out.put(f.getKey(), timer(f.getValue())));
        return Collections.unmodifiableMap(out);
    }

    /** One field per value, an object's fields under its name, an array as its JSON. */
    private static void flatten(List<Field> out, List<String> path, JsonNode value) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> {
                List<String> under = new ArrayList<>(path);
                under.add(f.getKey());
                flatten(out, List.copyOf(under), f.getValue());
            });
            return;
        }
        out.add(new Field(path, value.isValueNode() ? value.asText() : value.toString()));
    }

    /** A field's text, empty where the field is missing or null. */
    private static Optional<String> text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? Optional.empty() : Optional.of(node.asText());
    }

    private static OptionalDouble number(JsonNode node) {
        return node.isNumber() ? OptionalDouble.of(node.asDouble()) : OptionalDouble.empty();
    }

    /** An object's fields as texts, in order. */
    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asText()));
        return Collections.unmodifiableMap(out);
    }

    /** An object's integral fields, in order; a field that is not a number is left out. */
    private static Map<String, Long> longs(JsonNode object) {
        Map<String, Long> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(f -> {
            if (f.getValue().isNumber()) {
                out.put(f.getKey(), f.getValue().asLong());
            }
        });
        return Collections.unmodifiableMap(out);
    }
}
