package storebench.results;

/** A tuned option: its API name, what it does for many small stores, where its vendor documents it. */
public record TunedOption(String option, String what, String source) {
}
