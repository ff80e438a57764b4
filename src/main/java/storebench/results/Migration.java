package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a kept run's results.jsonl (and its environment.json and verdicts.json where they need it) from an older
 * format to {@link ResultsFile#FORMAT}, once: {@link ResultsFile#MIGRATE}{@code <folder>}; a folder of runs migrates
 * every run under it. The readers refuse an older format with this command, so what an older run lacks is written into
 * it here, from what that version meant:
 * <ul>
 * <li>format 1: a phase line's op moves from {@code phase} to {@code op}, and the line gets the phase its op is a step
 * of (the first such at or after its trial's last phase, or the last such);</li>
 * <li>a stat line without its {@code about} gets the one of stats-before-about.json, whose rows come first; statistics
 * that version knew with no line go to the run line's {@code rows};</li>
 * <li>mem_total_kb and capacity_total_kb a run did not record are derived from its resident and heap figures;</li>
 * <li>a warm-up's phase line gets the window of visits of the version before it said it;</li>
 * <li>the run line (and a merged run's parts) get the former rules, M (hold) and {@code recorded}, as the columns'
 * figures show them;</li>
 * <li>an A/B comparison's line nests what was asked and what ran; environment.json gets {@code machine} where it lacks
 * it;</li>
 * <li>a stat line's spread and interval are dropped: they are computed where shown;</li>
 * <li>a verdict gets its statistic's unit and decimals; the folder gets storebench's marker;</li>
 * <li>a strace profile line's per-store fields become per-item ones ({@code items}, {@code callsPerItem}, {@code
 * syncMsPerItem});</li>
 * <li>format 3: each statistic gets one {@link AboutLine} (its first side A line's {@code about}, or the run line's
 * {@code rows}); verdicts.json keeps the evaluated verdicts, counting the others;</li>
 * <li>format 4: a warm-up's {@code compileMs} and traffic's pause starts go to whole ms, pause lengths to 0.1 ms: what
 * their clocks resolve.</li>
 * </ul>
 * A run of the current format is left as it is. storebench.tools.Migrate is its command line.
 */
public final class Migration {
    public static final String BEFORE_ABOUT = "stats-before-about.json";
    /** The descriptions of the totals derived here, as the phases that now measure them declare them. */
    public static final String TOTALS = "derived-stats.json";
    /** More rows than the version before "about" had: a statistic described by its own line goes after them. */
    private static final int BEFORE_ABOUT_ROWS = 1000;
    /** The steady warm-up rule and Sample.LEAST of the version before the run line carried them. */
    private static final String RULES_BEFORE = "{\"block\":5,\"tolerance\":0.03,\"windowTolerance\":0.10,"
            + "\"compileShare\":0.10,\"minVisits\":1500}";
    private static final int SAMPLE_LEAST_BEFORE = 300;
    /** The steady warm-up's window of visits before its lines said it. */
    private static final int WINDOW_VISITS_BEFORE = 100;

    private Migration() {
    }

    /** A phase and the ops of its steps: {@link #migrate}'s phases are in the order they run. */
    public record PhaseSteps(String phase, List<String> ops) {
    }

    /** Migrates one run folder, its phase lines named by {@code phases}; returns the format it was in. */
    public static int migrate(Path dir, List<PhaseSteps> phases) throws IOException {
        Path file = dir.resolve(ResultsFile.NAME);
        List<JsonNode> lines = ResultsFile.read(file);
        ObjectNode run = lines.stream().filter(l -> l.path("kind").asText().equals("run")).map(l -> (ObjectNode) l)
                .findFirst().orElseThrow(() -> new IOException(file + ": no run line, so no format to migrate from"));
        int format = run.path("format").asInt(1);
        if (format > ResultsFile.FORMAT) {
            throw new IOException(file + ": format " + format + " is newer than this build's " + ResultsFile.FORMAT);
        }
        if (format == ResultsFile.FORMAT) {
            return format;
        }
        Path envFile = dir.resolve("environment.json");
        JsonNode env = Files.isRegularFile(envFile) ? ResultsFile.JSON.readTree(envFile.toFile())
                : ResultsFile.JSON.createObjectNode();
        List<ObjectNode> all = new ArrayList<>(lines.stream().map(l -> (ObjectNode) l).toList());
        all.forEach(Migration::line);
        if (format < 4) { // what these add, a format-4 run has: its stat lines are described by about lines
            describe(all, run);
            totals(all, env).forEach((source, total) -> all.add(all.indexOf(source) + 1, total));
            // the run line's rules and M where it does not carry them: the values the version before had
            run.putIfAbsent("warmupRule", ResultsFile.JSON.readTree(RULES_BEFORE));
            run.putIfAbsent("sampleLeast", run.numberNode(SAMPLE_LEAST_BEFORE));
            run.putIfAbsent("hold", run.numberNode(run.path("stores").asInt()));
            recorded(all, run, env);
            phases(all, phases);
            verdicts(dir, all);
            abouts(all, run);
        }
        run.put("format", ResultsFile.FORMAT);
        write(file, all.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("\n", "", "\n")));
        JsonNode probe = run.path("plan").path("calibration").path("probe");
        boolean probed = env.isObject() && !env.has("machine") && probe.isObject() && !probe.isEmpty();
        if (probed) {
            ((ObjectNode) env).set("machine", probe); // this run's prices, as a run now keeps its plan's probe
        }
        if (Files.isRegularFile(envFile) && (env.has("sources") || probed)) {
            write(envFile, ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(env));
        }
        RunFolder.mark(dir);
        return format;
    }

    /** One line's changes: a phase line's op and arrays of ms, an A/B line's nesting, a stat line's derived figures. */
    private static void line(ObjectNode l) {
        switch (l.path("kind").asText()) {
            case "phase" -> {
                if (!l.has("op")) {
                    l.set("op", l.remove("phase"));
                }
                if (l.path("windows").isArray()) {
                    l.putIfAbsent("windowVisits", l.numberNode(WINDOW_VISITS_BEFORE));
                }
                for (String ms : List.of("compileMs", "pauseStartMs", "pauseMs")) { // whole ms as integers, or 0.1 ms
                    for (int i = 0; l.get(ms) instanceof ArrayNode a && i < a.size(); i++) {
                        double v = a.get(i).asDouble();
                        a.set(i, ms.equals("pauseMs") ? a.numberNode(Math.round(v * 10) / 10.0)
                                : a.numberNode(Math.round(v)));
                    }
                }
            }
            case "stat" -> l.remove(List.of("spread", "interval", "intervalConfidence"));
            case "profile" -> Map.of("straceStores", "items", "callsPerStore", "callsPerItem", "syncMsPerStore",
                    "syncMsPerItem").forEach((from, to) -> {
                        if (l.has(from)) {
                            l.set(to, l.remove(from));
                        }
                    });
            case "against" -> {
                if (!l.has("what")) {
                    ObjectNode what = ResultsFile.JSON.createObjectNode().put("differs", l.path("differs").asText())
                            .put("value", l.path("asked").asText()).put("slowdown", l.path("slowdown").asDouble());
                    ObjectNode ran = ResultsFile.JSON.createObjectNode().put("a", l.path("a").asText())
                            .put("b", l.path("b").asText()).put("samePool", l.path("samePool").asBoolean())
                            .put("inStep", 0);
                    l.remove(List.of("differs", "asked", "slowdown", "a", "b", "samePool"));
                    l.set("what", what);
                    l.set("ran", ran);
                }
            }
            default -> { }
        }
    }

    /** Gives every stat line a description: the former catalogue's (its rows first) where it has none. */
    private static void describe(List<ObjectNode> all, ObjectNode run) {
        List<ObjectNode> stats = all.stream().filter(l -> l.path("kind").asText().equals("stat")).toList();
        boolean described = stats.stream().anyMatch(l -> l.path("about").isObject()) || all.stream().anyMatch(l ->
                l.path("status").asText().equals("not measured") && l.path("stats").size() > 0);
        if (stats.stream().allMatch(l -> l.path("about").isObject()) && described) {
            return;
        }
        Map<String, JsonNode> catalogue = new LinkedHashMap<>();
        resource(BEFORE_ABOUT).forEach(s -> catalogue.put(s.path("id").asText(), s.path("about")));
        Set<String> present = new LinkedHashSet<>();
        for (ObjectNode l : all) {
            if (l.path("about").isObject()) {
                ObjectNode about = (ObjectNode) l.get("about");
                about.put("order", BEFORE_ABOUT_ROWS + about.path("order").asInt(Integer.MAX_VALUE - BEFORE_ABOUT_ROWS));
            } else if (l.path("kind").asText().equals("stat")) {
                JsonNode about = catalogue.get(l.path("stat").asText());
                if (about == null) {
                    throw new IllegalArgumentException("a stat line of " + l.path("stat").asText()
                            + " has no description, and the version before descriptions knew no such statistic");
                }
                l.set("about", about.deepCopy());
            }
            present.add(l.path("stat").asText());
            l.path("stats").forEach(about -> ((ObjectNode) about).put("order", BEFORE_ABOUT_ROWS
                    + about.path("order").asInt(Integer.MAX_VALUE - BEFORE_ABOUT_ROWS)));
            l.path("stats").fieldNames().forEachRemaining(present::add);
        }
        ObjectNode rows = ResultsFile.JSON.createObjectNode();
        catalogue.forEach((id, about) -> {
            if (!present.contains(id)) {
                rows.set(id, about.deepCopy());
            }
        });
        if (!rows.isEmpty()) {
            run.set("rows", rows);
        }
    }

    /** The mem_total_kb and capacity_total_kb stat lines the run lacks, derived, each after the row it follows. */
    private static Map<ObjectNode, ObjectNode> totals(List<ObjectNode> all, JsonNode env) {
        Map<String, ObjectNode> stats = new LinkedHashMap<>();
        Map<String, List<JsonNode>> points = new LinkedHashMap<>();
        for (ObjectNode l : all) {
            String column = l.path("engine").asText() + "\n" + l.path("setting").asText();
            switch (l.path("kind").asText()) {
                case "stat" -> stats.put(column + "\n" + l.path("stat").asText(), l);
                case "capacity-point" -> points.computeIfAbsent(column, k -> new ArrayList<>()).add(l);
                default -> { }
            }
        }
        JsonNode descriptions = resource(TOTALS);
        Map<ObjectNode, ObjectNode> out = new java.util.IdentityHashMap<>();
        for (Map.Entry<String, ObjectNode> e : stats.entrySet()) {
            ObjectNode line = e.getValue();
            String column = line.path("engine").asText() + "\n" + line.path("setting").asText();
            String runtime = env.path("engines").path(line.path("engine").asText()).path("runtime").asText("");
            if (!runtime.startsWith("Java") && !runtime.startsWith("Node")) {
                continue; // the run does not say whether the heap was pre-touched
            }
            boolean touched = runtime.startsWith("Java");
            String stat = line.path("stat").asText();
            if (stat.equals("mem_resident_kb") && !stats.containsKey(column + "\n" + OpenStoreMemory.TOTAL)) {
                ObjectNode heap = stats.get(column + "\nheap_kb");
                if (heap != null || !touched) {
                    double heapKb = heap == null ? 0 : heap.path("value").asDouble();
                    out.put(line, total(line, OpenStoreMemory.TOTAL, OpenStoreMemory.total(line.path("value").asDouble(),
                            heapKb, touched), descriptions, order(all, "mem_anon_kb")));
                }
            } else if (stat.equals("capacity_resident_kb")
                    && !stats.containsKey(column + "\n" + OpenStoreMemory.CAPACITY_TOTAL)) {
                List<JsonNode> curve = points.getOrDefault(column, List.of());
                double heapSlope = curve.size() < 2 ? Double.NaN : RunStats.slope(curve, "heapUsedBytes") / 1024;
                if (!touched || Double.isFinite(heapSlope)) {
                    out.put(line, total(line, OpenStoreMemory.CAPACITY_TOTAL, OpenStoreMemory.total(line.path("value")
                            .asDouble(), touched ? heapSlope : 0, touched), descriptions, order(all, stat)));
                }
            }
        }
        return out;
    }

    /** The row of a statistic (its first line's about's order); the last row where the run has none of it. */
    private static int order(List<ObjectNode> all, String stat) {
        return all.stream().filter(l -> l.path("kind").asText().equals("stat") && l.path("stat").asText().equals(stat))
                .findFirst().map(l -> l.path("about").path("order").asInt(Integer.MAX_VALUE)).orElse(Integer.MAX_VALUE);
    }

    private static ObjectNode total(ObjectNode source, String stat, double value, JsonNode descriptions, int order) {
        ObjectNode l = source.deepCopy();
        l.remove(List.of("runs", "about")); // its source's profilers stay: a total of profiled figures is too
        l.put("stat", stat).put("value", value);
        ObjectNode about = descriptions.path(stat).deepCopy();
        about.put("order", order); // one row with the one it follows: the ids sort it after that row's
        l.set("about", about);
        return l;
    }

    /**
     * What the run's build recorded, where unlisted: each statistic it has a figure of, a failed trial may have cost,
     * or whose group it did not measure; the rest the build predates.
     */
    private static void recorded(List<ObjectNode> all, ObjectNode run, JsonNode env) {
        Map<String, String> groups = new LinkedHashMap<>();
        for (ObjectNode l : all) {
            if (l.path("kind").asText().equals("stat")) {
                groups.putIfAbsent(l.path("stat").asText(), l.path("about").path("group").asText(""));
            }
            l.path("stats").fields().forEachRemaining(f -> groups.putIfAbsent(f.getKey(),
                    f.getValue().path("group").asText("")));
        }
        run.path("rows").fields().forEachRemaining(f -> groups.putIfAbsent(f.getKey(),
                f.getValue().path("group").asText("")));
        if (!run.has("recorded")) {
            run.set("recorded", recorded(all, groups, run.path("engines"), run.path("settings")));
        }
        for (JsonNode s : env.path("sources")) {
            if (!s.has("recorded")) {
                ((ObjectNode) s).set("recorded", recorded(all, groups, s.path("engines"), s.path("settings")));
            }
        }
    }

    private static ArrayNode recorded(List<ObjectNode> all, Map<String, String> groups, JsonNode engines,
                                      JsonNode settings) {
        Set<String> columns = new LinkedHashSet<>();
        engines.forEach(e -> settings.forEach(s -> columns.add(e.asText() + "\n" + s.asText())));
        Set<String> figures = new LinkedHashSet<>();
        boolean failed = false;
        for (ObjectNode l : all) {
            String column = l.path("engine").asText() + "\n" + l.path("setting").asText();
            if (columns.contains(column) && l.path("kind").asText().equals("stat") && !l.path("side").asText()
                    .equals("B")) {
                figures.add(l.path("stat").asText());
            }
            failed |= columns.contains(column) && l.path("kind").asText().equals("status")
                    && l.path("status").asText().equals("failed");
        }
        List<String> measuredGroups = figures.stream().map(f -> groups.getOrDefault(f, "")).toList();
        ArrayNode out = ResultsFile.JSON.createArrayNode();
        for (Map.Entry<String, String> g : groups.entrySet()) {
            boolean grouped = !g.getValue().isEmpty();
            if (figures.contains(g.getKey()) || failed || grouped && !measuredGroups.contains(g.getValue())) {
                out.add(g.getKey());
            }
        }
        return out;
    }

    /** Each phase line without its phase gets the one its op is a step of, as its trial's phases ran so far. */
    private static void phases(List<ObjectNode> all, List<PhaseSteps> phases) {
        List<String> ids = phases.stream().map(PhaseSteps::phase).toList();
        Map<String, Integer> current = new java.util.HashMap<>();
        for (ObjectNode l : all) {
            if (!l.path("kind").asText().equals(PhaseLine.KIND)) {
                continue;
            }
            String trial = String.join("\n", l.path("engine").asText(), l.path("setting").asText(),
                    l.path(RunResults.SIDE).asText(), l.path(MergedRun.SOURCE).asText());
            int at = current.getOrDefault(trial, 0);
            if (!l.hasNonNull("phase")) {
                List<Integer> sending = java.util.stream.IntStream.range(0, phases.size())
                        .filter(i -> phases.get(i).ops().contains(l.path("op").asText())).boxed().toList();
                if (sending.isEmpty()) {
                    continue;
                }
                l.put("phase", ids.get(sending.stream().filter(i -> i >= at).findFirst()
                        .orElse(sending.get(sending.size() - 1))));
            }
            if (ids.contains(l.get("phase").asText())) {
                current.put(trial, ids.indexOf(l.get("phase").asText()));
            }
        }
    }

    /** One about line per statistic after the run line, from its first side A stat line or the run line's rows. */
    private static void abouts(List<ObjectNode> all, ObjectNode run) {
        Map<String, JsonNode> abouts = new LinkedHashMap<>();
        Set<String> inStatus = new LinkedHashSet<>();
        for (ObjectNode l : all) {
            if (l.path("kind").asText().equals(StatLine.KIND) && !AgainstRunLine.B.equals(l.path(RunResults.SIDE)
                    .asText()) && l.path("about").isObject()) {
                abouts.putIfAbsent(l.path("stat").asText(), l.get("about"));
            }
            l.path("stats").fieldNames().forEachRemaining(inStatus::add);
        }
        run.path("rows").fields().forEachRemaining(f -> {
            if (!inStatus.contains(f.getKey())) {
                abouts.putIfAbsent(f.getKey(), f.getValue());
            }
        });
        run.remove("rows");
        all.stream().filter(l -> l.path("kind").asText().equals(StatLine.KIND)).forEach(l -> l.remove("about"));
        all.addAll(all.indexOf(run) + 1, abouts.entrySet().stream().map(a -> new AboutLine(a.getKey(), a.getValue())
                .line()).toList());
    }

    /** Gives each verdict its unit and decimals, counting those not evaluated; edits the gate's file by field. */
    private static void verdicts(Path dir, List<ObjectNode> all) throws IOException {
        Path file = dir.resolve("verdicts.json");
        if (!Files.isRegularFile(file)) {
            return;
        }
        JsonNode root = ResultsFile.JSON.readTree(file.toFile());
        Map<String, Stat> stats = new LinkedHashMap<>();
        all.stream().filter(l -> l.path("about").isObject() && l.path("kind").asText().equals("stat"))
                .forEach(l -> stats.putIfAbsent(l.path("stat").asText(), Stat.read(l.path("stat").asText(),
                        l.path("about"))));
        ArrayNode evaluated = ResultsFile.JSON.createArrayNode();
        for (JsonNode v : root.path("verdicts")) {
            if (!v.has("decimals")) {
                Stat s = stats.get(v.path("stat").asText());
                ((ObjectNode) v).put("unit", s == null ? "" : s.unitName())
                        .put("decimals", s == null ? 3 : s.decimals());
            }
            if (!v.path("status").asText().equals("NOT_EVALUATED")) {
                evaluated.add(v);
            }
        }
        ((ObjectNode) root).set("verdicts", evaluated);
        write(file, ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }

    private static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static JsonNode resource(String name) {
        try (InputStream in = Migration.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the build (src/main/resources/storebench/results)");
            }
            return ResultsFile.JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": not valid JSON", e);
        }
    }
}
