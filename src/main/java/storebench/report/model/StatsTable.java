package storebench.report.model;

import storebench.results.Stat;

import java.util.List;

/**
 * One setting's statistics table: a column per engine (those beyond the reference in a table of their own), a row per
 * statistic, each cell its figure with spread and runs, or why none.
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

    public record Column(String engine, String title) {
    }

    /** A row: a statistic's (W and M filled in), or with {@code stat} null the durability row. */
    public record Row(String key, Stat stat, String label, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    public enum State { MEASURED, NOT_MEASURED, FAILED }

    /** A cell: the figure as printed ("0.302 ms", null unless measured), an open-run figure's spread, its runs. */
    public record Cell(String engine, State state, String value, Double spread, List<Double> runs) {
        public Cell {
            runs = List.copyOf(runs);
        }

        /** A figure that is no statistic's (a yes or no, a machine): no spread, no runs. */
        public static Cell of(String engine, String value) {
            return new Cell(engine, State.MEASURED, value, null, List.of());
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
