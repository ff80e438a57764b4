package storebench.phase;

/** A request to make stores (CreateAnswer.OP, CreateAnswer.PROFILE_OP): their directory, workload and numbers. */
record CreateRequest(String root, String workload, int[] stores) {
}
