package storebench.report.model;

import storebench.results.Stat;

import java.util.List;

/**
 * One setting's statistics table: a column per engine, a row per statistic (the run's, {@code RunResults.stats()}, in
 * row order), in each cell the figure with its spread and run figures, or why there is none.
 *
 * @param setting         the setting's id
 * @param beyondReference whether its columns are the engines beyond the reference write-up's (a table of their own)
 * @param runs            the run's R, the number of open runs an open-run cell's figures come from
 */
public record StatsTable(String setting, boolean beyondReference, List<Column> columns, List<Row> rows, int runs)
        implements Block {
    /** What a cell shows where there is no figure and nothing failed. */
    public static final String NONE = "–";
    /** What a cell shows where the phase that measures it failed. */
    public static final String FAILED = "failed";

    public StatsTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** An engine's column. */
    public record Column(String engine, String title) {
    }

    /**
     * A row: a statistic's (its label in this run, the W and M filled in), or one that is no statistic (the
     * durability row of the table beyond the reference: {@code stat} null); a cell per column. {@code key} names it
     * (the statistic's id).
     */
    public record Row(String key, Stat stat, String label, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    /** Whether a cell has a figure. */
    public enum State { MEASURED, NOT_MEASURED, FAILED }

    /**
     * A cell.
     *
     * @param value  the figure as the report prints it ("0.302 ms"); null unless measured
     * @param spread (max - min) / median of the run figures, for an open-run statistic; else null
     * @param runs   the R run figures, run 1 first; empty for a statistic of one pass
     */
    public record Cell(String engine, State state, String value, Double spread, List<Double> runs) {
        public Cell {
            runs = List.copyOf(runs);
        }

        public static Cell none(String engine, boolean failed) {
            return new Cell(engine, failed ? State.FAILED : State.NOT_MEASURED, null, null, List.of());
        }

        /** The figure, "–" or "failed": what report.md shows. */
        public String text() {
            return state == State.MEASURED ? value : state == State.FAILED ? FAILED : NONE;
        }
    }

    /** Whether any cell has run figures (an open-run statistic was measured). */
    public boolean anyRuns() {
        return rows.stream().anyMatch(r -> r.cells().stream().anyMatch(c -> !c.runs().isEmpty()));
    }
}
