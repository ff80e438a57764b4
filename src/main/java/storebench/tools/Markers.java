package storebench.tools;

import java.nio.file.Path;

/** A generated part of a Markdown file between BEGIN and END markers, written by a tool, checked by its test. */
record Markers(String begin, String end) {
    /** {@code text} with the part between the markers replaced by {@code part}. */
    String replace(String text, String part, Path path) {
        int[] at = between(text, path);
        return text.substring(0, at[0]) + part + text.substring(at[1]);
    }

    /** The part as {@code text} holds it now. */
    String in(String text, Path path) {
        int[] at = between(text, path);
        return text.substring(at[0], at[1]);
    }

    /** Where the part starts (the line after BEGIN) and ends (END). */
    private int[] between(String text, Path path) {
        int b = text.indexOf(begin + "\n");
        int e = b < 0 ? -1 : text.indexOf(end, b);
        if (b < 0 || e < 0) {
            throw new IllegalArgumentException(path + " has no table between the lines " + begin + " and " + end
                    + ": put both lines where the table belongs");
        }
        return new int[] {b + begin.length() + 1, e};
    }
}
