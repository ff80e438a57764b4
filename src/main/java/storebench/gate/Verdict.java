package storebench.gate;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import storebench.results.Stat;

import java.util.Locale;

/**
 * The gate's verdict on one rule for one engine, setting and workload: what it judged, the figures (margin: the room
 * left before the rule fails, negative by how much it failed), the rule's file, line and words, and how its figures
 * print. A verdicts.json line is one verdict, its parts' fields side by side.
 */
public record Verdict(Kind kind, Status status, @JsonUnwrapped Subject subject,
                      @JsonUnwrapped Figures figures, @JsonUnwrapped Source source, @JsonUnwrapped Figure figure) {

    /** What a verdict judged: a statistic of an engine under a setting and workload ({@link #ANY}: every one). */
    public record Subject(String engine, String setting, String workload, String stat) {
    }

    /** A verdict's figures in the statistic's unit; marginPercent is written for outside readers, never read back. */
    @JsonIgnoreProperties(value = "marginPercent", allowGetters = true)
    public record Figures(Double measured, Double limit, Double margin) {
        /** A verdict's figures where its rule was not evaluated. */
        public static final Figures NONE = new Figures(null, null, null);

        /** The margin as a percentage of the limit, or null. */
        @JsonProperty("marginPercent")
        public Double marginPercent() {
            return margin == null || limit == null || limit == 0 ? null : margin / Math.abs(limit) * 100;
        }
    }

    /** Where a verdict came from: its rule's file and line, the rule in words, and what went into the verdict. */
    public record Source(String file, int line, String rule, String detail) {
    }

    /** A verdict whose figures print plainly, until the gate gives it its statistic's {@link Figure}. */
    public Verdict(Kind kind, Status status, Subject subject, Figures figures, Source source) {
        this(kind, status, subject, figures, source, Figure.PLAIN);
    }

    /** The same verdict, its figures printed as {@code f} says. */
    public Verdict with(Figure f) {
        return new Verdict(kind, status, subject, figures, source, f);
    }

    public String engine() {
        return subject.engine();
    }

    public String setting() {
        return subject.setting();
    }

    public String stat() {
        return subject.stat();
    }

    public Double measured() {
        return figures.measured();
    }

    public Double limit() {
        return figures.limit();
    }

    public Double margin() {
        return figures.margin();
    }

    public int line() {
        return source.line();
    }

    public String rule() {
        return source.rule();
    }

    public String detail() {
        return source.detail();
    }

    /** How a statistic's figures print, kept with each verdict so it prints without the code that measured it. */
    public record Figure(String unit, int decimals) {
        /** A statistic the run does not describe: three decimals, no unit. */
        public static final Figure PLAIN = new Figure("", 3);
        /** A ratio B/A of an A/B comparison. */
        public static final Figure RATIO = new Figure("x", 3);

        /** A figure whose file names no unit prints without one. */
        public Figure {
            unit = unit == null ? "" : unit;
        }

        public static Figure of(Stat s) {
            return new Figure(s.unitName(), s.decimals());
        }

        /** "0.612 ms", "2,455 KB", "133 stores/s"; "–" for none. */
        public String format(Double value) {
            if (value == null) {
                return "–";
            }
            int d = decimals == 0 && Math.abs(value) < 10 ? 1 : decimals; // a small KB figure: 1 decimal
            String number = String.format(Locale.US, "%,." + d + "f", value);
            return unit.isEmpty() ? number : number + " " + unit;
        }
    }

    /**
     * What kind of rule gave the verdict: a ceiling or floor ({@code ceilings:}), a ratio between two engines
     * ({@code ratios:}), the comparison with a baseline run ({@code baseline:}), or side B against side A of an A/B
     * comparison in the run (bench.against; {@code against:}).
     */
    public enum Kind { CEILING, RATIO, BASELINE, AGAINST }

    public enum Status {
        PASS, FAIL,
        /** Judged, but the interval straddles the tolerance: the runs cannot tell; never counted as passed. */
        INCONCLUSIVE,
        /** The engine or setting was not run, the figure is missing, or there is nothing to compare with. */
        NOT_EVALUATED
    }

    /** Stands for "every" engine, setting, workload or statistic in a verdict about a whole rule. */
    public static final String ANY = "*";

    public Double marginPercent() {
        return figures.marginPercent();
    }

    /** One line with everything about the verdict, as the failing build prints it. */
    public String message() {
        StringBuilder s = new StringBuilder();
        s.append(status).append(' ').append(kind.name().toLowerCase(Locale.ROOT)).append(": engine ").append(engine())
                .append(", setting ").append(setting()).append(", workload ").append(subject.workload())
                .append(", statistic ").append(stat());
        if (status == Status.NOT_EVALUATED) {
            s.append(": not evaluated: ").append(detail());
        } else {
            s.append(": measured ").append(figure.format(measured())).append(", limit ")
                    .append(figure.format(limit())).append(", margin ").append(figure.format(margin()));
            Double pct = marginPercent();
            if (pct != null) {
                s.append(String.format(Locale.ROOT, " (%+.1f%%)", pct));
            }
            s.append(" [").append(rule()).append("; ").append(detail()).append(']');
        }
        return s.append(" (").append(source.file()).append(':').append(line()).append(')').toString();
    }
}
