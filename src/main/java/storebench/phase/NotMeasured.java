package storebench.phase;

/**
 * A phase that cannot be measured here (the cold phase on a bench root in memory), said before it makes, starts or
 * warms anything: the trial records it and goes on with its other phases; the phase's rows say why they are empty.
 */
public final class NotMeasured extends Exception {
    public NotMeasured(String reason) {
        super(reason);
    }
}
