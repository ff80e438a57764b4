package storebench.model;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The notes one store holds, byte for byte the same in every engine and runtime (both check
 * fixtures/workload-notes.json): large, small, or custom (W notes of C characters of the large workload's text scheme).
 * A workload is its id, which says its W and C.
 *
 * @param notesPerStore W: the notes each store holds, and the count every count query must return
 * @param noteChars     C: the text's characters (0 for the small workload, whose texts are the head alone)
 */
public record Workload(String id, int notesPerStore, int noteChars) {
    /** 2026-10-11T00:00:00Z in epoch milliseconds; note j has ts = BASE_TS + j. */
    public static final long BASE_TS = 1_791_676_800_000L;
    public static final int LARGE_TEXT_CHARS = 300;
    public static final String LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
            + " incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco"
            + " laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate"
            + " velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt"
            + " in culpa qui officia deserunt mollit anim id est laborum.";

    /** 1,000 notes of 300 characters each. */
    public static final Workload LARGE = new Workload("large", 1_000, LARGE_TEXT_CHARS);
    /** 10 short notes ("note j of agent i", no Lorem). */
    public static final Workload SMALL = new Workload("small", 10, 0);

    /** What bench.workload names a user's own workload by; its W and C come from bench.notes and bench.noteChars. */
    public static final String CUSTOM = "custom";
    /** The most notes a custom store holds. */
    public static final int MAX_NOTES = 1_000_000;
    /** The longest custom note's text. */
    public static final int MAX_NOTE_CHARS = 1_000_000;
    /** The most characters of a custom store: the trial's 256 MiB heap builds its notes, engines copy them at once. */
    public static final long MAX_STORE_CHARS = 32L << 20;
    /** A custom workload's id: W and C in it, so that its pool, results and the Node worker know them from the id. */
    private static final Pattern CUSTOM_ID = Pattern.compile("custom-([0-9]+)x([0-9]+)");

    /**
     * A user's workload: W notes of C characters each.
     *
     * @throws IllegalArgumentException W or C out of range, or W x C more than {@link #MAX_STORE_CHARS}, named with
     * what is valid
     */
    public static Workload custom(int notes, int noteChars) {
        if (notes < 1 || notes > MAX_NOTES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "bench.notes=%d is not valid: give the notes"
                    + " per store, a whole number from 1 to %,d", notes, MAX_NOTES));
        }
        if (noteChars < 1 || noteChars > MAX_NOTE_CHARS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "bench.noteChars=%d is not valid: give the"
                    + " characters of each note's text, a whole number from 1 to %,d", noteChars, MAX_NOTE_CHARS));
        }
        if ((long) notes * noteChars > MAX_STORE_CHARS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "bench.notes=%d x bench.noteChars=%d is %,d"
                    + " characters per store: give at most %,d (the trial JVM builds a store's notes in its heap)",
                    notes, noteChars, (long) notes * noteChars, MAX_STORE_CHARS));
        }
        return new Workload(CUSTOM + "-" + notes + "x" + noteChars, notes, noteChars);
    }

    /** Whether this is a user's workload (bench.workload=custom). */
    public boolean isCustom() {
        return this != LARGE && this != SMALL;
    }

    /** C: the characters of every note's text; for the small workload, the longest text's (they vary). */
    @Override
    public int noteChars() {
        return this == SMALL ? ("note " + (notesPerStore - 1) + " of agent 9999").length() : noteChars;
    }

    /** The text of note j of agent i: small's head alone, else the head and LOREM repeated, cut to C characters. */
    public String text(int agent, int j) {
        if (this == SMALL) {
            return "note " + j + " of agent " + agent;
        }
        String head = "note " + j + " of agent " + agent + ": ";
        if (head.length() >= noteChars) {
            return head.substring(0, noteChars);
        }
        StringBuilder text = new StringBuilder(noteChars).append(head).append(LOREM);
        while (text.length() < noteChars) {
            text.append(' ').append(LOREM);
        }
        text.setLength(noteChars);
        return text.toString();
    }

    /** The timestamp of note j (epoch milliseconds). */
    public static long ts(int j) {
        return BASE_TS + j;
    }

    /** The sum of the text lengths of agent i's notes: what a read of every note must find (without building them). */
    public long textLengthSum(int agent) {
        if (this != SMALL) {
            return (long) notesPerStore * noteChars; // the head never outgrows LOREM: C <= head + LOREM cuts to C
        }
        long sum = 0;
        for (int j = 0; j < notesPerStore; j++) {
            sum += ("note " + j + " of agent " + agent).length();
        }
        return sum;
    }

    /** The sum of the timestamps of a store's notes: the same for every store. */
    public long tsSum() {
        long w = notesPerStore;
        return w * BASE_TS + w * (w - 1) / 2;
    }

    /** "large (1,000 notes of 300 characters)": how titles and the report name it. */
    public String describe() {
        return describe(id).orElse(id);
    }

    /** The description of a workload id as a results file holds it; empty for an id that is no workload's. */
    public static java.util.Optional<String> describe(String id) {
        if (!isId(id)) {
            return java.util.Optional.empty();
        }
        Workload w = of(id);
        String kind = w.isCustom() ? CUSTOM : w.id;
        return java.util.Optional.of(String.format(Locale.ROOT, "%s (%,d notes of %s%,d characters)", kind,
                w.notesPerStore, w == SMALL ? "up to " : "", w.noteChars()));
    }

    /** Parses a workload id (large, small, {@code custom-<W>x<C>}); the error names the valid ones. */
    public static Workload of(String id) {
        if (LARGE.id.equals(id)) {
            return LARGE;
        }
        if (SMALL.id.equals(id)) {
            return SMALL;
        }
        Matcher m = CUSTOM_ID.matcher(id == null ? "" : id);
        if (m.matches()) {
            try {
                return custom(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("workload '" + id + "': W and C must be whole numbers up to "
                        + MAX_NOTES);
            }
        }
        if (CUSTOM.equals(id)) {
            throw new IllegalArgumentException("workload 'custom' needs its notes and characters: give -Dbench.notes=W"
                    + " and -Dbench.noteChars=C (its id is then custom-<W>x<C>)");
        }
        throw new IllegalArgumentException("unknown workload '" + id + "'; valid workloads: " + String.join(", ", ids())
                + " (custom with -Dbench.notes and -Dbench.noteChars)");
    }

    /** Whether {@code id} names a workload (large, small or a custom one's own id). */
    public static boolean isId(String id) {
        try {
            of(id);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public static List<String> ids() {
        return List.of(LARGE.id, SMALL.id);
    }

    @Override
    public String toString() {
        return id;
    }
}
