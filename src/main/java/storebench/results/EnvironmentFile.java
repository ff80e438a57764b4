package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
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
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A run's environment.json read back (measure.Environment and run.RunEnvironment write it): machine, suite JVM, clocks,
 * limits, bench root, the kernel's costs, each engine as its first trial process described it, and a merged run's
 * parts. Written and read through these records; a field an older version did not write reads as empty or its one
 * default; a run without the file reads as {@link #NONE}.
 *
 * @param fields every field but the engines as written, flattened (what a reader that lists the file shows)
 */
public record EnvironmentFile(Host host, Suite suite, BenchRoot benchRoot, KernelCosts costs,
                              Map<String, Engine> engines, List<Source> sources, Optional<List<Field>> fields) {
    /** A run without environment.json. */
    public static final EnvironmentFile NONE = of(MissingNode.getInstance());

    /** Whether the run has environment.json. */
    public boolean recorded() { return fields.isPresent(); }

    /** The machine: host, kernel, OS, CPU, cores, memory (KiB; 0 where not recorded), transparent huge pages. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Host(@JsonProperty("host") String name, @JsonProperty("kernel") String release,
                       @JsonProperty("os") String system, @JsonProperty("cpuModel") String cpu,
                       @JsonProperty("cores") Integer processors, long memoryKb, String transparentHugepage) {
        public Host {
            name = name == null ? "" : name;
            transparentHugepage = transparentHugepage == null ? "unknown" : transparentHugepage;
        }

        public Optional<String> kernel() { return Optional.ofNullable(release); }
        public Optional<String> cpuModel() { return Optional.ofNullable(cpu); }
        public OptionalInt cores() { return processors == null ? OptionalInt.empty() : OptionalInt.of(processors); }

        /** The machine's name, telling machines apart: host name where recorded, CPU, cores and memory. */
        public String machine() {
            String hardware = cpuModel().orElse("unknown CPU") + ", " + cores().orElse(0) + " cores, "
                    + Math.round((double) memoryKb / 1024 / 1024) + " GiB";
            return name.isEmpty() || name.equals("unknown") ? hardware : name + " (" + hardware + ")";
        }
    }

    /** What the suite ran as: JVM and commit, every runtime's clock and trial limits, and the JVM trial heaps. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Suite(String jvm, String gitCommit, Timer timer, Map<String, Timer> timers,
                        Map<String, Map<String, Long>> trialLimits, TrialHeaps trialJvm) {
        public Suite {
            jvm = jvm == null ? "?" : jvm;
            gitCommit = gitCommit == null ? "?" : gitCommit;
            timer = timer == null ? new Timer("", 0, 0, 0, null) : timer;
            timers = timers == null ? Map.of() : timers;
            trialLimits = trialLimits == null ? Map.of() : trialLimits;
        }
    }

    /** How JVM trial processes run their heap: fixed and pre-touched to measure, sized per trial to serve. */
    public record TrialHeaps(Measuring measuring, Serving serving) {
        /** The measuring phases' collector and JVM options. */
        public record Measuring(String collector, String options) {
        }

        /** The serving phases' collector, its option, how their heap is sized, and the phases of the run that serve. */
        public record Serving(String collector, String option, String heap, List<String> phases) {
        }
    }

    /** A clock: its source, the median, least and p99 gap of back-to-back reads (ns), the kernel's clock source. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timer(String source, long backToBackMedianNs, long backToBackMinNs, long backToBackP99Ns,
                        @JsonProperty("clocksource") String kernelClock) {
        public Timer {
            source = source == null ? "" : source;
        }
    }

    /** The bench root: path, file system, mount options, device, and a read past the page cache where measured. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BenchRoot(String path, @JsonProperty("fsType") String fs, String mountOptions, String device,
                            @JsonProperty("directRead") DirectRead read) {
        public BenchRoot {
            path = path == null ? "" : path;
            mountOptions = mountOptions == null ? "" : mountOptions;
            device = device == null ? "" : device;
        }

        public Optional<String> fsType() { return Optional.ofNullable(fs); }

        public Optional<DirectRead> directRead() {
            return read == null || read.error() != null ? Optional.empty() : Optional.of(read);
        }
    }

    /** 4 KiB O_DIRECT reads at random offsets: median and p99 (ms), count, sizes; or why not (tmpfs refuses). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public record DirectRead(double medianMs, double p99Ms, int reads, long fileBytes, long readBytes,
                             boolean direct, String error) {
        public static DirectRead failed(String error) { return new DirectRead(0, 0, 0, 0, 0, false, error); }
    }

    /** What the kernel's work costs: the plan's probe ({@code machine}) and the mapping measured at the start. */
    public record KernelCosts(Optional<Prices> probed, Mapping mapping) {
    }

    /** The probe's figures: fault (ns), 100-page mapping (µs), 4 KiB write + fdatasync, yardstick (ms). */
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

    /** What mapping a store costs: a 100-page file mapped, touched and unmapped, and one minor fault. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Mapping(@JsonProperty("file") MappedFile mapped, @JsonProperty("minorFault") MinorFault fault,
                          @JsonProperty("error") String failure) {
        public Optional<MappedFile> file() { return Optional.ofNullable(mapped); }
        public Optional<MinorFault> minorFault() { return Optional.ofNullable(fault); }

        public Optional<String> error() { return Optional.ofNullable(failure); }
    }

    /** A bench-root file mapped, each page read, unmapped: sizes, pages, maps, faults per map, times. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MappedFile(String what, long fileBytes, long mapBytes, int touchedPages, int maps,
                             double faultsPerMap, @JsonUnwrapped MapTimes times) {
    }

    /** The times of a mapping, µs: the whole (median, p99), then the median of its map, touch and unmap. */
    public record MapTimes(double medianUs, double p99Us, double mapMedianUs, double touchMedianUs,
                           double unmapMedianUs) {
    }

    /** A minor page fault: median and p99 in ns, over how many pages, and the faults per page. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MinorFault(String what, double medianNs, double p99Ns, int pages, double faultsPerPage) {
    }

    /** An engine as its first trial process said (hello), with the tuned process' report and every field flattened. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Engine(String title, String runtime, Map<String, String> info, @JsonProperty("timer") Timer clock,
                         Map<String, Long> limits, @JsonProperty("tuned") Tuned tunedAs, List<Field> fields) {
        public Engine {
            title = title == null ? "" : title;
            runtime = runtime == null ? "" : runtime;
            info = info == null ? Map.of() : info;
            limits = limits == null ? Map.of() : limits;
        }

        public Optional<Timer> timer() { return Optional.ofNullable(clock); }

        public Optional<Tuned> tuned() { return Optional.ofNullable(tunedAs); }
    }

    /** What a tuned process reported: its options (or why none), what it shares among stores, versions. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Tuned(@JsonProperty("options") JsonNode given, @JsonProperty("sharedPerProcess") String shared,
                        Map<String, String> info) {
        /** What {@code options} holds where the engine has nothing to tune: why. */
        public record NothingToTune(String nothingToTune) {
        }

        public List<TunedOption> options() {
            return StreamSupport.stream(given.spliterator(), false)
                    .map(o -> ResultsFile.as(o, TunedOption.class)).toList();
        }

        public Optional<String> nothingToTune() {
            JsonNode why = given.path("nothingToTune");
            return why.isMissingNode() || why.isNull() ? Optional.empty() : Optional.of(why.asText());
        }

        public Optional<String> sharedPerProcess() { return Optional.ofNullable(shared); }
    }

    /** A merged run's part (tools.Merge): folder, machine, engines, settings, phases, start, environment.json. */
    public record Source(String dir, List<String> engines, List<String> settings, String machine,
                         Optional<List<String>> phases, String started, EnvironmentFile environment,
                         Optional<List<String>> recorded) {
        public boolean measured(String engine, String setting) {
            return engines.contains(engine) && settings.contains(setting);
        }
    }

    /** A field as written: its path of names and its value's text (an array as JSON). */
    public record Field(List<String> path, String text) {
    }

    /** An engine's runtime as its trial process reported it ("JVM ...", "Node ..."); "" where the file has none. */
    public String runtime(String engine) {
        Engine e = engines.get(engine);
        return e == null ? "" : e.runtime();
    }

    /** The environment.json of a run, as read ({@link MissingNode} where the run has none). */
    public static EnvironmentFile of(JsonNode env) {
        BenchRoot benchRoot = env.path("benchRoot").isObject() ? ResultsFile.as(env.path("benchRoot"), BenchRoot.class)
                : new BenchRoot(null, null, null, null, null);
        Suite suite = env.isObject() ? ResultsFile.as(env, Suite.class) : new Suite(null, null, null, null, null, null);
        Map<String, Engine> engines = new LinkedHashMap<>();
        env.path("engines").fields().forEachRemaining(f -> {
            Engine e = ResultsFile.as(f.getValue(), Engine.class);
            List<Field> fields = new ArrayList<>();
            f.getValue().fields().forEachRemaining(g -> flatten(fields, List.of(g.getKey()), g.getValue()));
            engines.put(f.getKey(), new Engine(e.title(), e.runtime(), e.info(), e.clock(), e.limits(), e.tunedAs(),
                    List.copyOf(fields)));
        });
        List<Source> sources = StreamSupport.stream(env.path("sources").spliterator(), false).map(s -> new Source(
                s.path("dir").asText("?"), RunLine.texts(s.path("engines")), RunLine.texts(s.path("settings")),
                s.path("machine").asText("?"), RunLine.texts(s, "phases"), s.path("started").asText(""),
                of(s.path("environment")), RunLine.texts(s, RunResults.RECORDED))).toList();
        List<Field> fields = new ArrayList<>();
        flatten(fields, List.of(), env);
        fields.removeIf(f -> f.path().isEmpty() || f.path().get(0).equals("engines"));
        Host host = env.isObject() ? ResultsFile.as(env, Host.class) : new Host("", null, null, null, null, 0, null);
        return new EnvironmentFile(host, suite, benchRoot, costs(env), Collections.unmodifiableMap(engines),
                sources, env.isObject() ? Optional.of(List.copyOf(fields)) : Optional.empty());
    }

    private static KernelCosts costs(JsonNode env) {
        JsonNode m = env.path("machine");
        Optional<Prices> probed = m.isObject() && !m.isEmpty() ? Optional.of(new Prices(number(m.path("faultNs")),
                number(m.path("mapUs")), number(m.path("syncMs")), number(m.path("yardMs")))) : Optional.empty();
        JsonNode mapping = env.path("mapping");
        return new KernelCosts(probed, mapping.isObject() ? ResultsFile.as(mapping, Mapping.class)
                : new Mapping(null, null, null));
    }

    /** One field per value, an object's fields under its name, an array as its JSON. */
    private static void flatten(List<Field> out, List<String> path, JsonNode value) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> flatten(out, Stream.concat(path.stream(), Stream.of(f.getKey()))
                    .toList(), f.getValue()));
            return;
        }
        out.add(new Field(path, value.isValueNode() ? value.asText() : value.toString()));
    }

    private static OptionalDouble number(JsonNode node) {
        return node.isNumber() ? OptionalDouble.of(node.asDouble()) : OptionalDouble.empty();
    }
}
