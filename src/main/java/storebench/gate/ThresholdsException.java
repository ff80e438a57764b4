package storebench.gate;

import java.util.List;
import java.util.stream.Collectors;

/** A thresholds file that cannot be used: every problem, each as {@code file:line: what is wrong; the valid values}. */
public final class ThresholdsException extends IllegalArgumentException {
    /** One problem at one line of the file. */
    public record Problem(int line, String message) {
    }

    private final String file;
    private final List<Problem> problems;

    public ThresholdsException(String file, List<Problem> problems) {
        super(message(file, problems));
        this.file = file;
        this.problems = List.copyOf(problems);
    }

    public String file() {
        return file;
    }

    public List<Problem> problems() {
        return problems;
    }

    /** The first problem first (build tools' summaries show only that line), then the count and every one. */
    private static String message(String file, List<Problem> problems) {
        String list = problems.stream().map(p -> file + ":" + p.line() + ": " + p.message())
                .collect(Collectors.joining("\n  "));
        Problem first = problems.get(0);
        return "thresholds file " + file + ":" + first.line() + ": " + first.message() + "\nThe file is not valid ("
                + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + "; the comments at the top of"
                + " thresholds.yaml describe the format):\n  " + list;
    }
}
