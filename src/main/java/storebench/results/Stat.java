package storebench.results;

import storebench.model.TrialRuntime;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statistic ids (shared/DESIGN.md, "Statistics"), in the report's row order: the reference's rows
 * first, then ours. The ids are part of the interface (results.jsonl, thresholds.yaml): add, never rename.
 */
public enum Stat {
    CREATE_MS("create_ms", "Create, write %W% objects, close (median)", Unit.MS, 2, false),
    STORES_PER_S("stores_per_s", "Stores per second", Unit.COUNT, 0, false),
    OPEN_MS("open_ms", "Open (median)", Unit.MS, 3, true),
    COUNT_MS("count_ms", "Count query (median)", Unit.MS, 3, true),
    OQC_MS("oqc_ms", "Open, query, close (median)", Unit.MS, 3, true),
    OQC_P99_MS("oqc_p99_ms", "same, p99", Unit.MS, 3, true),
    CLOSE_MS("close_ms", "Close (median)", Unit.MS, 3, true),
    MEM_RESIDENT_KB("mem_resident_kb", "Memory per open store (%M% open), resident", Unit.KB, 0, false),
    MEM_ANON_KB("mem_anon_kb", "same, anonymous (process' own memory)", Unit.KB, 0, false),
    LOAD1("load1", "Load at start of the warm open runs (max)", Unit.COUNT, 2, false),
    DISK_KB("disk_kb", "Space per store, files", Unit.KB, 0, false),
    DISK_ALLOC_KB("disk_alloc_kb", "Space per store, allocated (st_blocks x 512)", Unit.KB, 0, false),
    HEAP_KB("heap_kb", "Managed heap per open store (Java heap; JS heap for Node engines)", Unit.KB, 1, false),
    /**
     * Node engines only: close plus the minor GC and event-loop turn that finalize the connection's statements; for
     * libSQL, whose close() only marks the connection closed, that is where the connection is released.
     */
    CLOSE_FIN_MS("close_fin_ms", "Close, finalization included (Node worker: + minor GC and event-loop turn)",
            Unit.MS, 3, true, TrialRuntime.NODE);

    /** How a value is printed. */
    public enum Unit { MS, KB, COUNT }

    private final String id;
    private final String label;
    private final Unit unit;
    private final int decimals;
    private final boolean hasSpread;
    /** The one runtime whose trial processes measure it, or null for every runtime. */
    private final TrialRuntime onlyIn;

    Stat(String id, String label, Unit unit, int decimals, boolean hasSpread) {
        this(id, label, unit, decimals, hasSpread, null);
    }

    Stat(String id, String label, Unit unit, int decimals, boolean hasSpread, TrialRuntime onlyIn) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.decimals = decimals;
        this.hasSpread = hasSpread;
        this.onlyIn = onlyIn;
    }

    /** Whether the trial processes of this runtime measure it (close_fin_ms: the Node worker only). */
    public boolean measuredIn(TrialRuntime runtime) {
        return onlyIn == null || onlyIn == runtime;
    }

    public String id() {
        return id;
    }

    /** The row label; %W% and %M% stand for the notes per store and the stores held open. */
    public String label(int notesPerStore, int held) {
        return label.replace("%W%", String.format(java.util.Locale.ROOT, "%,d", notesPerStore))
                .replace("%M%", String.format(java.util.Locale.ROOT, "%,d", held));
    }

    public Unit unit() {
        return unit;
    }

    public int decimals() {
        return decimals;
    }

    /** Whether the statistic comes from R runs and so has a spread (open runs); create, memory, disk do not. */
    public boolean hasSpread() {
        return hasSpread;
    }

    /** A figure in this statistic's unit, with its decimals: "0.245 ms", "2,458 KB", "133". */
    public String format(double v) {
        String n = number(v, decimals);
        switch (unit) {
            case MS:
                return n + " ms";
            case KB:
                return n + " KB";
            default:
                return n;
        }
    }

    /** A number with thousands separators and the given decimals ("1,234.5"), as every report prints it. */
    public static String number(double v, int decimals) {
        return String.format(java.util.Locale.US, "%,." + decimals + "f", v);
    }

    public static Stat of(String id) {
        for (Stat s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown statistic '" + id + "'; valid statistics: " + String.join(", ", ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Stat::id).collect(Collectors.toList());
    }
}
