package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Text;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the profilers found in the phases they watched (bench.profilers): a table of disk syncs per store made or
 * visited, the top frames of each process' ops, and the profilers that could not watch an engine, with why. A pure
 * function of the profile lines that carry a benchPhase.
 */
final class ProfilerTables {
    private ProfilerTables() {
    }

    static List<Block> blocks(List<JsonNode> lines, List<String> engines) {
        List<Block> blocks = new ArrayList<>();
        List<JsonNode> syncs = of(lines, "syncs", engines);
        List<JsonNode> frames = of(lines, "frames", engines);
        List<JsonNode> unavailable = of(lines, "unavailable", engines);
        if (syncs.isEmpty() && frames.isEmpty() && unavailable.isEmpty()) {
            return blocks;
        }
        blocks.add(Block.Heading.of(3, "Under profilers"));
        blocks.add(new Block.Paragraph(Text.of("Phases whose trial processes ran under ").plusCode("bench.profilers")
                .plus(": each process started for its phase under them and closed after it, its requests' findings"
                        + " read once it had exited. Their figures in the tables above are marked: a profiler slows"
                        + " what it watches.")));
        if (!syncs.isEmpty()) {
            List<List<Text>> rows = new ArrayList<>();
            for (JsonNode l : syncs) {
                List<String> calls = new ArrayList<>();
                int items = Math.max(1, l.path("items").asInt());
                l.path("calls").fields().forEachRemaining(c -> {
                    if (c.getValue().path("count").asInt() > 0) {
                        calls.add(c.getKey() + " " + ProfileSection.fmt(c.getValue().path("count").asDouble() / items, 2));
                    }
                });
                rows.add(ProfileSection.texts(l.path("engine").asText(), l.path("setting").asText(), l.path("benchPhase").asText(),
                        l.path("process").asText(), l.path("op").asText(), String.format(Locale.ROOT, "%,d",
                                l.path("items").asInt()), ProfileSection.fmt(l.path("callsPerItem").asDouble(), 2),
                        calls.isEmpty() ? "none" : String.join(", ", calls),
                        ProfileSection.fmt(l.path("syncMsPerItem").asDouble(), 3)));
            }
            blocks.add(new Block.Paragraph(Text.code("strace -f -T").plus(": sync calls that started while the"
                    + " parent waited for each request, per store made or visited.")));
            blocks.add(new Block.Table(ProfileSection.texts("engine", "setting", "phase", "process", "op", "stores made or visited",
                    "sync calls per store", "calls", "sync time per store (ms)"), ProfileSection.align("LLLLLRRLR"), rows));
        }
        if (!frames.isEmpty()) {
            List<Text> items = new ArrayList<>();
            for (JsonNode l : frames) {
                Text item = Text.of(l.path("engine").asText() + ", " + l.path("benchPhase").asText() + ", "
                        + l.path("op").asText() + " (" + l.path("profiler").asText() + ", " + l.path("process").asText());
                if (l.has("unavailable")) {
                    items.add(item.plus("): " + l.path("unavailable").asText()));
                    continue;
                }
                items.add(ProfileSection.topFrames(item.plus(", " + l.path("samples").asInt() + " samples): "), l));
            }
            blocks.add(new Block.Paragraph(Text.of("Top frames, share of the samples inside each op's loop (JFR: the"
                    + " trial's main thread; --cpu-prof: the op's function).")));
            blocks.add(new Block.BulletList(items));
        }
        if (!unavailable.isEmpty()) {
            List<Text> items = new ArrayList<>();
            for (JsonNode l : unavailable) {
                items.add(Text.of(l.path("engine").asText() + ", " + l.path("benchPhase").asText() + ": not under "
                        + l.path("profiler").asText() + " (" + l.path("unavailable").asText() + ")"));
            }
            blocks.add(new Block.BulletList(items));
        }
        return blocks;
    }

    /** The lines of one kind, in the engines' order, each engine's in the order they were written. */
    private static List<JsonNode> of(List<JsonNode> lines, String profile, List<String> engines) {
        List<JsonNode> found = new ArrayList<>();
        for (String e : engines) {
            for (JsonNode l : lines) {
                if (profile.equals(l.path("profile").asText()) && e.equals(l.path("engine").asText())) {
                    found.add(l);
                }
            }
        }
        return found;
    }
}
