package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Text;

import storebench.results.ProfileLine;
import storebench.results.ProfileLine.Syncs;

import java.util.ArrayList;
import java.util.List;

import static storebench.report.model.Titles.fmt;

/** What the profilers found (bench.profilers): syncs per store, top frames per op, the engines they could not watch. */
final class ProfilerTables {
    private ProfilerTables() {
    }

    static List<Block> blocks(List<ProfileLine> lines, List<String> engines) {
        List<Block> blocks = new ArrayList<>();
        List<ProfileLine> syncs = of(lines, ProfileLine.SYNCS, engines);
        List<ProfileLine> frames = of(lines, ProfileLine.FRAMES, engines);
        List<ProfileLine> unavailable = of(lines, ProfileLine.UNAVAILABLE, engines);
        if (syncs.isEmpty() && frames.isEmpty() && unavailable.isEmpty()) {
            return blocks;
        }
        blocks.add(Block.Heading.of(3, "Under profilers"));
        blocks.add(new Block.Paragraph(Text.of("Phases whose trial processes ran under ").plusCode("bench.profilers")
                .plus(": each process started for its phase under them and closed after it, its requests' findings"
                        + " read once it had exited. Their figures in the tables above are marked: a profiler slows"
                        + " what it watches.")));
        if (!syncs.isEmpty()) {
            blocks.add(new Block.Paragraph(Text.code("strace -f -T").plus(": sync calls that started while the"
                    + " parent waited for each request, per store made or visited.")));
            blocks.add(syncs(syncs));
        }
        if (!frames.isEmpty()) {
            blocks.add(new Block.Paragraph(Text.of("Top frames, share of the samples inside each op's loop (JFR: the"
                    + " trial's main thread; --cpu-prof: the op's function).")));
            blocks.add(frames(frames));
        }
        if (!unavailable.isEmpty()) {
            blocks.add(new Block.BulletList(unavailable.stream().map(l -> Text.of(l.column().engine() + ", "
                    + l.watch().benchPhase().orElse("") + ": not under " + l.watch().profiler() + " ("
                    + l.unavailable().orElse("") + ")")).toList()));
        }
        return blocks;
    }

    /** The syncs lines' table: a row per process and op, its sync calls per store made or visited. */
    private static Block syncs(List<ProfileLine> syncs) {
        List<List<Text>> rows = new ArrayList<>();
        for (ProfileLine l : syncs) {
            Syncs s = l.syncs().orElseThrow();
            ProfileLine.Watch w = l.watch();
            rows.add(Text.list(l.column().engine(), l.column().setting(), w.benchPhase().orElse(""),
                    w.process(), w.op().orElse(""), fmt(s.items(), 0), fmt(s.callsPerItem().orElse(0), 2),
                    ProfileSection.callsPer(s, Math.max(1, s.items()), 2), fmt(s.syncMsPerItem(), 3)));
        }
        return Block.Table.of(Text.list("engine", "setting", "phase", "process", "op", "stores made or visited",
                "sync calls per store", "calls", "sync time per store (ms)"), "LLLLLRRLR", rows);
    }

    /** The frames lines' list: an item per process and op, its top frames or why it has none. */
    private static Block frames(List<ProfileLine> frames) {
        List<Text> items = new ArrayList<>();
        for (ProfileLine l : frames) {
            ProfileLine.Watch w = l.watch();
            Text item = Text.of(l.column().engine() + ", " + w.benchPhase().orElse("") + ", "
                    + w.op().orElse("") + " (" + w.profiler() + ", " + w.process());
            if (l.unavailable().isPresent()) {
                items.add(item.plus("): " + l.unavailable().get()));
                continue;
            }
            ProfileLine.Frames f = l.frames().orElseThrow();
            items.add(ProfileSection.topFrames(item.plus(", " + f.samples() + " samples): "), f));
        }
        return new Block.BulletList(items);
    }

    /** The lines of one kind, in the engines' order, each engine's in the order they were written. */
    private static List<ProfileLine> of(List<ProfileLine> lines, String profile, List<String> engines) {
        return engines.stream().flatMap(e -> lines.stream().filter(l -> profile.equals(l.profile())
                && e.equals(l.column().engine()))).toList();
    }
}
