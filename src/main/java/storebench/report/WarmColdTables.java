package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.Text;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** The profile's warm and cold opens and its noise over time (the warmcold phase's lines), as tables. */
final class WarmColdTables {
    private WarmColdTables() {
    }

    static void add(List<Block> blocks, List<JsonNode> profile, List<JsonNode> lines, List<String> engines) {
        warmCold(blocks, profile, engines);
        noise(blocks, profile, lines, engines);
    }

    private static void warmCold(List<Block> blocks, List<JsonNode> profile, List<String> engines) {
        blocks.add(Block.Heading.of(3, "Warm and cold opens"));
        blocks.add(Block.Paragraph.of("Warm: the stores' files as the create and an untimed pass left them in the page"
                + " cache (resident fraction by mincore before the warm runs). Cold: before each cold run the whole"
                + " pool was evicted (fsync, posix_fadvise DONTNEED), checked by mincore after the eviction and by the"
                + " trial process' device reads (/proc/PID/io read_bytes) during the run. Medians over the runs of each"
                + " run's p50, ms. A run that was not really cold is marked and its figures are not reported as"
                + " cold."));
        List<List<Text>> rows = new ArrayList<>();
        List<Text> notes = new ArrayList<>();
        for (String e : engines) {
            var line = ProfileSection.find(profile, "warmcold", e, null);
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
                    notes.add(Text.of(e + ", cold run " + c.path("run").asInt() + ": " + c.path("verdict").asText()));
                }
            }
            List<String> row = new ArrayList<>(List.of(e, ProfileSection.pct(l.path("residentBeforeWarm").asDouble())));
            for (String m : List.of("open", "count", "close", "oqc")) {
                row.add(ProfileSection.fmt(warm.path(m).asDouble(), 3));
            }
            for (String m : List.of("open", "count", "close", "oqc")) {
                row.add(isCold ? ProfileSection.fmt(cold.path(m).asDouble(), 3) : "not cold (" + ProfileSection.fmt(cold.path(m).asDouble(), 3) + ")");
            }
            row.add(isCold ? ProfileSection.fmt(cold.path("oqc").asDouble() / warm.path("oqc").asDouble(), 1) + "x" : ProfileSection.DASH);
            row.add(ProfileSection.pct(maxResident));
            row.add(ProfileSection.fmt(n == 0 ? 0 : read / n / 1024, 1));
            rows.add(row.stream().map(Text::of).toList());
        }
        blocks.add(new Block.Table(ProfileSection.texts("engine", "resident before warm", "warm open", "warm count", "warm close",
                "warm oqc", "cold open", "cold count", "cold close", "cold oqc", "cold / warm oqc",
                "resident after eviction", "device read per cold open (KB)"), ProfileSection.align("LRRRRRRRRRRRR"), rows));
        notes.add(Text.of("Only the files' pages are evicted: directory entries and inodes stay cached (no root for"
                + " drop_caches). On a virtual machine the host may still cache what the guest's device reads."));
        blocks.add(new Block.BulletList(notes));
    }

    /** The same warm open run back to back in one process, beside the main run's fresh-process spread. */
    private static void noise(List<Block> blocks, List<JsonNode> profile, List<JsonNode> lines,
                                   List<String> engines) {
        if (engines.stream().noneMatch(e -> ProfileSection.find(profile, "noise", e, null).isPresent())) {
            return;
        }
        blocks.add(Block.Heading.of(3, "Noise over time"));
        blocks.add(Block.Paragraph.of("The same warm open run (seed 1) back to back in one trial process: same"
                + " stores, same order, same process, so what moves from run to run is the machine's state over time,"
                + " or the engine's own. Open, query, close p50 per run, ms. Beside it the spread of the main run's"
                + " open runs, each in a fresh process (its oqc_ms, where the main run measured this engine and"
                + " setting)."));
        List<List<Text>> rows = new ArrayList<>();
        for (String e : engines) {
            var found = ProfileSection.find(profile, "noise", e, null);
            if (found.isEmpty()) {
                continue;
            }
            JsonNode l = found.get();
            rows.add(ProfileSection.texts(e, String.valueOf(l.path("runs").asInt()), ProfileSection.fmt(l.path("seconds").asDouble(), 1),
                    ProfileSection.fmt(l.path("minMs").asDouble(), 3), ProfileSection.fmt(l.path("medianMs").asDouble(), 3),
                    ProfileSection.fmt(l.path("maxMs").asDouble(), 3), ProfileSection.pct(l.path("spread").asDouble()),
                    mainRunSpread(lines, e, l.path("setting").asText())));
        }
        blocks.add(new Block.Table(ProfileSection.texts("engine", "runs", "over (s)", "min", "median", "max", "spread, one process",
                "spread, fresh processes (main run)"), ProfileSection.align("LRRRRRRR"), rows));
        blocks.add(new Block.BulletList(List.of(Text.of("Where the one-process spread is as wide as the fresh"
                + " processes' one, the noise is not the process's: on a shared virtual machine it is mostly the"
                + " host's (docs/measuring.md, \"Noise\")."))));
    }

    /** The main run's oqc_ms spread for an engine and setting (the last stat line), or a dash. */
    private static String mainRunSpread(List<JsonNode> lines, String engine, String setting) {
        String spread = ProfileSection.DASH;
        for (JsonNode l : lines) {
            if ("stat".equals(l.path("kind").asText()) && engine.equals(l.path("engine").asText())
                    && setting.equals(l.path("setting").asText()) && StatId.OQC_MS.id().equals(l.path("stat").asText())
                    && l.hasNonNull("spread")) {
                spread = ProfileSection.pct(l.path("spread").asDouble()) + " (R = " + l.path("runs").size() + ")";
            }
        }
        return spread;
    }
}
