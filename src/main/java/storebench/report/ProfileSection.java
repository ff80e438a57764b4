package storebench.report;

import storebench.engine.Engines;


import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.EngineDescriptor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's "Where the time goes" section, a pure function of the {@code kind: "profile"} lines of a run's
 * results.jsonl (written by {@link ProfileRun}). Empty when the run has no profile lines.
 */
public final class ProfileSection {
    public static final String FILE = "profile.md";
    static final String DASH = "–";
    static final List<String> STEPS = List.of("open", "build", "put", "close", "total");
    static final Map<String, String> STEP_TITLES = Map.of(
            "open", "Create the directory, open the new store (schema commit)",
            "build", "Build the W notes in memory",
            "put", "Put the W notes in one transaction, incl. commit (and serialization)",
            "close", "Close",
            "total", "Total");

    private ProfileSection() {
    }

    public static String render(List<JsonNode> lines) {
        List<JsonNode> profile = new ArrayList<>();
        for (JsonNode l : lines) {
            if ("profile".equals(l.path("kind").asText())) {
                profile.add(l);
            }
        }
        if (profile.isEmpty()) {
            return "";
        }
        List<String> engines = engines(profile);
        StringBuilder out = new StringBuilder();
        JsonNode any = find(profile, "create", null, null).orElse(profile.get(0));
        out.append("## Where the time goes\n\n");
        out.append(String.format(Locale.ROOT, "Profiling trials (`-Dbench.profile=true`): setting `%s`, workload `%s`,"
                        + " %d stores per engine, each measurement in trial processes of its own (not the main run's"
                        + " stores or processes).%n%n", any.path("setting").asText(), any.path("workload").asText(),
                any.path("stores").asInt()));
        roots(out, profile);
        createTable(out, profile, engines);
        syncTable(out, profile, engines);
        warmColdTable(out, profile, engines);
        noiseTable(out, profile, lines, engines);
        frames(out, profile, engines);
        return out.toString();
    }

    private static void roots(StringBuilder out, List<JsonNode> profile) {
        for (JsonNode r : profile) {
            if (!"rootsync".equals(r.path("profile").asText())) {
                continue;
            }
            String name = r.path("root").asText().equals("disk") ? "Bench root" : "tmpfs root";
            if (r.has("unavailable")) {
                out.append("- ").append(name).append(": not measured (").append(r.path("unavailable").asText())
                        .append(")\n");
                continue;
            }
            out.append(String.format(Locale.ROOT, "- %s: `%s` (%s, %s); its own sync latency (write 4 KiB +"
                            + " fdatasync, %d times): median %.3f ms, p90 %.3f ms%n", name, r.path("rootPath").asText(),
                    r.path("fsType").asText(), r.path("mountOptions").asText(), r.path("rounds").asInt(),
                    r.path("fdatasyncMedianMs").asDouble(), r.path("fdatasyncP90Ms").asDouble()));
        }
        out.append('\n');
    }

    private static void createTable(StringBuilder out, List<JsonNode> profile, List<String> engines) {
        out.append("### Create, step by step\n\n");
        out.append("Median ms per store of each step (`createprofile`), on disk / on tmpfs (no real disk sync).\n\n");
        StringBuilder header = new StringBuilder("| step |");
        StringBuilder rule = new StringBuilder("| --- |");
        for (String e : engines) {
            header.append(' ').append(e).append(" |");
            rule.append(" ---: |");
        }
        out.append(header).append('\n').append(rule).append('\n');
        for (String step : STEPS) {
            out.append("| ").append(STEP_TITLES.get(step)).append(" |");
            for (String e : engines) {
                out.append(' ').append(step(profile, e, "disk", step)).append(" / ")
                        .append(step(profile, e, "tmpfs", step)).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
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
                out.append("- ").append(e).append(": the largest step is ").append(s).append(".\n");
            }
        }
        out.append("- Serialization happens inside put: ObjectBox Java serializes each note in the generated cursor code"
                + " (NoteCursor.put, called by Box.put, hands the note's values to the native Cursor.collect313311,"
                + " which builds the FlatBuffer), so there is no separate marshalling step as in ObjectBox Python; the"
                + " SQL engines bind each note's values to a prepared INSERT.\n");
        List<String> loads = new ArrayList<>();
        for (String e : engines) {
            find(profile, "create", e, "disk").filter(l -> l.has("load1AtStart")).ifPresent(l -> loads.add(e + " "
                    + fmt(l.path("load1AtStart").asDouble(), 2)));
        }
        if (!loads.isEmpty()) {
            out.append("- 1-minute load average at the start of each engine's create on disk: ")
                    .append(String.join(", ", loads)).append(" (a disk-bound create is sensitive to other I/O on the"
                    + " machine).\n");
        }
        out.append("- The build step (Java: `new Note(...)`; Node: texts array) is timed here only; the main run's"
                + " create_ms builds the notes before its clock starts.\n\n");
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

    private static void syncTable(StringBuilder out, List<JsonNode> profile, List<String> engines) {
        out.append("### Disk syncs per store\n\n");
        out.append("`strace -f -T` over a create of a few stores on the bench root (calls that started during the"
                + " `create` request); beside it the create's median on disk from the profile above and the root's own"
                + " fdatasync latency.\n\n");
        out.append("| engine | sync calls per store | calls | sync time per store (ms) | create on disk (ms) |"
                + " sync share of create | root fdatasync median (ms) |\n");
        out.append("| --- | ---: | --- | ---: | ---: | ---: | ---: |\n");
        List<String> notes = new ArrayList<>();
        for (String e : engines) {
            var line = find(profile, "syncs", e, null);
            if (line.isEmpty()) {
                continue;
            }
            JsonNode l = line.get();
            String root = l.has("rootFdatasyncMedianMs") ? fmt(l.path("rootFdatasyncMedianMs").asDouble(), 3) : DASH;
            if (l.has("unavailable")) {
                out.append("| ").append(e).append(" | ").append(DASH).append(" | ").append(DASH).append(" | ")
                        .append(DASH).append(" | ").append(DASH).append(" | ").append(DASH).append(" | ")
                        .append(root).append(" |\n");
                notes.add(e + ": " + l.path("unavailable").asText());
                continue;
            }
            int n = l.path("straceStores").asInt();
            List<String> calls = new ArrayList<>();
            l.path("calls").fields().forEachRemaining(c -> {
                if (c.getValue().path("count").asInt() > 0) {
                    calls.add(String.format(Locale.ROOT, "%s %s", c.getKey(),
                            fmt(c.getValue().path("count").asDouble() / n, 1)));
                }
            });
            double syncMs = l.path("syncMsPerStore").asDouble();
            String create = find(profile, "create", e, "disk").filter(c -> c.has("stepsMs"))
                    .map(c -> fmt(c.get("stepsMs").path("total").asDouble(), 2)).orElse(DASH);
            String share = find(profile, "create", e, "disk").filter(c -> c.has("stepsMs"))
                    .map(c -> pct(syncMs / c.get("stepsMs").path("total").asDouble())).orElse(DASH);
            out.append("| ").append(e).append(" | ").append(fmt(l.path("callsPerStore").asDouble(), 1)).append(" | ")
                    .append(calls.isEmpty() ? "none" : String.join(", ", calls)).append(" | ").append(fmt(syncMs, 2))
                    .append(" | ").append(create).append(" | ").append(share).append(" | ").append(root).append(" |\n");
        }
        out.append('\n');
        for (String n : notes) {
            out.append("- ").append(n).append('\n');
        }
        if (!notes.isEmpty()) {
            out.append('\n');
        }
    }

    private static void warmColdTable(StringBuilder out, List<JsonNode> profile, List<String> engines) {
        out.append("### Warm and cold opens\n\n");
        out.append("Warm: the stores' files as the create and an untimed pass left them in the page cache (resident"
                + " fraction by mincore before the warm runs). Cold: before each cold run the whole pool was evicted"
                + " (fsync, posix_fadvise DONTNEED), checked by mincore after the eviction and by the trial process'"
                + " device reads (/proc/PID/io read_bytes) during the run. Medians over the runs of each run's p50, ms."
                + " A run that was not really cold is marked and its figures are not reported as cold.\n\n");
        out.append("| engine | resident before warm | warm open | warm count | warm close | warm oqc | cold open |"
                + " cold count | cold close | cold oqc | cold / warm oqc | resident after eviction | device read per"
                + " cold open (KB) |\n");
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        List<String> notes = new ArrayList<>();
        for (String e : engines) {
            var line = find(profile, "warmcold", e, null);
            if (line.isEmpty()) {
                continue;
            }
            JsonNode l = line.get();
            JsonNode warm = l.path("warmMs");
            JsonNode cold = l.path("coldMs");
            boolean isCold = l.path("cold").asBoolean();
            double maxResident = 0;
            double read = 0;
            int n = 0;
            for (JsonNode c : l.path("coldChecks")) {
                maxResident = Math.max(maxResident, c.path("residentAfterEviction").asDouble());
                read += c.path("deviceReadBytesPerOpen").asDouble();
                n++;
                if (!c.path("cold").asBoolean()) {
                    notes.add(e + ", cold run " + c.path("run").asInt() + ": " + c.path("verdict").asText());
                }
            }
            out.append("| ").append(e).append(" | ").append(pct(l.path("residentBeforeWarm").asDouble()));
            for (String m : List.of("open", "count", "close", "oqc")) {
                out.append(" | ").append(fmt(warm.path(m).asDouble(), 3));
            }
            for (String m : List.of("open", "count", "close", "oqc")) {
                out.append(" | ").append(isCold ? fmt(cold.path(m).asDouble(), 3)
                        : "not cold (" + fmt(cold.path(m).asDouble(), 3) + ")");
            }
            out.append(" | ").append(isCold ? fmt(cold.path("oqc").asDouble() / warm.path("oqc").asDouble(), 1) + "x"
                    : DASH);
            out.append(" | ").append(pct(maxResident)).append(" | ").append(fmt(n == 0 ? 0 : read / n / 1024, 1))
                    .append(" |\n");
        }
        out.append('\n');
        for (String n : notes) {
            out.append("- ").append(n).append('\n');
        }
        out.append("- Only the files' pages are evicted: directory entries and inodes stay cached (no root for"
                + " drop_caches). On a virtual machine the host may still cache what the guest's device reads.\n\n");
    }

    /** The same warm open run back to back in one process, beside the main run's fresh-process spread. */
    private static void noiseTable(StringBuilder out, List<JsonNode> profile, List<JsonNode> lines,
                                   List<String> engines) {
        if (engines.stream().noneMatch(e -> find(profile, "noise", e, null).isPresent())) {
            return;
        }
        out.append("### Noise over time\n\n");
        out.append("The same warm open run (seed 1) back to back in one trial process: same stores, same order, same"
                + " process, so what moves from run to run is the machine's state over time, or the engine's own."
                + " Open, query, close p50 per run, ms. Beside it the spread of the main run's open runs, each in a"
                + " fresh process (its oqc_ms, where the main run measured this engine and setting).\n\n");
        out.append("| engine | runs | over (s) | min | median | max | spread, one process | spread, fresh processes"
                + " (main run) |\n");
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (String e : engines) {
            var found = find(profile, "noise", e, null);
            if (found.isEmpty()) {
                continue;
            }
            JsonNode l = found.get();
            out.append("| ").append(e).append(" | ").append(l.path("runs").asInt()).append(" | ")
                    .append(fmt(l.path("seconds").asDouble(), 1)).append(" | ")
                    .append(fmt(l.path("minMs").asDouble(), 3)).append(" | ")
                    .append(fmt(l.path("medianMs").asDouble(), 3)).append(" | ")
                    .append(fmt(l.path("maxMs").asDouble(), 3)).append(" | ").append(pct(l.path("spread").asDouble()))
                    .append(" | ").append(mainRunSpread(lines, e, l.path("setting").asText())).append(" |\n");
        }
        out.append("\n- Where the one-process spread is as wide as the fresh processes' one, the noise is not the"
                + " process's: on a shared virtual machine it is mostly the host's (README, \"Noise\").\n\n");
    }

    /** The main run's oqc_ms spread for an engine and setting (the last stat line), or a dash. */
    private static String mainRunSpread(List<JsonNode> lines, String engine, String setting) {
        String spread = DASH;
        for (JsonNode l : lines) {
            if ("stat".equals(l.path("kind").asText()) && engine.equals(l.path("engine").asText())
                    && setting.equals(l.path("setting").asText()) && "oqc_ms".equals(l.path("stat").asText())
                    && l.hasNonNull("spread")) {
                spread = pct(l.path("spread").asDouble()) + " (R = " + l.path("runs").size() + ")";
            }
        }
        return spread;
    }

    private static void frames(StringBuilder out, List<JsonNode> profile, List<String> engines) {
        out.append("### Top frames\n\n");
        // the JVM engines' sampling period as the frames lines recorded it (JFR's, set by the profile)
        String period = profile.stream().filter(l -> "frames".equals(l.path("profile").asText())
                && l.has("samplingPeriod") && !l.has("profiler")).map(l -> l.path("samplingPeriod").asText())
                .findFirst().orElse("1 ms");
        out.append("The method on top of the stack, share of the samples taken inside the phase loop (create profile;"
                + " open runs), in a trial process of its own. JVM engines: JFR (sampling every " + period
                + ", Java and native samples of the trial's main thread; \"(native)\" = the thread was in native code:"
                + " JNI into the engine, or a system call). Node engines: node --cpu-prof.\n\n");
        String nodeNote = null;
        List<String> unavailable = new ArrayList<>();
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
                List<String> top = new ArrayList<>();
                for (JsonNode f : l.path("top")) {
                    top.add(String.format(Locale.ROOT, "`%s`%s %s", f.path("frame").asText(),
                            f.path("kind").asText().equals("native") ? " (native)" : "",
                            pct(f.path("share").asDouble())));
                }
                out.append("- ").append(e).append(", ").append(phase).append(" (").append(l.path("samples").asInt())
                        .append(" samples): ").append(top.isEmpty() ? "no samples" : String.join(", ", top))
                        .append('\n');
            }
        }
        if (!unavailable.isEmpty()) {
            String why = find(profile, "frames", unavailable.get(0), null, "create").get().path("unavailable").asText();
            out.append("- ").append(String.join(", ", unavailable)).append(": ").append(why).append('\n');
        }
        if (nodeNote != null) {
            out.append("- Node engines: ").append(nodeNote).append('\n');
        }
        out.append('\n');
    }

    // ---------------------------------------------------------------------------------------------------------

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

    private static java.util.Optional<JsonNode> find(List<JsonNode> profile, String what, String engine, String root) {
        return find(profile, what, engine, root, null);
    }

    /** The last matching line (a re-measurement replaces an earlier one). */
    private static java.util.Optional<JsonNode> find(List<JsonNode> profile, String what, String engine, String root,
                                                     String phase) {
        JsonNode found = null;
        for (JsonNode l : profile) {
            if (!what.equals(l.path("profile").asText())) {
                continue;
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
        return java.util.Optional.ofNullable(found);
    }

    static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
