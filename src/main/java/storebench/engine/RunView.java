package storebench.engine;

import storebench.results.RunResults;

import java.util.List;

/** What an engine's caveats may read: the run's files, its columns and settings in order, the engines' titles. */
public interface RunView {
    RunResults results();

    /** In column order. */
    List<String> engines();

    /** The settings of the run, in order; the first is the one the report's sentences quote. */
    List<String> settings();

    default String firstSetting() {
        return settings().isEmpty() ? "" : settings().get(0);
    }

    /** Whether an engine has any figure under a setting. */
    default boolean measured(String engine, String setting) {
        return !results().lines("stat", engine, setting).isEmpty();
    }

    /** A figure of a statistic as the report prints it ("0.245 ms"). */
    String format(String stat, double value);

    /** A statistic's row label in the report. */
    String label(String stat);

    default String title(String engine) {
        return Engines.find(engine).map(EngineDescriptor::title).orElse(engine);
    }
}
