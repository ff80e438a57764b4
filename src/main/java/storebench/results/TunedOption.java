package storebench.results;

/**
 * One option of the tuned setting: the option as the engine's API names it, what it does for many small stores opened
 * often (and in which opens it is set), and where its vendor documents it (document title and section, or a source
 * file and line at a named version). An engine's descriptor declares it; environment.json records it.
 */
public record TunedOption(String option, String what, String source) {
}
