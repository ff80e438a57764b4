package storebench.profile;

import storebench.results.ProfileLine;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the two frame profilers (JFR, Node's --cpu-prof) share: the frames kept per line, the name of an op's loop, the
 * ranking of their samples' top frames.
 */
final class Frames {
    /** Frames kept per line. */
    static final int TOP = 8;

    private Frames() {
    }

    /** The frames counted (by frame and kind), most samples first, then by name: the first {@code limit}. */
    static List<ProfileLine.Frame> top(Map<List<String>, int[]> counts, int total, int limit) {
        List<ProfileLine.Frame> frames = new ArrayList<>();
        counts.forEach((k, n) -> frames.add(new ProfileLine.Frame(k.get(0), k.get(1), n[0],
                total == 0 ? 0 : (double) n[0] / total)));
        frames.sort((a, b) -> b.samples() != a.samples() ? Integer.compare(b.samples(), a.samples())
                : a.frame().compareTo(b.frame()));
        return frames.subList(0, Math.min(limit, frames.size()));
    }

    /** An op's frames' name: "create", "open" (the visit loop serves every phase that opens), else the op. */
    static String phaseOf(String op) {
        return switch (op) {
            case CreateAnswer.OP, CreateAnswer.PROFILE_OP -> "create";
            case VisitsAnswer.OP -> "open";
            default -> op;
        };
    }
}
