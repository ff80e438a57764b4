package storebench.phase;

/**
 * A capacity loop's request (CapacityAnswer.OP): the directory and workload of the stores it makes, the cap, how often
 * it records a point, the warm opens of each store, and the margins of memory and disk it stops above.
 */
record CapacityRequest(String root, String workload, int max, int every, int warmOpens, long memoryMarginKb,
                       long diskMarginBytes) {
}
