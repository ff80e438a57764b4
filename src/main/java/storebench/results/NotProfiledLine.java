package storebench.results;

/** A profiler that cannot watch an engine in a bench phase ({@link ProfileLine#UNAVAILABLE}), and why. */
public record NotProfiledLine(String profile, String profiler, String benchPhase, String unavailable) {
    public NotProfiledLine(String profiler, String benchPhase, String unavailable) {
        this(ProfileLine.UNAVAILABLE, profiler, benchPhase, unavailable);
    }
}
