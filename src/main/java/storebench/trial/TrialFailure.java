package storebench.trial;

/** A trial process that failed, died, hung or answered garbage; the message says which, with its stderr tail. */
public final class TrialFailure extends Exception {
    private final boolean engineUnavailable;

    public TrialFailure(String message) {
        this(message, false);
    }

    /** @param engineUnavailable the engine cannot load here (its native library, say): a skip, not a failure */
    public TrialFailure(String message, boolean engineUnavailable) {
        super(message);
        this.engineUnavailable = engineUnavailable;
    }

    public boolean engineUnavailable() {
        return engineUnavailable;
    }
}
