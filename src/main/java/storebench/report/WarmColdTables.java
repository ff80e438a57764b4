package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.Text;

import storebench.results.Column;
import storebench.results.RunResults;
import storebench.results.NoiseLine;
import storebench.results.ProfileLine;
import storebench.results.WarmColdLine;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static storebench.report.model.Titles.fmt;

/** The profile's warm and cold opens and its noise over time (the warmcold phase's lines), as tables. */
final class WarmColdTables {
    private WarmColdTables() {
    }

    static void warmCold(List<Block> blocks, List<ProfileLine> profile, List<String> engines) {
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
            var line = ProfileSection.last(profile, ProfileLine.WARM_COLD, e, null, null)
                    .flatMap(ProfileLine::warmCold);
            if (line.isEmpty()) {
                continue;
            }
            WarmColdLine l = line.get();
            double maxResident = 0;
            double read = 0;
            int n = 0;
            for (WarmColdLine.EvictionCheck c : l.opens().coldChecks()) {
                maxResident = Math.max(maxResident, c.residentAfterEviction());
                read += c.deviceReadBytesPerOpen();
                n++;
                if (!c.cold()) {
                    notes.add(Text.of(e + ", cold run " + c.run() + ": " + c.verdict()));
                }
            }
            List<String> row = new ArrayList<>(List.of(e, ProfileSection.pct(l.before().residentBeforeWarm())));
            List<Double> warm = steps(l.opens().warmMs());
            List<Double> cold = steps(l.opens().coldMs());
            warm.forEach(ms -> row.add(fmt(ms, 3)));
            cold.forEach(ms -> row.add(l.cold() ? fmt(ms, 3) : "not cold (" + fmt(ms, 3) + ")"));
            row.add(l.cold() ? fmt(cold.get(3) / warm.get(3), 1) + "x" : ProfileSection.DASH);
            row.add(ProfileSection.pct(maxResident));
            row.add(fmt(n == 0 ? 0 : read / n / 1024, 1));
            rows.add(row.stream().map(Text::of).toList());
        }
        blocks.add(Block.Table.of(Text.list("engine", "resident before warm", "warm open", "warm count", "warm close",
                "warm oqc", "cold open", "cold count", "cold close", "cold oqc", "cold / warm oqc",
                "resident after eviction", "device read per cold open (KB)"), "LRRRRRRRRRRRR", rows));
        notes.add(Text.of("Only the files' pages are evicted: directory entries and inodes stay cached (no root for"
                + " drop_caches). On a virtual machine the host may still cache what the guest's device reads."));
        blocks.add(new Block.BulletList(notes));
    }

    /** A warm or cold open's columns: open, count, close, and the three together (0 where the line has none). */
    private static List<Double> steps(Map<String, Double> ms) {
        return Stream.of("open", "count", "close", "oqc").map(step -> ms.getOrDefault(step, 0.0)).toList();
    }

    /** The same warm open run back to back in one process, beside the main run's fresh-process spread. */
    static void noise(List<Block> blocks, List<ProfileLine> profile, List<JsonNode> lines,
                              List<String> engines) {
        if (engines.stream().noneMatch(e -> ProfileSection.last(profile, ProfileLine.NOISE, e, null, null)
                .isPresent())) {
            return;
        }
        blocks.add(Block.Heading.of(3, "Noise over time"));
        blocks.add(Block.Paragraph.of("The same warm open run (seed 1) back to back in one trial process: same"
                + " stores, same order, same process, so what moves from run to run is the machine's state over time,"
                + " or the engine's own. Open, query, close p50 per run, ms. Beside it the spread of the main run's"
                + " open runs, each in a fresh process (its oqc_ms, where the main run measured this engine and"
                + " setting)."));
        List<RunResults.Measurement> measured = new RunResults(lines, null).measurements();
        List<List<Text>> rows = new ArrayList<>();
        for (String e : engines) {
            var found = ProfileSection.last(profile, ProfileLine.NOISE, e, null, null);
            if (found.isEmpty() || found.get().noise().isEmpty()) {
                continue;
            }
            NoiseLine l = found.get().noise().get();
            rows.add(Text.list(e, String.valueOf(l.runs()), fmt(l.seconds(), 1), fmt(l.oqc().minMs(), 3),
                    fmt(l.oqc().medianMs(), 3), fmt(l.oqc().maxMs(), 3), ProfileSection.pct(l.oqc().spread()),
                    mainRunSpread(measured, found.get().column())));
        }
        blocks.add(Block.Table.of(Text.list("engine", "runs", "over (s)", "min", "median", "max", "spread, one process",
                "spread, fresh processes (main run)"), "LRRRRRRR", rows));
        blocks.add(new Block.BulletList(List.of(Text.of("Where the one-process spread is as wide as the fresh"
                + " processes' one, the noise is not the process's: on a shared virtual machine it is mostly the"
                + " host's (docs/measuring.md, \"Noise\")."))));
    }

    /** The main run's oqc_ms spread for an engine and setting (the last stat line with one), or a dash. */
    private static String mainRunSpread(List<RunResults.Measurement> measured, Column column) {
        return measured.stream().filter(m -> m.column().equals(column) && StatId.OQC_MS.id().equals(m.stat())
                && m.spread() != null).reduce((a, b) -> b).map(m -> ProfileSection.pct(m.spread()) + " (R = "
                + m.runs().size() + ")").orElse(ProfileSection.DASH);
    }
}
