package storebench.trial;

/** A trial process that failed, died, hung or answered garbage; the message says which, with its stderr tail. */
public final class TrialFailure extends Exception {
    public TrialFailure(String message) {
        super(message);
    }
}
