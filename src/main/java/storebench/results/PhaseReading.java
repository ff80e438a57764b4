package storebench.results;

import java.util.List;

/**
 * What a phase says about its own results beyond their rows, for a report of a run: sentences under a setting's
 * table, a mark before a figure, charts, and which of its steps get a wall-time column. The phases implement it
 * (storebench.phase.Phase); whoever renders hands the build's phases to the report, which therefore reads a run
 * without the code that measured it. A step or statistic a run does not hold is simply absent from what it says.
 */
public interface PhaseReading {
    /** A step whose wall time the report sums into a column of its own (steps sharing a column add up). */
    record WallTime(String op, String column) {
    }

    /** The phase's name, as the run's phase lines give it. */
    String id();

    /**
     * What it says under a setting's table about one engine, from the run's results: sentences the report begins with
     * the engine's title ("capacity: 1,023 small stores held open, then ..."); none where it did not run.
     */
    default List<String> notes(RunResults results, String engine, String setting) {
        return List.of();
    }

    /**
     * What the report puts before one of its figures ("≥ " where the figure is a lower bound); "" for none, and for a
     * statistic that is not its own.
     */
    default String qualifier(RunResults results, Stat stat, String engine, String setting) {
        return "";
    }

    /** The charts it adds to report.html for one setting, a line per engine of {@code engines}; none where it did not run. */
    default List<Curve> curves(RunResults results, List<String> engines, String setting) {
        return List.of();
    }

    /** Its steps that get a wall-time column in the report, in the order it sends them. */
    default List<WallTime> wallTimes() {
        return List.of();
    }
}
