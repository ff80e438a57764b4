package storebench.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** A setting for a trial's life: process-wide through the environment, or through each engine's own options. */
public enum Setting {
    /** glibc's defaults. */
    DEFAULT("defaults", "GLIBC_TUNABLES unset in the trial process"),
    /** glibc's M_MMAP_THRESHOLD fixed at 128 KiB, the reference's mallopt(M_MMAP_THRESHOLD, 131072). */
    MMAP_THRESHOLD("mmap threshold 131072",
            "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 in the trial process"),
    /** Each engine set through its own options to sync a commit before it returns. Not in a default run. */
    DURABLE("durable commits", "each engine set, through its own options, to sync a commit before it"
            + " returns (its column's durability row says how); GLIBC_TUNABLES unset"),
    /** Each engine opened as its vendor documents for many small stores opened often. Not in a default run. */
    TUNED("tuned", "each engine opened as its vendor documents for many small stores opened often (its"
            + " options and their sources under \"Engines and versions\" and in docs/engines.md): " + Setting.READ_ONLY
            + "; commits as durable as under default; GLIBC_TUNABLES unset");

    /** Which opens tuned makes read-only (Engine.openForReading): the visits, hold, capacity and untimed checks. */
    public static final String READ_ONLY = "read-only opens in the phases that only read (open runs, read, cold,"
            + " concurrency, memory, capacity, and every process' warm-up), writable ones where a phase writes (create,"
            + " traffic)";

    public static final String TUNABLES = "GLIBC_TUNABLES";

    /** Its name, lower case and hyphened: "mmap-threshold". */
    private final String id = name().toLowerCase(Locale.ROOT).replace('_', '-');
    private final String title;
    private final String how;

    Setting(String title, String how) {
        this.title = title;
        this.how = how;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public String how() {
        return how;
    }

    /** Environment changes for the trial process; a null value removes the variable. */
    public Map<String, String> environment() {
        return Collections.singletonMap(TUNABLES, this == MMAP_THRESHOLD ? "glibc.malloc.mmap_threshold=131072" : null);
    }

    /** Whether engines open a store read-only for the phases that only read (the tuned setting). */
    public boolean readOnlyVisits() {
        return this == TUNED;
    }

    public static Setting of(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("unknown setting '" + id + "'; valid settings: "
                        + String.join(", ", ids())));
    }

    /** The settings a run measures unless bench.settings says otherwise: the reference's two, in order. */
    public static List<String> defaultIds() {
        return List.of(DEFAULT.id, MMAP_THRESHOLD.id);
    }

    /** What bench.settings takes beside the ids: every setting. */
    public static final String ALL = "all";

    public static List<String> ids() {
        return Arrays.stream(values()).map(Setting::id).collect(Collectors.toList());
    }
}
