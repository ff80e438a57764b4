package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.render.MarkdownReport;

import storebench.engine.Engines;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The report's "Where the time goes" section, a pure function of the {@code kind: "profile"} lines of a run's
 * results.jsonl (written by ProfileBench's phases, createsteps and warmcold, and by the profilers any phase ran
 * under). Absent when the run has no profile lines.
 */
public final class ProfileSection {
    public static final String FILE = "profile.md";
    static final String DASH = StatsTable.NONE;
    static final List<String> STEPS = List.of("open", "build", "put", "close", "total");
    static final Map<String, String> STEP_TITLES = Map.of(
            "open", "Create the directory, open the new store (schema commit)",
            "build", "Build the W notes in memory",
            "put", "Put the W notes in one transaction, incl. commit (and serialization)",
            "close", "Close",
            "total", "Total");

    private ProfileSection() {
    }

    /** The section as profile.md has it; empty when the lines have no profile lines. */
    public static String render(List<JsonNode> lines) {
        return section(lines).map(s -> MarkdownReport.render(s.all())).orElse("");
    }

    /**
     * The section of the profile lines among {@code lines}; empty when there are none.
     *
     * @param lines results.jsonl's lines; the stat lines among them give the noise table its main-run spread
     */
    public static Optional<Section> section(List<JsonNode> lines) {
        List<JsonNode> profile = new ArrayList<>();
        for (JsonNode l : lines) {
            if ("profile".equals(l.path("kind").asText())) {
                profile.add(l);
            }
        }
        if (profile.isEmpty()) {
            return Optional.empty();
        }
        List<String> engines = engines(profile);
        List<Block> blocks = new ArrayList<>();
        if (profile.stream().noneMatch(ProfileSection::ofTheProfile)) {
            // bench.profilers alone: what the profilers found in the phases they watched
            blocks.addAll(ProfilerTables.blocks(profile, engines));
            return Optional.of(new Section(Block.Heading.of(2, "Where the time goes"), blocks));
        }
        List<JsonNode> all = profile;
        profile = all.stream().filter(ProfileSection::ofTheProfile).toList();
        JsonNode any = find(profile, "create", null, null).orElse(profile.get(0));
        blocks.add(new Block.Paragraph(Text.of("Profiling trials (").plusCode("-Dbench.profile=true")
                .plus("): setting ").plusCode(any.path("setting").asText()).plus(", workload ")
                .plusCode(any.path("workload").asText()).plus(", " + any.path("stores").asInt() + " stores per engine,"
                        + " each measurement in trial processes of its own (not the main run's stores or processes).")));
        blocks.add(roots(profile));
        createTable(blocks, profile, engines);
        syncTable(blocks, profile, engines);
        WarmColdTables.add(blocks, profile, lines, engines);
        frames(blocks, profile, engines);
        blocks.addAll(ProfilerTables.blocks(all.stream().filter(l -> !ofTheProfile(l)).toList(), engines));
        return Optional.of(new Section(Block.Heading.of(2, "Where the time goes"), blocks));
    }

    /**
     * Whether a line is one of -Dbench.profile=true's: its roots, create steps, warm and cold, noise, and its profilers'
     * findings on the create steps (a line from before profilers plugged into phases has no benchPhase).
     */
    static boolean ofTheProfile(JsonNode l) {
        String what = l.path("profile").asText();
        if (List.of("rootsync", "create", "warmcold", "noise").contains(what)) {
            return true;
        }
        return !l.has("benchPhase") || "createsteps".equals(l.path("benchPhase").asText());
    }

    private static Block roots(List<JsonNode> profile) {
        List<Text> items = new ArrayList<>();
        for (JsonNode r : profile) {
            if (!"rootsync".equals(r.path("profile").asText())) {
                continue;
            }
            String name = r.path("root").asText().equals("disk") ? "Bench root" : "tmpfs root";
            if (r.has("unavailable")) {
                items.add(Text.of(name + ": not measured (" + r.path("unavailable").asText() + ")"));
                continue;
            }
            items.add(Text.of(name + ": ").plusCode(r.path("rootPath").asText()).plus(String.format(Locale.ROOT,
                    " (%s, %s); its own sync latency (write 4 KiB + fdatasync, %d times): median %.3f ms, p90 %.3f ms",
                    r.path("fsType").asText(), r.path("mountOptions").asText(), r.path("rounds").asInt(),
                    r.path("fdatasyncMedianMs").asDouble(), r.path("fdatasyncP90Ms").asDouble())));
        }
        return new Block.BulletList(items);
    }

    private static void createTable(List<Block> blocks, List<JsonNode> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Create, step by step"));
        blocks.add(new Block.Paragraph(Text.of("Median ms per store of each step (").plusCode("createprofile")
                .plus("), on disk / on tmpfs (no real disk sync).")));
        List<List<Text>> rows = new ArrayList<>();
        for (String step : STEPS) {
            List<Text> row = new ArrayList<>();
            row.add(Text.of(STEP_TITLES.get(step)));
            for (String e : engines) {
                row.add(Text.of(step(profile, e, "disk", step) + " / " + step(profile, e, "tmpfs", step)));
            }
            rows.add(row);
        }
        blocks.add(table(header("step", engines), rows));
        List<Text> notes = new ArrayList<>();
        for (String e : engines) {
            StringBuilder s = new StringBuilder();
            for (String root : List.of("disk", "tmpfs")) {
                find(profile, "create", e, root).filter(l -> l.has("stepsMs")).ifPresent(l -> {
                    JsonNode steps = l.get("stepsMs");
                    String top = null;
                    for (String step : List.of("open", "build", "put", "close")) {
                        if (top == null || steps.path(step).asDouble() > steps.path(top).asDouble()) {
                            top = step;
                        }
                    }
                    double total = steps.path("total").asDouble();
                    if (s.length() > 0) {
                        s.append("; ");
                    }
                    s.append(String.format(Locale.ROOT, "on %s %s (%.2f of %.2f ms)", root, shortStep(top),
                            steps.path(top).asDouble(), total));
                });
            }
            if (s.length() > 0) {
                notes.add(Text.of(e + ": the largest step is " + s + "."));
            }
        }
        // Each engine's descriptor says where its serialization happens: no sentence here may assume a kind of engine.
        List<String> puts = new ArrayList<>();
        for (String e : engines) {
            Engines.find(e).ifPresent(d -> puts.add(e + ", " + d.put().replaceFirst("^inside put: ", "")));
        }
        if (!puts.isEmpty()) {
            notes.add(Text.of("Serialization happens inside put (there is no separate marshalling step as in ObjectBox"
                    + " Python): " + String.join("; ", puts) + "."));
        }
        List<String> loads = new ArrayList<>();
        for (String e : engines) {
            find(profile, "create", e, "disk").filter(l -> l.has("load1AtStart")).ifPresent(l -> loads.add(e + " "
                    + fmt(l.path("load1AtStart").asDouble(), 2)));
        }
        if (!loads.isEmpty()) {
            notes.add(Text.of("1-minute load average at the start of each engine's create on disk: "
                    + String.join(", ", loads) + " (a disk-bound create is sensitive to other I/O on the machine)."));
        }
        notes.add(Text.of("The build step (Java: ").plusCode("new Note(...)").plus("; Node: texts array) is timed"
                + " here only; the main run's create_ms builds the notes before its clock starts."));
        blocks.add(new Block.BulletList(notes));
    }

    private static String shortStep(String step) {
        switch (step) {
            case "open": return "create + open (schema commit)";
            case "build": return "building the notes";
            case "put": return "put incl. commit";
            default: return step;
        }
    }

    private static String step(List<JsonNode> profile, String engine, String root, String step) {
        return find(profile, "create", engine, root).filter(l -> l.has("stepsMs"))
                .map(l -> fmt(l.get("stepsMs").path(step).asDouble(), 2)).orElse(DASH);
    }

    private static void syncTable(List<Block> blocks, List<JsonNode> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Disk syncs per store"));
        // since profilers plug into phases, strace watches the create profile's own N stores, not a create of 20
        boolean ofCreateSteps = profile.stream().anyMatch(l -> "syncs".equals(l.path("profile").asText())
                && l.has("op"));
        blocks.add(new Block.Paragraph(Text.code("strace -f -T").plus(ofCreateSteps
                ? " over the create profile's stores on the bench root, in a process of its own (calls that started"
                + " during its " : " over a create of a few stores on the bench root (calls that started during the ")
                .plusCode(ofCreateSteps ? "createprofile" : "create").plus(" request); beside it the create's"
                + " median on disk from the profile above and the root's own fdatasync latency.")));
        List<List<Text>> rows = new ArrayList<>();
        List<Text> notes = new ArrayList<>();
        for (String e : engines) {
            var line = createSyncs(profile, e, null);
            if (line.isEmpty()) {
                continue;
            }
            JsonNode l = line.get();
            // the root's latency: on the line before profilers plugged into phases, in the rootsync line since
            String root = l.has("rootFdatasyncMedianMs") ? fmt(l.path("rootFdatasyncMedianMs").asDouble(), 3)
                    : !l.has("op") ? DASH : find(profile, "rootsync", null, "disk").filter(r -> r.has("fdatasyncMedianMs"))
                    .map(r -> fmt(r.path("fdatasyncMedianMs").asDouble(), 3)).orElse(DASH);
            if (l.has("unavailable")) {
                rows.add(texts(e, DASH, DASH, DASH, DASH, DASH, root));
                notes.add(Text.of(e + ": " + l.path("unavailable").asText()));
                continue;
            }
            int n = l.has("items") ? l.path("items").asInt() : l.path("straceStores").asInt();
            List<String> calls = new ArrayList<>();
            l.path("calls").fields().forEachRemaining(c -> {
                if (c.getValue().path("count").asInt() > 0) {
                    calls.add(String.format(Locale.ROOT, "%s %s", c.getKey(),
                            fmt(c.getValue().path("count").asDouble() / n, 1)));
                }
            });
            double syncMs = l.has("syncMsPerItem") ? l.path("syncMsPerItem").asDouble()
                    : l.path("syncMsPerStore").asDouble();
            double callsPerStore = l.has("callsPerItem") ? l.path("callsPerItem").asDouble()
                    : l.path("callsPerStore").asDouble();
            String create = find(profile, "create", e, "disk").filter(c -> c.has("stepsMs"))
                    .map(c -> fmt(c.get("stepsMs").path("total").asDouble(), 2)).orElse(DASH);
            String share = find(profile, "create", e, "disk").filter(c -> c.has("stepsMs"))
                    .map(c -> pct(syncMs / c.get("stepsMs").path("total").asDouble())).orElse(DASH);
            rows.add(texts(e, fmt(callsPerStore, 1),
                    calls.isEmpty() ? "none" : String.join(", ", calls), fmt(syncMs, 2), create, share, root));
        }
        blocks.add(new Block.Table(texts("engine", "sync calls per store", "calls", "sync time per store (ms)",
                "create on disk (ms)", "sync share of create", "root fdatasync median (ms)"), align("LRLRRRR"), rows));
        if (!notes.isEmpty()) {
            blocks.add(new Block.BulletList(notes));
        }
    }

    /**
     * The last strace line of an engine's creates (under a setting, where given): the profile's create of 20 stores
     * before profilers plugged into phases, the create or create profile of any phase under strace since.
     */
    static Optional<JsonNode> createSyncs(List<JsonNode> profile, String engine, String setting) {
        JsonNode found = null;
        for (JsonNode l : profile) {
            if ("syncs".equals(l.path("profile").asText()) && engine.equals(l.path("engine").asText())
                    && (setting == null || setting.equals(l.path("setting").asText()))
                    && (!l.has("op") || l.path("op").asText().startsWith("create"))) {
                found = l;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Sync calls per created store, from an engine's {@link #createSyncs} line; empty where strace did not count. */
    public static Optional<Double> syncsPerCreatedStore(List<JsonNode> profile, String engine, String setting) {
        return createSyncs(profile, engine, setting).filter(l -> !l.has("unavailable"))
                .filter(l -> l.has("callsPerItem") || l.has("callsPerStore"))
                .map(l -> l.has("callsPerItem") ? l.path("callsPerItem").asDouble() : l.path("callsPerStore").asDouble());
    }

    private static void frames(List<Block> blocks, List<JsonNode> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Top frames"));
        // the JVM engines' sampling period as the frames lines recorded it (JFR's, set by the profile)
        String period = profile.stream().filter(l -> "frames".equals(l.path("profile").asText())
                && l.has("samplingPeriod") && !l.has("note")).map(l -> l.path("samplingPeriod").asText())
                .findFirst().orElse("1 ms");
        blocks.add(Block.Paragraph.of("The method on top of the stack, share of the samples taken inside the phase"
                + " loop (create profile; open runs), in a trial process of its own. JVM engines: JFR (sampling every "
                + period + ", Java and native samples of the trial's main thread; \"(native)\" = the thread was in"
                + " native code: JNI into the engine, or a system call). Node engines: node --cpu-prof."));
        String nodeNote = null;
        List<String> unavailable = new ArrayList<>();
        List<Text> items = new ArrayList<>();
        for (String e : engines) {
            for (String phase : List.of("create", "open")) {
                var line = find(profile, "frames", e, null, phase);
                if (line.isEmpty()) {
                    continue;
                }
                JsonNode l = line.get();
                if (l.has("unavailable")) {
                    if (phase.equals("create")) {
                        unavailable.add(e);
                    }
                    continue;
                }
                if (l.has("note")) {
                    nodeNote = l.path("note").asText();
                }
                items.add(topFrames(Text.of(e + ", " + phase + " (" + l.path("samples").asInt() + " samples): "), l));
            }
        }
        if (!unavailable.isEmpty()) {
            String why = find(profile, "frames", unavailable.get(0), null, "create").get().path("unavailable").asText();
            items.add(Text.of(String.join(", ", unavailable) + ": " + why));
        }
        if (nodeNote != null) {
            items.add(Text.of("Node engines: " + nodeNote));
        }
        blocks.add(new Block.BulletList(items));
    }

    /** A frames line's top frames after its label: each frame with "(native)" where it was, and its share. */
    static Text topFrames(Text label, JsonNode l) {
        Text item = l.path("top").isEmpty() ? label.plus("no samples") : label;
        String separator = "";
        for (JsonNode f : l.path("top")) {
            item = item.plus(separator).plusCode(f.path("frame").asText()).plus(String.format(Locale.ROOT,
                    "%s %s", f.path("kind").asText().equals("native") ? " (native)" : "",
                    pct(f.path("share").asDouble())));
            separator = ", ";
        }
        return item;
    }

    // ---------------------------------------------------------------------------------------------------------

    /** The table with a row per step and a column per engine, figures right-aligned. */
    private static Block.Table table(List<Text> header, List<List<Text>> rows) {
        List<Block.Align> align = new ArrayList<>();
        align.add(Block.Align.LEFT);
        align.addAll(Collections.nCopies(header.size() - 1, Block.Align.RIGHT));
        return new Block.Table(header, align, rows);
    }

    private static List<Text> header(String first, List<String> engines) {
        List<Text> header = new ArrayList<>();
        header.add(Text.of(first));
        engines.forEach(e -> header.add(Text.of(e)));
        return header;
    }

    static List<Text> texts(String... texts) {
        return Arrays.stream(texts).map(Text::of).toList();
    }

    /** Column alignments, one letter per column: L left, R right. */
    static List<Block.Align> align(String columns) {
        return columns.chars().mapToObj(c -> c == 'R' ? Block.Align.RIGHT : Block.Align.LEFT).toList();
    }

    private static List<String> engines(List<JsonNode> profile) {
        List<String> present = new ArrayList<>();
        for (JsonNode l : profile) {
            String e = l.path("engine").asText("");
            if (!e.isEmpty() && !present.contains(e)) {
                present.add(e);
            }
        }
        List<String> ordered = new ArrayList<>();
        for (String id : Engines.ids()) {
            if (present.contains(id)) {
                ordered.add(id);
            }
        }
        present.stream().filter(e -> !ordered.contains(e)).forEach(ordered::add);
        return ordered;
    }

    static Optional<JsonNode> find(List<JsonNode> profile, String what, String engine, String root) {
        return find(profile, what, engine, root, null);
    }

    /** The last matching line (a re-measurement replaces an earlier one). */
    private static Optional<JsonNode> find(List<JsonNode> profile, String what, String engine, String root,
                                           String phase) {
        JsonNode found = null;
        for (JsonNode l : profile) {
            if (!what.equals(l.path("profile").asText()) || l.has("profilers")) {
                continue; // a line measured under profilers has their figures, not the profile's
            }
            if (engine != null && !engine.equals(l.path("engine").asText())) {
                continue;
            }
            if (root != null && !root.equals(l.path("root").asText())) {
                continue;
            }
            if (phase != null && !phase.equals(l.path("phase").asText())) {
                continue;
            }
            found = l;
        }
        return Optional.ofNullable(found);
    }

    static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
