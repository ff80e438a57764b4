package storebench.results;

import java.util.List;

/**
 * What a phase says of its own results beyond their rows (notes, marks, charts, wall-time columns), implemented by the
 * phases and handed to the report, which so reads a run without the code that measured it.
 */
public interface PhaseReading {
    /** A step whose wall time the report sums into a column of its own (steps sharing a column add up). */
    record WallTime(String op, String column) {
    }

    /** The phase's name, as the run's phase lines give it. */
    String id();

    /** Sentences under a setting's table on one engine, begun with its title ("capacity: 1,023 ..."). */
    default List<String> notes(RunResults results, String engine, String setting) {
        return List.of();
    }

    /** What goes before a figure of its own ("≥ " for a lower bound); "" for none. */
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
