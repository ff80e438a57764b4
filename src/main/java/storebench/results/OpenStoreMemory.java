package storebench.results;

/**
 * What holding one more store open costs a process, in total. A JVM trial process runs on a fixed heap that is
 * pre-touched before the engine loads, so the heap's growth never shows as resident memory: its total is the resident
 * growth plus the managed heap's growth. The Node worker's V8 heap is not pre-touched, so its growth is resident
 * already: its total is the resident growth alone (never counted twice).
 */
public final class OpenStoreMemory {
    /** The memory phase's total per open store. */
    public static final String TOTAL = "mem_total_kb";
    /** The capacity phase's total per open store (resident slope plus heap slope in a JVM). */
    public static final String CAPACITY_TOTAL = "capacity_total_kb";

    private OpenStoreMemory() {
    }

    /** The total per open store, from its resident and managed-heap growth per store. */
    public static double total(double residentKb, double heapKb, boolean heapPreTouched) {
        return heapPreTouched ? residentKb + heapKb : residentKb;
    }
}
