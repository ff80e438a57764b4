package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** One run's output files, read back: what the report and the gate are a pure function of. */
public final class RunResults {
    public static final String ENVIRONMENT = "environment.json";
    /** Status of a phase not measurable here (cold on tmpfs); its line lists the statistics it would give. */
    public static final String NOT_MEASURED = "not measured";
    /** The run line's field of the phases bench.phases left out: phase id to its statistics' ids. */
    public static final String NOT_ASKED = "notAsked";
    /** The field of side B's lines (bench.against), read only as {@link #comparisons()}. */
    public static final String SIDE = "side";

    /** One statistic of one column: its stat line, with the column and workload of its stamp. */
    public record Measurement(Column column, String workload, StatLine line) {
        /** A figure of a column without a line of its own (an export's side B, a ratio). */
        public Measurement(Column column, String workload, String stat, double value, List<Double> runs) {
            this(column, workload, new StatLine(stat, value, List.of(), runs));
        }

        public String engine() { return column.engine(); }

        public String setting() { return column.setting(); }

        public String stat() { return line.stat(); }

        public double value() { return line.value(); }

        public List<Double> runs() { return line.runs(); }

        /** The profilers (bench.profilers) its trial processes ran under; none for a measurement. */
        public List<String> profilers() { return line.profilers(); }

        /** (max - min) / median of the runs, computed where shown; null where the statistic has no runs. */
        public Double spread() { return runs().isEmpty() ? null : RunStats.spread(runs()); }

        /** Whether taken under profilers, which slow what they watch: gate, exports and baselines leave it out. */
        public boolean profiled() { return !profilers().isEmpty(); }
    }

    private final List<JsonNode> lines;
    private final JsonNode environment;
    private final EnvironmentFile environmentFile;
    private final RunLine runLine;
    private final List<StatusLine> statusLines;
    private final List<Measurement> measurements;
    private List<Stat> stats;

    /** Refuses a run line of another format than {@link ResultsFile#FORMAT}. */
    public RunResults(List<JsonNode> lines, JsonNode environment) {
        this.environment = environment == null ? MissingNode.getInstance() : environment;
        this.environmentFile = EnvironmentFile.of(this.environment);
        this.lines = List.copyOf(sideA(lines));
        ResultsFile.refusal(run(), "<run folder>").ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        this.runLine = RunLine.of(run());
        this.statusLines = lines(StatusLine.KIND, StatusLine::of);
        this.measurements = lines(StatLine.KIND, l -> new Measurement(Column.of(l), l.path("workload").asText(),
                StatLine.of(l)));
    }

    /** Reads results.jsonl and (if present) environment.json of a run's folder. */
    public static RunResults load(Path dir) throws IOException {
        List<JsonNode> lines = ResultsFile.read(dir.resolve(ResultsFile.NAME));
        Optional<String> refused = lines.stream().filter(l -> l.path("kind").asText().equals("run")).findFirst()
                .flatMap(run -> ResultsFile.refusal(run, dir.toString()));
        if (refused.isPresent()) {
            throw new IOException(refused.get());
        }
        Path env = dir.resolve(ENVIRONMENT);
        JsonNode environment = null;
        if (Files.isRegularFile(env)) {
            try {
                environment = ResultsFile.JSON.readTree(env.toFile());
            } catch (IOException e) {
                throw new IOException(env + ": not valid JSON (" + e.getMessage() + ")");
            }
        }
        return new RunResults(lines, environment);
    }

    /** environment.json as written (a missing node where the run has none), for what reads it whole. */
    public JsonNode environment() {
        return environment;
    }

    /** environment.json, typed ({@link EnvironmentFile#NONE} where the run has none). */
    public EnvironmentFile environmentFile() {
        return environmentFile;
    }

    public List<JsonNode> lines(String kind) {
        return lines.stream().filter(l -> kind.equals(l.path("kind").asText())).collect(Collectors.toList());
    }

    /** The lines of a kind, each read into its record by {@code reader} (a record's {@code of}), in file order. */
    public <T> List<T> lines(String kind, java.util.function.Function<JsonNode, T> reader) {
        return lines(kind).stream().map(reader).toList();
    }

    /** The lines of the run's own tables: all but side B's (bench.against), read as {@link #comparisons()}. */
    public static List<JsonNode> sideA(List<JsonNode> lines) {
        return lines.stream().filter(l -> !AgainstRunLine.B.equals(l.path(SIDE).asText())
                || l.path("kind").asText().equals(AgainstRunLine.KIND)).toList();
    }

    public List<Comparison> comparisons() {
        return Comparison.of(lines(AgainstLine.KIND), lines(AgainstRunLine.KIND));
    }

    /** The run line, typed: the format, scale and what the run was asked for ({@link RunLine#NONE} where it has none). */
    public RunLine runLine() {
        return runLine;
    }

    public List<PhaseLine> phaseLines() {
        return lines(PhaseLine.KIND, PhaseLine::of);
    }

    public List<WarmUpLine> warmUpLines() {
        return lines(PhaseLine.KIND).stream().filter(WarmUpLine::is).map(WarmUpLine::of).toList();
    }

    /** The status lines (trials skipped or failed, phases not measured), typed, in the order they were written. */
    public List<StatusLine> statusLines() {
        return statusLines;
    }

    public List<StatusLine> statusLines(Column column) {
        return statusLines().stream().filter(l -> l.column().equals(column)).toList();
    }

    public List<PrecisionLine> precisionLines() {
        return lines(PrecisionLine.KIND, PrecisionLine::of);
    }

    /** The run's parameters (the first "run" line), or a missing node. */
    public JsonNode run() {
        return lines("run").stream().findFirst().orElse(MissingNode.getInstance());
    }

    /** The stat lines, each with its column and workload, in file order (read once). */
    public List<Measurement> measurements() {
        return measurements;
    }

    /** The profilers any of the run's figures were taken under (bench.profilers), in order; none for a measured run. */
    public List<String> profilers() {
        return measurements().stream().flatMap(m -> m.profilers().stream()).distinct().toList();
    }

    /** The run's statistics in row order as its about lines describe them, with those of phases not measured here. */
    public synchronized List<Stat> stats() {
        if (stats == null) {
            Map<String, Stat> byId = new LinkedHashMap<>();
            Map<String, Integer> order = new LinkedHashMap<>();
            java.util.function.BiConsumer<String, JsonNode> describe = (id, about) -> {
                if (!byId.containsKey(id) && about.isObject()) {
                    try {
                        byId.put(id, Stat.read(id, about));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(ResultsFile.NAME + ": " + e.getMessage(), e);
                    }
                    order.put(id, about.path("order").asInt(Integer.MAX_VALUE));
                }
            };
            abouts().forEach(describe);
            for (StatusLine l : statusLines()) {
                if (NOT_MEASURED.equals(l.status()) || StatusLine.FAILED.equals(l.status())) {
                    l.stats().forEach(describe); // a phase not measured here, or failed: its rows stay, empty, with why
                }
            }
            stats = byId.values().stream().sorted(Comparator.comparingInt((Stat s) -> order.get(s.id()))
                    .thenComparing(Stat::id)).toList();
        }
        return stats;
    }

    /** The about lines' descriptions, by statistic (the first line of a statistic describes it). */
    private synchronized Map<String, JsonNode> abouts() {
        if (abouts == null) {
            abouts = new LinkedHashMap<>();
            lines(AboutLine.KIND, AboutLine::of).forEach(a -> abouts.putIfAbsent(a.stat(), a.about()));
        }
        return abouts;
    }

    private Map<String, JsonNode> abouts;

    /** The statistics of several runs (a comparison, a merge): each run's in its order, the first run's first. */
    public static List<Stat> stats(List<RunResults> runs) {
        Map<String, Stat> all = new LinkedHashMap<>();
        runs.forEach(r -> r.stats().forEach(s -> all.putIfAbsent(s.id(), s)));
        return List.copyOf(all.values());
    }

    public Optional<Stat> stat(String id) {
        return stats().stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** The last measurement of a statistic (a later line supersedes an earlier one). */
    public Optional<Measurement> measurement(String engine, String setting, String stat) {
        return measurements().stream().filter(m -> m.engine().equals(engine) && m.setting().equals(setting)
                && m.stat().equals(stat)).reduce((first, last) -> last);
    }

    /** Why a column has no figure of a statistic: its phase not measured there, or its build did not record it. */
    public Optional<String> notMeasured(String engine, String setting, String stat) {
        Optional<String> said = statusLines(new Column(engine, setting)).stream()
                .filter(l -> NOT_MEASURED.equals(l.status()) && l.stats().containsKey(stat))
                .map(l -> "not measured in " + l.phase().orElse("?") + ": " + l.reason()).findFirst();
        return said.isPresent() || !notRecorded(engine, setting, stat) ? said
                : Optional.of("not recorded: " + NOT_RECORDED);
    }

    /** Why a column has none of a statistic its build did not record, as the report's note and the gate say it. */
    public static final String NOT_RECORDED = "the build that made this column predates the statistic";

    /** Whether the build of a column (a merged run's part) did not record the statistic ({@link #RECORDED}). */
    public boolean notRecorded(String engine, String setting, String stat) {
        Optional<EnvironmentFile.Source> part = part(engine, setting);
        Optional<List<String>> recorded = part.isPresent() ? part.get().recorded()
                : Optional.ofNullable(runLine().rules().recorded());
        return recorded.isPresent() && !recorded.get().contains(stat);
    }

    /** The report group of a statistic's rows (its phase's: "traffic") where the run has a figure of it. */
    public synchronized Optional<String> groupOf(String stat) {
        if (groups == null) {
            groups = new java.util.HashMap<>();
            measurements().forEach(m -> groups.computeIfAbsent(m.stat(), id -> abouts().getOrDefault(id,
                    MissingNode.getInstance()).path("group").asText("")));
        }
        return Optional.ofNullable(groups.get(stat)).filter(g -> !g.isEmpty());
    }

    private Map<String, String> groups;

    /** The run line's list of the statistics its build records, whichever it measured. */
    public static final String RECORDED = "recorded";

    /** The phase of this statistic where bench.phases left it out ({@link #NOT_ASKED}); empty otherwise. */
    public Optional<String> notAsked(String stat) {
        return runLine().asked().notAsked().entrySet().stream().filter(p -> p.getValue().contains(stat))
                .map(Map.Entry::getKey).findFirst();
    }

    /** What makes two runs comparable: the same workload, N, R and M. */
    public record Shape(String workload, int stores, int runs, int hold) {
        /** How {@code other} differs from this shape ("N = 20 stores vs 200 in the baseline"), or nothing. */
        public List<String> differences(Shape other, String otherName) {
            return Stream.of(workload.equals(other.workload) ? "" : "workload " + workload + " vs " + other.workload,
                    stores == other.stores ? "" : "N = " + stores + " stores vs " + other.stores,
                    runs == other.runs ? "" : "R = " + runs + " open runs vs " + other.runs,
                    hold == other.hold ? "" : "M = " + hold + " stores held open vs " + other.hold)
                    .filter(d -> !d.isEmpty()).map(d -> d + " in the " + otherName).toList();
        }
    }

    /** This run's shape, from its run line. */
    public Shape shape() {
        RunLine.Scale s = runLine().scale();
        return new Shape(s.workload(), s.stores(), s.runs(), s.hold());
    }

    /** Why the run is incomplete; only a complete run is kept as the last good one or a baseline. */
    public Optional<String> incomplete() {
        if (run().isMissingNode()) {
            return Optional.of("its results.jsonl has no run line");
        }
        Optional<StatusLine> interrupted = statusLines().stream()
                .filter(l -> StatusLine.INTERRUPTED.equals(l.status())).findFirst();
        if (interrupted.isPresent()) {
            return Optional.of("it was interrupted (" + interrupted.get().reason() + ")");
        }
        if (lines("end").isEmpty()) {
            return Optional.of("it did not finish (its results.jsonl has no end line: it was killed, or is still running)");
        }
        if (lines("stat").isEmpty()) {
            List<String> why = failures();
            return Optional.of("it measured nothing" + (why.isEmpty() ? "" : ": " + String.join("; ", why)));
        }
        return Optional.empty();
    }

    /** Every failed or skipped trial, as "engine/setting: reason" (the reason's first line). */
    public List<String> failures() {
        // a failed line's reason starts with its phase ("create failed (...): ...")
        return statusLines().stream().filter(l -> l.status().equals(StatusLine.FAILED)
                || l.status().equals(StatusLine.SKIPPED)).map(l -> l.column() + (l.status().equals(StatusLine.SKIPPED)
                ? " skipped: " : ": ") + l.firstLineOfReason()).toList();
    }

    /** The parts of a merged run (environment.json's "sources", written by storebench.tools.Merge); empty otherwise. */
    public List<EnvironmentFile.Source> sources() {
        return environmentFile.sources();
    }

    /** The part of a merged run that measured a column; none in a run that was not merged. */
    private Optional<EnvironmentFile.Source> part(String engine, String setting) {
        return sources().stream().filter(s -> s.measured(engine, setting)).findFirst();
    }

    /** The phases asked of the run that measured a column: its part's in a merged run, else the run line's. */
    public Optional<List<String>> phasesOf(String engine, String setting) {
        Optional<EnvironmentFile.Source> part = part(engine, setting);
        return part.isPresent() ? part.get().phases() : runLine().asked().phases();
    }

    /** The phases of a merged run not asked of the part that measured a column. */
    public List<String> phasesNotInPart(String engine, String setting) {
        Optional<List<String>> own = phasesOf(engine, setting);
        if (sources().isEmpty() || own.isEmpty()) {
            return List.of();
        }
        return runLine().asked().phases().orElse(List.of()).stream().filter(p -> !own.get().contains(p)).toList();
    }

    public boolean inNoPart(String engine, String setting) {
        return !sources().isEmpty() && part(engine, setting).isEmpty();
    }

    /** The machine an engine was measured on under a setting, where a merged run says so. */
    public Optional<String> machine(String engine, String setting) {
        return part(engine, setting).map(EnvironmentFile.Source::machine);
    }

    /** The environment.json of the run that measured a column: its part's in a merged run, else the run's. */
    public EnvironmentFile environmentOf(String engine, String setting) {
        return part(engine, setting).map(EnvironmentFile.Source::environment).orElse(environmentFile);
    }

    /** Whether two columns were measured on one machine (always, in an unmerged run). */
    public boolean sameMachine(String engine, String setting, String otherEngine, String otherSetting) {
        Optional<String> a = machine(engine, setting);
        Optional<String> b = machine(otherEngine, otherSetting);
        return a.isEmpty() || b.isEmpty() || a.equals(b);
    }

    /** The distinct machines of a merged run (one, or none for a run that was not merged). */
    public List<String> machines() {
        return sources().stream().map(EnvironmentFile.Source::machine).distinct().collect(Collectors.toList());
    }

    /** Lines of a kind for one engine and setting. */
    public List<JsonNode> lines(String kind, String engine, String setting) {
        return lines(kind).stream().filter(l -> engine.equals(l.path("engine").asText())
                && setting.equals(l.path("setting").asText())).collect(Collectors.toList());
    }
}
