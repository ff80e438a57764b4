package storebench.phase;

/** A capacity loop's request (CapacityAnswer.OP). */
record CapacityRequest(String root, String workload, int max, int every, int warmOpens, long memoryMarginKb,
                       long diskMarginBytes) {
}
