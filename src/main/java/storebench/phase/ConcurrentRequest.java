package storebench.phase;

/** A concurrency run's request (ConcurrentAnswer.OP): its number, when its workers start (ms), each worker's stores. */
record ConcurrentRequest(int run, long startAtMs, int[][] shares) {
}
