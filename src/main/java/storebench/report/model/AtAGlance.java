package storebench.report.model;

import storebench.model.StatId;
import storebench.results.OpenStoreMemory;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A run at a glance under one setting, a row per engine: README's table and chart (AtAGlanceBuilder reads them).
 *
 * @param started the day the run started (yyyy-mm-dd), or "" where its run line does not say
 */
public record AtAGlance(String setting, RunResults.Shape shape, int notesPerStore, String started, List<Row> rows) {
    /** The table's columns: a statistic's id, its header and the unit it prints in. */
    public record Column(String stat, String header, Stat.Unit unit, int decimals) {
    }

    public static final List<Column> COLUMNS = List.of(
            new Column(StatId.OPEN_MS.id(), "open", Stat.Unit.MS, 3),
            new Column(StatId.COUNT_MS.id(), "count", Stat.Unit.MS, 3),
            new Column(StatId.CLOSE_MS.id(), "close", Stat.Unit.MS, 3),
            new Column(StatId.OQC_MS.id(), "open-query-close", Stat.Unit.MS, 3),
            new Column(StatId.OQC_P99_MS.id(), "its p99", Stat.Unit.MS, 3),
            new Column(OpenStoreMemory.TOTAL, "memory per open store, total", Stat.Unit.KB, 0),
            new Column(StatId.CREATE_MS.id(), "create", Stat.Unit.MS, 2),
            new Column(StatId.DISK_KB.id(), "disk per store", Stat.Unit.KB, 0));

    /** One engine's figures, in {@link #COLUMNS}' order; empty where the run has none. */
    public record Row(String engine, String title, boolean inReference, List<OptionalDouble> values) {
        public Row {
            values = List.copyOf(values);
        }

        public OptionalDouble value(String stat) {
            for (int k = 0; k < COLUMNS.size(); k++) {
                if (COLUMNS.get(k).stat().equals(stat)) {
                    return values.get(k);
                }
            }
            throw new IllegalArgumentException("no column " + stat + "; the columns are "
                    + COLUMNS.stream().map(Column::stat).toList());
        }
    }

    public AtAGlance {
        rows = List.copyOf(rows);
    }

    /** A column's figure as the table prints it: its decimals, thousands separators, "–" where there is none. */
    public static String text(Column c, OptionalDouble v) {
        return v.isPresent() ? Titles.fmt(v.getAsDouble(), c.decimals()) : "–";
    }

    /** The table: a row per engine, the reference write-up's engines in bold, units in the header. */
    public Block.Table table() {
        List<Text> header = new ArrayList<>(List.of(Text.of("engine")));
        COLUMNS.forEach(c -> header.add(Text.of(c.header() + ", " + (c.unit() == Stat.Unit.MS ? "ms" : "KB"))));
        List<List<Text>> cells = new ArrayList<>();
        for (Row r : rows) {
            List<Text> row = new ArrayList<>();
            row.add(r.inReference() ? Text.strong(r.title()) : Text.of(r.title()));
            for (int k = 0; k < COLUMNS.size(); k++) {
                row.add(Text.of(text(COLUMNS.get(k), r.values().get(k))));
            }
            cells.add(row);
        }
        return Block.Table.ofFigures(header, cells);
    }

    /** What the figures are: "10,000 stores per engine (large workload: 1,000 notes per store), under defaults". */
    public String scope() {
        return Titles.fmt(shape.stores(), 0) + " stores per engine (" + shape.workload() + " workload: "
                + Titles.fmt(notesPerStore, 0) + " notes per store), under " + Titles.settingTitle(setting)
                + (started.isEmpty() ? "" : ", measured " + started);
    }
}
