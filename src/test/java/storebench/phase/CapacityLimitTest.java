package storebench.phase;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static storebench.phase.CapacityLimit.identify;

/** The limit a capacity loop reached is named from the engine's message, its last point and the process' limits. */
class CapacityLimitTest {
    private static final CapacityLimit.Limits LIMITS = CapacityLimit.Limits.of(Map.of("nofileSoft", 20000L,
            "maxMapCount", 65530L, "asSoftKb", -1L, "threadsMax", 192726L, "pidMax", 32768L, "nprocSoft", 96363L));

    private static CapacityLimit.Stop error(String message, long stores, long fds, long maps, long vszKb, long threads) {
        return new CapacityLimit.Stop("error", message, stores, usage(fds, maps, vszKb, threads, 0));
    }

    private static CapacityLimit.Usage usage(long fds, long maps, long vszKb, long threads, long heapUsedBytes) {
        return new CapacityLimit.Usage(fds, maps, vszKb, threads, heapUsedBytes);
    }

    @Test
    void theCapAndTheMemoryMarginAreNamedByHowTheLoopStopped() {
        assertThat(identify("sqlite", new CapacityLimit.Stop("cap", null, 20000, usage(20050, 400, 1, 20, 0)), LIMITS))
                .isEqualTo(CapacityLimit.CAP);
        assertThat(identify("duckdb", new CapacityLimit.Stop("memory", null, 4000, usage(50, 400, 1, 20, 0)), LIMITS))
                .isEqualTo(CapacityLimit.MEMORY_MARGIN);
        assertThat(identify("h2", new CapacityLimit.Stop("heap", null, 1800,
                usage(5400, 400, 1, 5400, 1_990_000_000L)), LIMITS)).as("the loop's heap margin: the live heap after a full collection").isEqualTo(CapacityLimit.JAVA_HEAP);
    }

    @Test
    void descriptorsAtTheSoftLimitOrEmfileAreRlimitNofile() {
        assertThat(identify("sqlite", error("SQLiteException: [SQLITE_CANTOPEN] unable to open database file",
                19900, 19995, 300, 1, 20), LIMITS)).isEqualTo(CapacityLimit.NOFILE);
        assertThat(identify("rocksdb", error("RocksDBException: While open a file for appending: Too many open files",
                200, 300, 300, 1, 20), LIMITS)).isEqualTo(CapacityLimit.NOFILE);
    }

    @Test
    void mapsAtMaxMapCountWithEnomemAreVmMaxMapCount() {
        assertThat(identify("lmdb", error("LmdbNativeException: Cannot allocate memory (12)", 30000, 900, 65500,
                1L << 30, 20), LIMITS)).isEqualTo(CapacityLimit.MAP_COUNT);
        // ENOMEM far from max_map_count is not it
        assertThat(identify("lmdb", error("Cannot allocate memory (12)", 300, 900, 600, 1L << 20, 20), LIMITS))
                .isEqualTo(CapacityLimit.MEMORY);
    }

    @Test
    void eagainAtAboutAThousandStoresIsPthreadKeys() {
        assertThat(identify("objectbox", error("DbException: Could not open database environment in \"/x\" (11: Resource"
                + " temporarily unavailable)", 1023, 3100, 2400, 1L << 40, 25), LIMITS))
                .isEqualTo(CapacityLimit.PTHREAD_KEYS);
        assertThat(identify("lmdb", error("LmdbNativeException$ConstantDerivedException: Platform constant error code:"
                + " EAGAIN (11)", 1022, 2100, 2300, 1L << 22, 25), LIMITS)).isEqualTo(CapacityLimit.PTHREAD_KEYS);
        // the same error far from 1,024 stores is not named so
        assertThat(identify("lmdb", error("EAGAIN (11)", 5000, 10100, 10300, 1L << 24, 25), LIMITS))
                .isEqualTo(CapacityLimit.UNIDENTIFIED);
    }

    @Test
    void threadsNearTheLeastThreadLimitAreThreads() {
        assertThat(identify("duckdb", error("IOException: Resource temporarily unavailable (11)", 3600, 7300, 20000,
                1L << 30, 32500), LIMITS)).isEqualTo(CapacityLimit.THREADS);
        assertThat(identify("xodus", error("OutOfMemoryError: unable to create native thread: possibly out of memory"
                + " or process/resource limits reached", 5000, 100, 100, 1, 900), LIMITS)).isEqualTo(CapacityLimit.THREADS);
    }

    @Test
    void theJavaHeapAndObjectBoxAddressSpace() {
        assertThat(identify("h2", error("OutOfMemoryError: Java heap space", 1900, 2000, 300, 1L << 22, 30), LIMITS))
                .isEqualTo(CapacityLimit.JAVA_HEAP);
        assertThat(identify("objectbox", error("DbException: mmap failed (12: Cannot allocate memory)", 120000, 360000,
                300000, 120L << 30, 30), CapacityLimit.Limits.of(Map.of("nofileSoft", 1048576L, "maxMapCount",
                1000000L)))).isEqualTo(CapacityLimit.OBJECTBOX_MAX_SIZE);
        assertThat(identify("sqlite", error("IOException: out of memory (12)", 120, 200, 300, 1L << 20, 30),
                CapacityLimit.Limits.of(Map.of("asSoftKb", 4L << 20)))).isEqualTo(CapacityLimit.MEMORY);
        assertThat(identify("sqlite", error("IOException: out of memory (12)", 120, 200, 300, 4L << 20, 30),
                CapacityLimit.Limits.of(Map.of("asSoftKb", 4L << 20)))).isEqualTo(CapacityLimit.ADDRESS_SPACE);
    }

    @Test
    void aNearlyFullManagedHeapIsTheLimitWhateverTheMessage() {
        // H2 with 1.93 of its 2 GiB heap in use answered a count of 0 for a store it had just filled
        CapacityLimit.Stop h2 = new CapacityLimit.Stop("error", "CountMismatch: count mismatch: engine h2, store 1871:"
                + " expected 10, got 0", 1871, usage(1933, 300, 1L << 22, 5624, 2_073_587_712L));
        assertThat(identify("h2", h2, CapacityLimit.Limits.of(Map.of("heapMaxBytes", 2_147_483_648L))))
                .isEqualTo(CapacityLimit.JAVA_HEAP);
        assertThat(identify("h2", h2, CapacityLimit.Limits.of(Map.of("heapMaxBytes", 8L << 30))))
                .isEqualTo(CapacityLimit.UNIDENTIFIED);
    }

    @Test
    void theLimitsWithinTenPercentAreListedWhateverStoppedIt() {
        // DuckDB at the memory margin, 3,950 stores open: its threads and maps at 99% of theirs
        CapacityLimit.Stop duckdb = new CapacityLimit.Stop("memory", null, 3950,
                usage(60, 65249, 1L << 30, 32394, 1L << 20));
        assertThat(CapacityLimit.near(duckdb, LIMITS)).containsExactly("vm.max_map_count: 65,249 of 65,530",
                "threads: 32,394 of 32,768");
        assertThat(CapacityLimit.near(new CapacityLimit.Stop("cap", null, 20000, usage(150, 400, 1, 20, 0)), LIMITS))
                .isEmpty();
    }

    @Test
    void anythingElseIsUnidentified() {
        assertThat(identify("xodus", error("ExodusException: something new", 50, 100, 100, 1, 20), LIMITS))
                .isEqualTo(CapacityLimit.UNIDENTIFIED);
    }
}
