package storebench.results;

/**
 * One option of the tuned setting: its API name, what it does for many small stores opened often, and where its vendor
 * documents it.
 */
public record TunedOption(String option, String what, String source) {
}
