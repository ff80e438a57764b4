package storebench.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.ResultsFile;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.util.List;

/** What the two frame profilers (JFR, Node's --cpu-prof) share: the line of one op's top frames. */
final class Frames {
    /** Frames kept per line. */
    static final int TOP = 8;

    private Frames() {
    }

    /**
     * The report's name of an op's frames: "create" for the creates, "open" for the visits (the open runs' loop
     * serves every phase that opens stores), the op itself for the others.
     */
    static String phaseOf(String op) {
        return switch (op) {
            case CreateAnswer.OP, CreateAnswer.PROFILE_OP -> "create";
            case VisitsAnswer.OP -> "open";
            default -> op;
        };
    }

    static ObjectNode line(String profiler, String op, int items) {
        return ResultsFile.line("profile").put("profile", "frames").put("profiler", profiler).put("op", op)
                .put("phase", phaseOf(op)).put("items", items);
    }

    /** A frames line with its sample count and the top frames. */
    static ObjectNode withTop(ObjectNode l, List<JfrFrames.Frame> top) {
        l.put("samples", top.stream().mapToInt(JfrFrames.Frame::samples).sum());
        ArrayNode a = l.putArray("top");
        for (JfrFrames.Frame f : top.subList(0, Math.min(TOP, top.size()))) {
            a.addObject().put("frame", f.frame()).put("kind", f.kind()).put("samples", f.samples())
                    .put("share", f.share());
        }
        return l;
    }
}
