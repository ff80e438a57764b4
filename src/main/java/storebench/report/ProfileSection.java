package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.render.MarkdownReport;

import storebench.engine.Engines;
import storebench.results.ProfileLine;
import storebench.results.ProfileLine.CreateSteps;
import storebench.results.ProfileLine.Frame;
import storebench.results.ProfileLine.Frames;
import storebench.results.ProfileLine.RootSync;
import storebench.results.ProfileLine.Steps;
import storebench.results.ProfileLine.Syncs;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static storebench.report.model.Titles.fmt;

/** The report's "Where the time goes": a pure function of the run's profile lines; absent without them. */
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
    private static final Map<String, String> SHORT_STEPS = Map.of("open", "create + open (schema commit)",
            "build", "building the notes", "put", "put incl. commit");

    private ProfileSection() {
    }

    /** The section as profile.md has it; empty when the lines have no profile lines. */
    public static String render(List<JsonNode> lines) {
        return section(lines).map(s -> MarkdownReport.render(s.all())).orElse("");
    }

    /** The section of the profile lines; the stat lines give its noise table the main runs' spread. */
    public static Optional<Section> section(List<JsonNode> lines) {
        List<ProfileLine> all = lines.stream().filter(ProfileLine::is).map(ProfileLine::of).toList();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        List<String> engines = engines(all);
        List<Block> blocks = new ArrayList<>();
        if (all.stream().noneMatch(ProfileSection::ofTheProfile)) {
            // bench.profilers alone: what the profilers found in the phases they watched
            blocks.addAll(ProfilerTables.blocks(all, engines));
            return Optional.of(new Section(Block.Heading.of(2, "Where the time goes"), blocks));
        }
        List<ProfileLine> profile = all.stream().filter(ProfileSection::ofTheProfile).toList();
        ProfileLine any = last(profile, ProfileLine.CREATE, null, null, null).orElse(profile.get(0));
        blocks.add(new Block.Paragraph(Text.of("Profiling trials (").plusCode("-Dbench.profile=true")
                .plus("): setting ").plusCode(any.column().setting()).plus(", workload ")
                .plusCode(any.scope().workload()).plus(", " + any.scope().stores() + " stores per engine,"
                        + " each measurement in trial processes of its own (not the main run's stores or processes).")));
        blocks.add(roots(profile));
        createTable(blocks, profile, engines);
        syncTable(blocks, profile, engines);
        WarmColdTables.warmCold(blocks, profile, engines);
        WarmColdTables.noise(blocks, profile, lines, engines);
        frames(blocks, profile, engines);
        blocks.addAll(ProfilerTables.blocks(all.stream().filter(l -> !ofTheProfile(l)).toList(), engines));
        return Optional.of(new Section(Block.Heading.of(2, "Where the time goes"), blocks));
    }

    /** Whether a line is -Dbench.profile=true's own, or its profilers' finding on the create steps. */
    static boolean ofTheProfile(ProfileLine l) {
        if (List.of(ProfileLine.ROOT_SYNC, ProfileLine.CREATE, ProfileLine.WARM_COLD, ProfileLine.NOISE)
                .contains(l.profile())) {
            return true;
        }
        return l.watch().benchPhase().map("createsteps"::equals).orElse(true);
    }

    private static Block roots(List<ProfileLine> profile) {
        List<Text> items = new ArrayList<>();
        for (ProfileLine l : profile) {
            if (l.rootSync().isEmpty()) {
                continue;
            }
            RootSync r = l.rootSync().get();
            String name = l.scope().root().equals("disk") ? "Bench root" : "tmpfs root";
            if (l.unavailable().isPresent()) {
                items.add(Text.of(name + ": not measured (" + l.unavailable().get() + ")"));
                continue;
            }
            items.add(Text.of(name + ": ").plusCode(r.rootPath()).plus(String.format(Locale.ROOT,
                    " (%s, %s); its own sync latency (write 4 KiB + fdatasync, %d times): median %.3f ms, p90 %.3f ms",
                    r.fsType(), r.mountOptions(), r.rounds(), r.fdatasyncMedianMs().orElse(0),
                    r.fdatasyncP90Ms())));
        }
        return new Block.BulletList(items);
    }

    private static void createTable(List<Block> blocks, List<ProfileLine> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Create, step by step"));
        blocks.add(new Block.Paragraph(Text.of("Median ms per store of each step (").plusCode("createprofile")
                .plus("), on disk / on tmpfs (no real disk sync).")));
        List<List<Text>> rows = new ArrayList<>();
        for (String step : STEPS) {
            rows.add(Text.row(STEP_TITLES.get(step), engines.stream().map(e -> step(profile, e, "disk", step) + " / "
                    + step(profile, e, "tmpfs", step)).toList()));
        }
        blocks.add(Block.Table.ofFigures(Text.row("step", engines), rows));
        List<Text> notes = new ArrayList<>();
        for (String e : engines) {
            List<String> largest = new ArrayList<>();
            for (String root : List.of("disk", "tmpfs")) {
                steps(profile, e, root).ifPresent(steps -> {
                    String top = null;
                    for (String step : List.of("open", "build", "put", "close")) {
                        if (top == null || steps.of(step) > steps.of(top)) {
                            top = step;
                        }
                    }
                    largest.add(String.format(Locale.ROOT, "on %s %s (%.2f of %.2f ms)", root,
                            SHORT_STEPS.getOrDefault(top, top), steps.of(top), steps.total()));
                });
            }
            if (!largest.isEmpty()) {
                notes.add(Text.of(e + ": the largest step is " + String.join("; ", largest) + "."));
            }
        }
        // Each engine's descriptor says where its serialization happens: no sentence here may assume a kind of engine.
        List<String> puts = engines.stream().flatMap(e -> Engines.find(e).map(d -> e + ", "
                + d.put().replaceFirst("^inside put: ", "")).stream()).toList();
        if (!puts.isEmpty()) {
            notes.add(Text.of("Serialization happens inside put (there is no separate marshalling step as in ObjectBox"
                    + " Python): " + String.join("; ", puts) + "."));
        }
        List<String> loads = engines.stream().flatMap(e -> last(profile, ProfileLine.CREATE, e, "disk", null)
                .flatMap(ProfileLine::createSteps).filter(c -> c.load1AtStart().isPresent())
                .map(c -> e + " " + fmt(c.load1AtStart().getAsDouble(), 2)).stream()).toList();
        if (!loads.isEmpty()) {
            notes.add(Text.of("1-minute load average at the start of each engine's create on disk: "
                    + String.join(", ", loads) + " (a disk-bound create is sensitive to other I/O on the machine)."));
        }
        notes.add(Text.of("The build step (Java: ").plusCode("new Note(...)").plus("; Node: texts array) is timed"
                + " here only; the main run's create_ms builds the notes before its clock starts."));
        blocks.add(new Block.BulletList(notes));
    }

    /** The steps of an engine's last create on a root; empty where that line has none (its create not measured). */
    private static Optional<Steps> steps(List<ProfileLine> profile, String engine, String root) {
        return last(profile, ProfileLine.CREATE, engine, root, null).flatMap(ProfileLine::createSteps)
                .flatMap(CreateSteps::stepsMs);
    }

    private static String step(List<ProfileLine> profile, String engine, String root, String step) {
        return steps(profile, engine, root).map(s -> fmt(s.of(step), 2)).orElse(DASH);
    }

    private static void syncTable(List<Block> blocks, List<ProfileLine> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Disk syncs per store"));
        // since profilers plug into phases, strace watches the create profile's own N stores, not a create of 20
        boolean ofCreateSteps = profile.stream().anyMatch(l -> l.syncs().isPresent() && l.watch().op().isPresent());
        blocks.add(new Block.Paragraph(Text.code("strace -f -T").plus(ofCreateSteps
                ? " over the create profile's stores on the bench root, in a process of its own (calls that started"
                + " during its " : " over a create of a few stores on the bench root (calls that started during the ")
                .plusCode(ofCreateSteps ? "createprofile" : "create").plus(" request); beside it the create's"
                + " median on disk from the profile above and the root's own fdatasync latency.")));
        List<List<Text>> rows = new ArrayList<>();
        List<Text> notes = new ArrayList<>();
        for (ProfileLine l : engines.stream().flatMap(e -> createSyncs(profile, e, null).stream()).toList()) {
            String e = l.column().engine();
            Syncs s = l.syncs().orElseThrow();
            // the root's latency: on the line before profilers plugged into phases, in the rootsync line since
            String root = s.rootFdatasyncMedianMs().isPresent() ? fmt(s.rootFdatasyncMedianMs().getAsDouble(), 3)
                    : l.watch().op().isEmpty() ? DASH : last(profile, ProfileLine.ROOT_SYNC, null, "disk", null)
                    .flatMap(ProfileLine::rootSync).map(RootSync::fdatasyncMedianMs).filter(OptionalDouble::isPresent)
                    .map(m -> fmt(m.getAsDouble(), 3)).orElse(DASH);
            if (l.unavailable().isPresent()) {
                rows.add(Text.list(e, DASH, DASH, DASH, DASH, DASH, root));
                notes.add(Text.of(e + ": " + l.unavailable().get()));
                continue;
            }
            double syncMs = s.syncMsPerItem();
            Optional<Steps> create = steps(profile, e, "disk");
            rows.add(Text.list(e, fmt(s.callsPerItem().orElse(0), 1), callsPer(s, s.items(), 1),
                    fmt(syncMs, 2), create.map(c -> fmt(c.total(), 2)).orElse(DASH),
                    create.map(c -> pct(syncMs / c.total())).orElse(DASH), root));
        }
        blocks.add(Block.Table.of(Text.list("engine", "sync calls per store", "calls", "sync time per store (ms)",
                "create on disk (ms)", "sync share of create", "root fdatasync median (ms)"), "LRLRRRR", rows));
        if (!notes.isEmpty()) {
            blocks.add(new Block.BulletList(notes));
        }
    }

    /** Each sync call made, per item ("fdatasync 2.0, fsync 1.0"), or "none". */
    static String callsPer(Syncs s, int items, int decimals) {
        List<String> calls = new ArrayList<>();
        s.calls().forEach((name, c) -> {
            if (c.count() > 0) {
                calls.add(name + " " + fmt((double) c.count() / items, decimals));
            }
        });
        return calls.isEmpty() ? "none" : String.join(", ", calls);
    }

    /** The last strace line of an engine's creates (under a setting, where given). */
    static Optional<ProfileLine> createSyncs(List<ProfileLine> profile, String engine, String setting) {
        return profile.stream().filter(l -> l.syncs().isPresent() && engine.equals(l.column().engine())
                && (setting == null || setting.equals(l.column().setting()))
                && l.watch().op().map(op -> op.startsWith("create")).orElse(true)).reduce((a, b) -> b);
    }

    /** Sync calls per created store, from an engine's {@link #createSyncs} line; empty where strace did not count. */
    public static Optional<Double> syncsPerCreatedStore(List<JsonNode> profile, String engine, String setting) {
        return createSyncs(profile.stream().map(ProfileLine::of).toList(), engine, setting)
                .filter(l -> l.unavailable().isEmpty()).flatMap(ProfileLine::syncs)
                .filter(s -> s.callsPerItem().isPresent()).map(s -> s.callsPerItem().getAsDouble());
    }

    private static void frames(List<Block> blocks, List<ProfileLine> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Top frames"));
        // the JVM engines' sampling period as the frames lines recorded it (JFR's, set by the profile)
        String period = profile.stream().flatMap(l -> l.frames().stream())
                .filter(f -> f.samplingPeriod().isPresent() && f.note().isEmpty()).map(f -> f.samplingPeriod().get())
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
                var line = last(profile, ProfileLine.FRAMES, e, null, phase);
                if (line.isEmpty()) {
                    continue;
                }
                ProfileLine l = line.get();
                if (l.unavailable().isPresent()) {
                    if (phase.equals("create")) {
                        unavailable.add(e);
                    }
                    continue;
                }
                Frames f = l.frames().orElseThrow();
                if (f.note().isPresent()) {
                    nodeNote = f.note().get();
                }
                items.add(topFrames(Text.of(e + ", " + phase + " (" + f.samples() + " samples): "), f));
            }
        }
        if (!unavailable.isEmpty()) {
            String why = last(profile, ProfileLine.FRAMES, unavailable.get(0), null, "create").orElseThrow()
                    .unavailable().orElseThrow();
            items.add(Text.of(String.join(", ", unavailable) + ": " + why));
        }
        if (nodeNote != null) {
            items.add(Text.of("Node engines: " + nodeNote));
        }
        blocks.add(new Block.BulletList(items));
    }

    /** A frames line's top frames after its label: each frame with "(native)" where it was, and its share. */
    static Text topFrames(Text label, Frames frames) {
        Text item = frames.top().isEmpty() ? label.plus("no samples") : label;
        String separator = "";
        for (Frame f : frames.top()) {
            item = item.plus(separator).plusCode(f.frame()).plus(String.format(Locale.ROOT,
                    "%s %s", f.kind().equals("native") ? " (native)" : "", pct(f.share())));
            separator = ", ";
        }
        return item;
    }

    private static List<String> engines(List<ProfileLine> profile) {
        // the engines' own order, then those this build does not know in the order they came
        return profile.stream().map(l -> l.column().engine()).filter(e -> !e.isEmpty()).distinct()
                .sorted(java.util.Comparator.comparingInt(Engines::rank)).toList();
    }

    /** The last line (a re-measurement replaces one) of a kind, engine, root and frames phase; never a profiled one. */
    static Optional<ProfileLine> last(List<ProfileLine> profile, String what, String engine, String root,
                                      String phase) {
        return profile.stream().filter(l -> matches(l, what, engine, root, phase)).reduce((a, b) -> b);
    }

    private static boolean matches(ProfileLine l, String what, String engine, String root, String phase) {
        if (!what.equals(l.profile()) || l.underProfilers()) {
            return false; // a line measured under profilers has their figures, not the profile's
        }
        return (engine == null || engine.equals(l.column().engine()))
                && (root == null || root.equals(l.scope().root()))
                && (phase == null || l.frames().filter(f -> phase.equals(f.phase())).isPresent());
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
