package storebench.model;

import java.util.Locale;

/**
 * The statistics code beyond the phases names (report, caveats, tolerances): never by a literal, always through here.
 * Each id must be a phase's (StatIdTest), so a renamed statistic fails the build instead of dropping a sentence.
 */
public enum StatId {
    CREATE_MS, OPEN_MS, COUNT_MS, CLOSE_MS, CLOSE_FIN_MS, OQC_MS, OQC_P99_MS, MEM_RESIDENT_KB, MEM_ANON_KB, DISK_KB,
    ORC_MS, COLD_OQC_MS, CAPACITY_STORES, LOAD1, OQC_MINFLT, OQC_USER_MS, OQC_SYS_MS, TRAFFIC_ALL_P50_MS,
    TRAFFIC_ALL_P99_MS, MEM_TOTAL_KB, DISK_ALLOC_KB, OQC_MAJFLT, OQC_READ_KB, POOL_CACHED_PCT;

    private final String id = name().toLowerCase(Locale.ROOT);

    public String id() {
        return id;
    }

    /** Open-query-close per second, all workers, with {@code workers} at once (the concurrency phase's per T). */
    public static String concOqcPerS(int workers) {
        return "conc_oqc_per_s_t" + workers;
    }
}
