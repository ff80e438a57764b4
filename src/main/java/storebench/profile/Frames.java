package storebench.profile;

import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

/** What the two frame profilers (JFR, Node's --cpu-prof) share: the frames kept per line, the name of an op's loop. */
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
}
