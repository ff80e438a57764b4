package storebench.results;

/**
 * What holding one more store open costs a process in total. A JVM trial's heap is pre-touched, so its growth never
 * shows as resident: total = resident growth + heap growth. V8's heap is not, so its growth is resident already: total
 * = resident growth.
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
