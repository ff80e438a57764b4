package storebench.gate;

import storebench.phase.Phases;


import storebench.results.Stat;

import java.util.Locale;

/**
 * The gate's verdict on one rule for one engine, setting and workload. {@code measured}, {@code limit} and
 * {@code margin} are in the statistic's unit and null where the rule could not be evaluated; {@code margin} is the
 * room left before the rule fails (negative: by how much it failed); {@code line} is the rule's line in
 * {@code file}. {@code rule} says the rule in words, {@code detail} what went into the verdict (or why there is
 * none).
 */
public record Verdict(Kind kind, Status status, String engine, String setting, String workload, String stat,
                      Double measured, Double limit, Double margin, String file, int line, String rule,
                      String detail) {

    /** What kind of rule gave the verdict. */
    public enum Kind {
        /** A ceiling or floor from {@code ceilings:}. */
        CEILING,
        /** A ratio between two engines from {@code ratios:}. */
        RATIO,
        /** The comparison with a baseline run, toleranced by {@code baseline:}. */
        BASELINE
    }

    public enum Status {
        PASS, FAIL,
        /**
         * Judged, but the runs cannot tell a change of the rule's size apart (a baseline rule whose 95% interval
         * straddles its tolerance): neither passed nor failed, never counted as passed.
         */
        INCONCLUSIVE,
        /** The engine or setting was not run, the figure is missing, or there is nothing to compare with. */
        NOT_EVALUATED
    }

    /** Stands for "every" engine, setting, workload or statistic in a verdict about a whole rule. */
    public static final String ANY = "*";

    /** The margin as a percentage of the limit, or null. */
    public Double marginPercent() {
        if (margin == null || limit == null || limit == 0) {
            return null;
        }
        return margin / Math.abs(limit) * 100;
    }

    /** Where the rule is: {@code thresholds.yaml:42}. */
    public String location() {
        return file + ":" + line;
    }

    /** One line with everything about the verdict, as the failing build prints it. */
    public String message() {
        StringBuilder s = new StringBuilder();
        s.append(status).append(' ').append(kind.name().toLowerCase(Locale.ROOT)).append(": engine ").append(engine)
                .append(", setting ").append(setting).append(", workload ").append(workload).append(", statistic ")
                .append(stat);
        if (status == Status.NOT_EVALUATED) {
            s.append(": not evaluated: ").append(detail);
        } else {
            s.append(": measured ").append(format(stat, measured)).append(", limit ").append(format(stat, limit))
                    .append(", margin ").append(format(stat, margin));
            Double pct = marginPercent();
            if (pct != null) {
                s.append(String.format(Locale.ROOT, " (%+.1f%%)", pct));
            }
            s.append(" [").append(rule).append("; ").append(detail).append(']');
        }
        return s.append(" (").append(location()).append(')').toString();
    }

    /** A figure in the statistic's unit, with its decimals: "0.612 ms", "2,455 KB". */
    public static String format(String stat, Double value) {
        if (value == null) {
            return "–";
        }
        Stat s;
        try {
            s = Phases.stat(stat);
        } catch (IllegalArgumentException e) {
            return String.format(Locale.US, "%,.3f", value);
        }
        int decimals = s.decimals() == 0 && Math.abs(value) < 10 ? 1 : s.decimals(); // a small KB figure: 1 decimal
        String number = String.format(Locale.US, "%,." + decimals + "f", value);
        switch (s.unit()) {
            case MS:
                return number + " ms";
            case KB:
                return number + " KB";
            default:
                return s.countUnit().isEmpty() ? number : number + " " + s.countUnit();
        }
    }
}
