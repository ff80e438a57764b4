package storebench.trial.child;

import java.nio.file.Path;

/** A count query that did not return W: fails the trial, naming engine, store and counts. */
public final class CountMismatch extends RuntimeException {
    public final int store;

    CountMismatch(String engine, int store, Path dir, long expected, long actual) {
        this(engine, store, dir, "expected " + expected + ", got " + actual);
    }

    CountMismatch(String engine, int store, Path dir, String what) {
        super("count mismatch: engine " + engine + ", store " + store + " (" + dir + "): " + what);
        this.store = store;
    }
}
