package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.model.TrialRuntime;

import java.util.Locale;
import java.util.Objects;

/**
 * One statistic: its id (part of the interface: results.jsonl, thresholds.yaml; add, never rename), row label, unit,
 * and how it is judged and drawn. Phases declare their statistics; this class only describes them.
 */
public final class Stat {
    public enum Unit { MS, KB, COUNT }

    private final String id;
    private final String label;
    private final Unit unit;
    private final int decimals;
    // set only by its Builder, before build() hands the statistic out
    private boolean hasSpread;
    private TrialRuntime onlyIn;
    private int referenceRow;
    private int besideReference;
    private boolean higherIsBetter;
    private Double tolerance;
    private String chartGroup;
    private String chartTitle;
    private String countUnit = "";
    private boolean optional;
    private boolean counter;

    private Stat(String id, String label, Unit unit, int decimals) {
        this.id = Objects.requireNonNull(id);
        this.label = Objects.requireNonNull(label);
        this.unit = Objects.requireNonNull(unit);
        this.decimals = decimals;
    }

    /** A statistic with its id, row label (%W% and %M% stand for the notes per store and the stores held open), unit and decimals. */
    public static Builder of(String id, String label, Unit unit, int decimals) {
        return new Builder(new Stat(id, label, unit, decimals));
    }

    public String id() {
        return id;
    }

    /** The row label; %W% and %M% stand for the notes per store and the stores held open. */
    public String label(int notesPerStore, int held) {
        return substitute(label, notesPerStore, held);
    }

    public Unit unit() {
        return unit;
    }

    public int decimals() {
        return decimals;
    }

    /** Whether the statistic comes from R runs and so has a spread (open runs); create, memory, disk do not. */
    public boolean hasSpread() {
        return hasSpread;
    }

    /** Whether the trial processes of this runtime measure it (close_fin_ms: the Node worker only). */
    public boolean measuredIn(TrialRuntime runtime) {
        return onlyIn == null || onlyIn == runtime;
    }

    public boolean inReference() {
        return referenceRow > 0;
    }

    /** Its row in the reference write-up's table (1 = first), or 0 where the write-up has no such row. */
    public int referenceRow() {
        return referenceRow;
    }

    /** The reference row this one is listed after though the write-up has no such row, or 0. */
    public int besideReference() {
        return besideReference;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** How far two one-pass figures may differ and be the same; null for a statistic with runs or not judged. */
    public Double tolerance() {
        return tolerance;
    }

    /** What a COUNT statistic counts, for the exports' unit field ("stores/s", "stores"); empty where nothing (load). */
    public String countUnit() {
        return countUnit;
    }

    /** Measured only where the options ask for it: its row appears only where some engine has a figure. */
    public boolean optional() {
        return optional;
    }

    /** A counter per visit (docs/measuring.md): reported in a block of its own, never judged. */
    public boolean counter() {
        return counter;
    }

    /** The bar chart (by its title) the statistic is drawn in, or null for none. */
    public String chartGroup() {
        return chartGroup;
    }

    /** Its chart's title ("Open (median ms)"); %W% and %M% as in the label. */
    public String chartTitle(int notesPerStore, int held) {
        return chartTitle == null ? label(notesPerStore, held) : substitute(chartTitle, notesPerStore, held);
    }

    private static String substitute(String text, int notesPerStore, int held) {
        return text.replace("%W%", String.format(Locale.ROOT, "%,d", notesPerStore))
                .replace("%M%", String.format(Locale.ROOT, "%,d", held));
    }

    /** The unit a figure of this statistic prints with: "ms", "KB", what a count counts, or nothing. */
    public String unitName() {
        return unit == Unit.MS ? "ms" : unit == Unit.KB ? "KB" : countUnit;
    }

    /** A figure in this statistic's unit, with its decimals: "0.245 ms", "2,458 KB", "133". */
    public String format(double v) {
        return number(v, decimals) + (unit == Unit.COUNT ? "" : " " + unitName());
    }

    /** A number with thousands separators and the given decimals ("1,234.5"), as every report prints it. */
    public static String number(double v, int decimals) {
        return String.format(Locale.US, "%,." + decimals + "f", v);
    }

    /** The line's "about": what a reader needs to print and judge the statistic without the code that measured it. */
    public ObjectNode about(int notesPerStore, int held, String group, int order) {
        ObjectNode a = ResultsFile.JSON.createObjectNode();
        a.put("label", label(notesPerStore, held)).put("unit", unit.name().toLowerCase(Locale.ROOT))
                .put("decimals", decimals).put("better", higherIsBetter ? "higher" : "lower").put("group", group)
                .put("order", order).put("ofRuns", hasSpread);
        if (referenceRow > 0) {
            a.put("referenceRow", referenceRow);
        }
        if (tolerance != null) {
            a.put("tolerance", tolerance);
        }
        if (chartGroup != null) {
            a.put("chart", chartGroup).put("chartTitle", chartTitle(notesPerStore, held));
        }
        if (!countUnit.isEmpty()) {
            a.put("counts", countUnit);
        }
        if (optional) {
            a.put("optional", true);
        }
        if (counter) {
            a.put("counter", true);
        }
        if (onlyIn != null) {
            a.put("onlyIn", onlyIn.name().toLowerCase(Locale.ROOT));
        }
        return a;
    }

    /** The statistic a stat line's "about" describes ({@link #about}); the error names the field that is wrong. */
    public static Stat read(String id, JsonNode about) {
        String unit = about.path("unit").asText("");
        Unit u;
        try {
            u = Unit.valueOf(unit.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("statistic " + id + ": unit '" + unit + "' is none of ms, kb, count");
        }
        if (!about.path("label").isTextual() || !about.path("decimals").canConvertToInt()) {
            throw new IllegalArgumentException("statistic " + id + ": its about needs a label and decimals");
        }
        Stat s = new Stat(id, about.get("label").asText(), u, about.get("decimals").asInt());
        s.referenceRow = about.path("referenceRow").asInt(0);
        s.countUnit = about.path("counts").asText("");
        s.hasSpread = about.path("ofRuns").asBoolean(false);
        s.higherIsBetter = "higher".equals(about.path("better").asText());
        s.tolerance = about.path("tolerance").isNumber() ? about.get("tolerance").asDouble() : null;
        if (about.path("chart").isTextual()) {
            s.chartGroup = about.get("chart").asText();
            s.chartTitle = about.path("chartTitle").asText(null);
        }
        s.optional = about.path("optional").asBoolean(false);
        s.counter = about.path("counter").asBoolean(false);
        s.onlyIn = about.path("onlyIn").isTextual() ? TrialRuntime.valueOf(about.get("onlyIn").asText()
                .toUpperCase(Locale.ROOT)) : null;
        return s;
    }

    /** A statistic is its id (read back from a stat line or declared by its phase, it is the same statistic). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Stat other && id.equals(other.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }

    public static final class Builder {
        private final Stat s;

        private Builder(Stat s) {
            this.s = s;
        }

        /** A median of the R runs' figures: it has a spread, and comparisons judge it against that. */
        public Builder ofRuns() {
            s.hasSpread = true;
            return this;
        }

        public Builder tolerance(double fraction) {
            s.tolerance = fraction;
            return this;
        }

        public Builder onlyIn(TrialRuntime runtime) {
            s.onlyIn = runtime;
            return this;
        }

        /** It is row {@code row} of the reference write-up's table: the report lists those rows first, in its order. */
        public Builder reference(int row) {
            s.referenceRow = row;
            return this;
        }

        public Builder besideReference(int row) {
            s.besideReference = row;
            return this;
        }

        public Builder higherIsBetter() {
            s.higherIsBetter = true;
            return this;
        }

        public Builder optional() {
            s.optional = true;
            return this;
        }

        public Builder counter() {
            s.counter = true;
            return this;
        }

        public Builder counting(String unit) {
            s.countUnit = unit;
            return this;
        }

        public Builder chart(String group, String title) {
            s.chartGroup = group;
            s.chartTitle = title;
            return this;
        }

        public Stat build() {
            return s;
        }
    }
}
