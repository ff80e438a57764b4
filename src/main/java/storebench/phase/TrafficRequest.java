package storebench.phase;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A traffic run's request (TrafficAnswer.OP): the directory of its copies, the stores and the most of them open at once,
 * the closed step's length (ms), the load on the rate it reached, the open loop's seconds, the schedules drawn, and
 * whether each store's count is checked after the run.
 */
record TrafficRequest(String root, int stores, int open, long closedMs, double load, double seconds,
                      @JsonUnwrapped Drawn drawn, boolean check) {
    /** The schedules (TrafficDraws.encode): the closed step's, the open loop's, and the least of its requests served. */
    record Drawn(String closedSchedule, String schedule, int leastRequests) {
    }
}
