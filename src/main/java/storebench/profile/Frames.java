package storebench.profile;

import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

/** What the two frame profilers (JFR, Node's --cpu-prof) share: the frames kept per line, the name of an op's loop. */
final class Frames {
    /** Frames kept per line. */
    static final int TOP = 8;

    private Frames() {
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
