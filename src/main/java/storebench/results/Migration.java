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
 * every run under it. The readers read the current format only and refuse an older one with this command, so what an
 * older run lacks is written into it here, from what that version meant:
 * <ul>
 * <li>format 1: a phase line held its step's op under {@code phase}: it moves to {@code op};</li>
 * <li>a stat line without its description ({@code about}) gets the one of the version before stat lines carried
 * them (stats-before-about.json), whose rows come first; statistics that version knew with no line in the run are
 * listed in the run line's {@code rows}, so the report keeps their (empty) rows;</li>
 * <li>the totals per open store (mem_total_kb, capacity_total_kb) a run did not record are derived from its resident
 * and heap figures, as the memory and capacity phases now record them;</li>
 * <li>the run line gets the rules of the version before it carried them, its M (hold) and what its build recorded
 * ({@code recorded}), as the columns' figures show it; a merged run's parts in environment.json get theirs;</li>
 * <li>an A/B comparison's line nests what was asked and what ran;</li>
 * <li>a stat line's spread and interval, figures of its runs, are dropped: they are computed where shown;</li>
 * <li>a verdict gets its statistic's unit and decimals; the folder gets storebench's marker.</li>
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

    private Migration() {
    }

    /** Migrates one run folder; returns the format it was in. */
    public static int migrate(Path dir) throws IOException {
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
        List<ObjectNode> all = new ArrayList<>();
        lines.forEach(l -> all.add((ObjectNode) l));
        all.forEach(Migration::line);
        describe(all, run);
        totals(all, env).forEach((source, total) -> all.add(all.indexOf(source) + 1, total));
        rules(run);
        recorded(all, run, env);
        run.put("format", ResultsFile.FORMAT);
        StringBuilder text = new StringBuilder();
        for (ObjectNode l : all) {
            text.append(ResultsFile.JSON.writeValueAsString(l)).append('\n');
        }
        write(file, text.toString());
        if (env.isObject() && env.has("sources")) {
            write(envFile, ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(env));
        }
        verdicts(dir, all);
        RunFolder.mark(dir);
        return format;
    }

    /** One line's own changes: a format-1 phase line's op, an A/B line's nesting, a stat line's derived figures. */
    private static void line(ObjectNode l) {
        switch (l.path("kind").asText()) {
            case "phase" -> {
                if (!l.has("op")) {
                    l.set("op", l.remove("phase"));
                }
            }
            case "stat" -> l.remove(List.of("spread", "interval", "intervalConfidence"));
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

    /**
     * Gives every stat line its description: where a line has none (or the run has no stat line described), the
     * catalogue of the version before, whose rows come first; a line that has its own goes after them.
     */
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

    /**
     * Stat lines of the totals per open store the run's lines allow but do not carry: mem_total_kb from mem_resident_kb
     * and heap_kb, capacity_total_kb from capacity_resident_kb and the slope of the capacity points' heap, each placed
     * right after the row it follows; by its source line, whose time it keeps.
     */
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

    /** The run line's rules and M where it does not carry them: the values the version before had. */
    private static void rules(ObjectNode run) {
        try {
            if (!run.has("warmupRule")) {
                run.set("warmupRule", ResultsFile.JSON.readTree(RULES_BEFORE));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!run.has("sampleLeast")) {
            run.put("sampleLeast", SAMPLE_LEAST_BEFORE);
        }
        if (!run.has("hold")) {
            run.put("hold", run.path("stores").asInt());
        }
    }

    /**
     * What the run's build recorded, where the run line (or a merged run's part) does not list it: every statistic
     * the run describes that its columns have a figure of, that a failed trial may have cost, or whose group the
     * columns did not measure at all (left out, not predated); a statistic of a group they measured that none has a
     * figure of, the build predates.
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
        Set<String> measuredGroups = new LinkedHashSet<>();
        figures.forEach(f -> measuredGroups.add(groups.getOrDefault(f, "")));
        ArrayNode out = ResultsFile.JSON.createArrayNode();
        for (Map.Entry<String, String> g : groups.entrySet()) {
            boolean grouped = !g.getValue().isEmpty();
            if (figures.contains(g.getKey()) || failed || grouped && !measuredGroups.contains(g.getValue())) {
                out.add(g.getKey());
            }
        }
        return out;
    }

    /** Each verdict that does not say how its figures print gets its statistic's unit and decimals. */
    private static void verdicts(Path dir, List<ObjectNode> all) throws IOException {
        Path file = dir.resolve(Verdicts.NAME);
        if (!Files.isRegularFile(file)) {
            return;
        }
        JsonNode root = ResultsFile.JSON.readTree(file.toFile());
        Map<String, Stat> stats = new LinkedHashMap<>();
        all.stream().filter(l -> l.path("about").isObject() && l.path("kind").asText().equals("stat"))
                .forEach(l -> stats.putIfAbsent(l.path("stat").asText(), Stat.read(l.path("stat").asText(),
                        l.path("about"))));
        boolean changed = false;
        for (JsonNode v : root.path("verdicts")) {
            if (!v.has("decimals")) {
                Stat s = stats.get(v.path("stat").asText());
                Verdict.Figure f = s == null ? Verdict.Figure.PLAIN : Verdict.Figure.of(s);
                ((ObjectNode) v).put("unit", f.unit()).put("decimals", f.decimals());
                changed = true;
            }
        }
        if (changed) {
            write(file, ResultsFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        }
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
