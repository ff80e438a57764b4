package storebench.results;

/**
 * The profile line of a profiler that cannot watch a trial's engine in a bench phase ({@link ProfileLine#UNAVAILABLE}):
 * the profiler, the phase and why. Written from this record; {@link ProfileLine} reads it.
 */
public record NotProfiledLine(String profile, String profiler, String benchPhase, String unavailable) {
    public NotProfiledLine(String profiler, String benchPhase, String unavailable) {
        this(ProfileLine.UNAVAILABLE, profiler, benchPhase, unavailable);
    }
}
