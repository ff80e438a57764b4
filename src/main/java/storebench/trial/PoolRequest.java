package storebench.trial;

/**
 * A request on a trial's pool of stores: its op, the root the stores lie under and the workload they hold;
 * a phase adds what its op needs beside them.
 */
public record PoolRequest(String op, String root, String workload) {
}
