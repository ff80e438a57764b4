package storebench.model;

/** Where an engine's trials run: a child JVM, or the Node.js worker. */
public enum TrialRuntime {
    JVM,
    NODE
}
