package storebench.report.model;

import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.VerdictRows;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * verdicts.json as it is, for the HTML report: its top-level fields, then one row per verdict with all its fields,
 * failures first. Whatever its shape (an object with a verdict array, or the array itself), nothing is left out.
 *
 * @param fields  the top-level fields but the verdicts themselves
 * @param columns every field any verdict has, the gate's own ones first in their order
 */
public record VerdictsTable(List<KeyValue> fields, List<String> columns, List<List<Cell>> rows) {
    private static final List<String> GATE_COLUMNS = List.of("status", "kind", "engine", "setting", "workload",
            "stat", "measured", "limit", "margin", "marginPercent", "rule", "detail", "file", "line");

    public VerdictsTable {
        fields = List.copyOf(fields);
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /**
     * A verdict's field.
     *
     * @param number whether the file has a number there
     * @param status the verdict's status as the file has it, in the status column; else null
     */
    public record Cell(String text, boolean number, String status) {
    }

    /**
     * The table of a parsed verdicts.json; {@code results}, the run's, describe its statistics (how their figures
     * print: the verdicts' own unit and decimals fields are folded into those cells, not columns of their own).
     */
    public static VerdictsTable of(JsonNode root, RunResults results) {
        VerdictRows file = VerdictRows.of(root);
        List<KeyValue> fields = new ArrayList<>();
        file.fields().forEach((name, value) -> fields.add(new KeyValue(name, scalar(value))));
        List<VerdictRows.Row> verdicts = new ArrayList<>(file.rows());
        Set<String> present = new LinkedHashSet<>();
        verdicts.forEach(r -> present.addAll(r.fields().keySet()));
        Set<String> columns = new LinkedHashSet<>();
        GATE_COLUMNS.stream().filter(present::contains).forEach(columns::add);
        columns.addAll(present);
        columns.removeAll(List.of("unit", "decimals"));
        // failures first, then passes, then the rest, each in the file's order
        verdicts.sort(Comparator.comparingInt(r -> {
            String s = r.status().toUpperCase(Locale.ROOT);
            return s.equals("FAIL") ? 0 : s.equals("INCONCLUSIVE") ? 1 : s.equals("PASS") ? 2 : 3;
        }));
        List<List<Cell>> rows = new ArrayList<>();
        for (VerdictRows.Row r : verdicts) {
            List<Cell> row = new ArrayList<>();
            for (String c : columns) {
                JsonNode v = r.field(c);
                row.add(new Cell(value(r, c, v, results), v.isNumber(), c.equals("status") ? v.asText() : null));
            }
            rows.add(row);
        }
        return new VerdictsTable(fields, new ArrayList<>(columns), rows);
    }

    /** A field as the report prints it: a statistic's figures in its unit, a margin in percent. */
    private static String value(VerdictRows.Row row, String column, JsonNode v, RunResults results) {
        if (v.isMissingNode() || v.isNull()) {
            return StatsTable.NONE;
        }
        if (v.isNumber()) {
            if (column.equals("marginPercent")) {
                return String.format(Locale.US, "%+.1f%%", v.asDouble());
            }
            if (List.of("measured", "limit", "margin").contains(column)) {
                Optional<Stat> stat = results.stat(row.stat()); // none: a rule over several statistics
                if (stat.isPresent()) {
                    return stat.get().format(v.asDouble());
                }
            }
            return v.isIntegralNumber() ? v.asText() : String.format(Locale.US, "%,.3f", v.asDouble());
        }
        return scalar(v);
    }

    private static String scalar(JsonNode v) {
        if (v.isValueNode()) {
            return v.isNull() ? StatsTable.NONE : v.asText();
        }
        if (v.isObject()) {
            List<String> parts = new ArrayList<>();
            v.fields().forEachRemaining(f -> parts.add(f.getKey() + " " + scalar(f.getValue())));
            return String.join(" · ", parts);
        }
        return v.toString();
    }
}
