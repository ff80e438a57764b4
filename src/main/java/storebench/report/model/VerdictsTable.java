package storebench.report.model;

import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.VerdictRows;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * verdicts.json for report.html: its top-level fields, then a row per verdict, failures first; the rules not evaluated
 * counted and listed apart ({@code folded}). Another shape is shown field by field.
 */
public record VerdictsTable(List<KeyValue> fields, List<String> columns, List<List<Cell>> rows,
                            List<String> foldedColumns, List<List<Cell>> folded) {
    private static final List<String> GATE_COLUMNS = List.of("status", "kind", "engine", "setting", "workload",
            "stat", "measured", "limit", "margin", "marginPercent", "rule", "detail", "file", "line");
    /** The gate's own file: its verdicts as a person reads them (the kind, workload and statistic are in the rule). */
    private static final List<String> READ_COLUMNS = List.of("Verdict", "Rule", "Engine, setting", "Measured", "Limit",
            "Margin", "Why", "Where");
    private static final List<String> FOLDED_COLUMNS = List.of("Rule", "Engine, setting", "Why not evaluated", "Where");
    private static final String NOT_EVALUATED = "NOT_EVALUATED";

    public VerdictsTable {
        fields = List.copyOf(fields);
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        foldedColumns = List.copyOf(foldedColumns);
        folded = folded.stream().map(List::copyOf).toList();
    }

    /** A verdict's field; {@code status} is the verdict's status in the status column, else null. */
    public record Cell(String text, boolean number, String status) {
        static Cell of(String text) {
            return new Cell(text, false, null);
        }
    }

    /** The table of a parsed verdicts.json, each figure printed as {@code results} describes its statistic. */
    public static VerdictsTable of(JsonNode root, RunResults results) {
        VerdictRows file = VerdictRows.of(root);
        List<VerdictRows.Row> verdicts = new ArrayList<>(file.rows());
        Set<String> present = new LinkedHashSet<>();
        verdicts.forEach(r -> present.addAll(r.fields().keySet()));
        // failures first, then inconclusive, then passes, then the rest, each in the file's order
        verdicts.sort(Comparator.comparingInt(r -> {
            String s = r.status().toUpperCase(Locale.ROOT);
            return s.equals("FAIL") ? 0 : s.equals("INCONCLUSIVE") ? 1 : s.equals("PASS") ? 2 : 3;
        }));
        if (present.containsAll(List.of("status", "rule", "measured", "limit"))) {
            return read(file, verdicts, results);
        }
        List<KeyValue> fields = new ArrayList<>();
        file.fields().forEach((name, value) -> fields.add(new KeyValue(name, scalar(value))));
        Set<String> columns = new LinkedHashSet<>();
        GATE_COLUMNS.stream().filter(present::contains).forEach(columns::add);
        columns.addAll(present);
        columns.removeAll(List.of("unit", "decimals"));
        List<List<Cell>> rows = new ArrayList<>();
        for (VerdictRows.Row r : verdicts) {
            List<Cell> row = new ArrayList<>();
            for (String c : columns) {
                JsonNode v = r.field(c);
                row.add(new Cell(value(r, c, v, results), v.isNumber(), c.equals("status") ? v.asText() : null));
            }
            rows.add(row);
        }
        return new VerdictsTable(fields, new ArrayList<>(columns), rows, List.of(), List.of());
    }

    /** The gate's own verdicts.json, in READ_COLUMNS, the rules not evaluated apart. */
    private static VerdictsTable read(VerdictRows file, List<VerdictRows.Row> verdicts, RunResults results) {
        List<KeyValue> fields = new ArrayList<>();
        file.fields().forEach((name, value) -> fields.add(new KeyValue(fieldName(name),
                name.equals("summary") ? summary(value) : scalar(value))));
        List<List<Cell>> rows = new ArrayList<>();
        List<List<Cell>> folded = new ArrayList<>();
        for (VerdictRows.Row r : verdicts) {
            String status = r.field("status").asText();
            String where = r.field("file").isMissingNode() ? StatsTable.NONE : r.field("file").asText()
                    + (r.field("line").isNumber() ? ":" + r.field("line").asText() : "");
            String scope = String.join(", ", java.util.stream.Stream.of("engine", "setting")
                    .map(f -> r.field(f).asText("")).filter(t -> !t.isEmpty() && !t.equals("*")).toList());
            Cell rule = Cell.of(value(r, "rule", r.field("rule"), results));
            Cell detail = Cell.of(value(r, "detail", r.field("detail"), results));
            if (status.equalsIgnoreCase(NOT_EVALUATED)) {
                folded.add(List.of(rule, Cell.of(scope.isEmpty() ? "every engine" : scope), detail, Cell.of(where)));
                continue;
            }
            String margin = value(r, "margin", r.field("margin"), results);
            if (r.field("marginPercent").isNumber()) {
                margin += " (" + value(r, "marginPercent", r.field("marginPercent"), results) + ")";
            }
            rows.add(List.of(new Cell(status.replace('_', ' ').toLowerCase(Locale.ROOT), false, status), rule,
                    Cell.of(scope.isEmpty() ? "every engine" : scope),
                    new Cell(value(r, "measured", r.field("measured"), results), true, null),
                    new Cell(value(r, "limit", r.field("limit"), results), true, null),
                    new Cell(margin, true, null), detail, Cell.of(where)));
        }
        return new VerdictsTable(fields, READ_COLUMNS, rows, FOLDED_COLUMNS, folded);
    }

    /** The gate's top-level fields as a person names them. */
    private static String fieldName(String name) {
        return switch (name) {
            case "thresholds" -> "Thresholds file";
            case "baseline" -> "Baseline";
            case "evaluated" -> "Judged at";
            case "summary" -> "Verdicts";
            default -> Titles.words(name);
        };
    }

    /** {"pass": 131, "notEvaluated": 60} as "131 passed · 60 not evaluated". */
    private static String summary(JsonNode v) {
        if (!v.isObject()) {
            return scalar(v);
        }
        List<String> parts = new ArrayList<>();
        v.fields().forEachRemaining(f -> parts.add(f.getValue().asText() + " " + switch (f.getKey()) {
            case "pass" -> "passed";
            case "fail" -> "failed";
            default -> Titles.words(f.getKey());
        }));
        return String.join(" · ", parts);
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
