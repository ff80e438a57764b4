package storebench.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The notes one store holds, byte for byte the same in every engine and runtime (the Node worker builds them the same
 * way and both check fixtures/workload-notes.json).
 */
public enum Workload {
    /** 1,000 notes of 300 characters each. */
    LARGE("large", 1_000),
    /** 10 short notes. */
    SMALL("small", 10);

    /** 2026-10-11T00:00:00Z in epoch milliseconds; note j has ts = BASE_TS + j. */
    public static final long BASE_TS = 1_791_676_800_000L;
    public static final int LARGE_TEXT_CHARS = 300;
    public static final String LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
            + " incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco"
            + " laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate"
            + " velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt"
            + " in culpa qui officia deserunt mollit anim id est laborum.";

    private final String id;
    private final int notesPerStore;

    Workload(String id, int notesPerStore) {
        this.id = id;
        this.notesPerStore = notesPerStore;
    }

    public String id() {
        return id;
    }

    /** W: the notes each store holds, and the count every count query must return. */
    public int notesPerStore() {
        return notesPerStore;
    }

    /** The text of note j of agent i. */
    public String text(int agent, int j) {
        if (this == SMALL) {
            return "note " + j + " of agent " + agent;
        }
        String full = "note " + j + " of agent " + agent + ": " + LOREM;
        return full.length() <= LARGE_TEXT_CHARS ? full : full.substring(0, LARGE_TEXT_CHARS);
    }

    /** The timestamp of note j (epoch milliseconds). */
    public static long ts(int j) {
        return BASE_TS + j;
    }

    /** The sum of the text lengths of agent i's notes: what a read of every note must find (without building them). */
    public long textLengthSum(int agent) {
        long sum = 0;
        for (int j = 0; j < notesPerStore; j++) {
            String head = this == SMALL ? "note " + j + " of agent " + agent : "note " + j + " of agent " + agent + ": ";
            sum += this == SMALL ? head.length() : Math.min(LARGE_TEXT_CHARS, head.length() + LOREM.length());
        }
        return sum;
    }

    /** The sum of the timestamps of a store's notes: the same for every store. */
    public long tsSum() {
        long w = notesPerStore;
        return w * BASE_TS + w * (w - 1) / 2;
    }

    /** Parses a workload id; the error names the valid ones. */
    public static Workload of(String id) {
        for (Workload w : values()) {
            if (w.id.equals(id)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + id + "'; valid workloads: " + ids());
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Workload::id).collect(Collectors.toList());
    }

    @Override
    public String toString() {
        return id.toLowerCase(Locale.ROOT);
    }
}
