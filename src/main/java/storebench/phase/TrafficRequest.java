package storebench.phase;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A traffic run's request (TrafficAnswer.OP); {@code load}: the share of the closed step's rate the open loop asks. */
record TrafficRequest(String root, int stores, int open, long closedMs, double load, double seconds,
                      @JsonUnwrapped Drawn drawn, boolean check) {
    /** The schedules (TrafficDraws.encode): the closed step's, the open loop's, and the least of its requests served. */
    record Drawn(String closedSchedule, String schedule, int leastRequests) {
    }
}
