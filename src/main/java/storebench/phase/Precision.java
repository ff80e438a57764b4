package storebench.phase;

import storebench.results.PrecisionLine;
import storebench.results.RunStats;
import storebench.results.Stat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Runs sized by the figure's precision (bench.precision, bench.maxRuns): fresh-process runs are added one at a time
 * until the 95% interval of the deciding figure's median lies within the target, as tachometer's auto-sampling does:
 * a quiet engine stops early. The interval ({@link RunStats#medianInterval}) reaches 95% from 6 runs on.
 */
public final class Precision {
    /** The target: the interval's farther end at most this fraction from the median ("3%" or 0.03); off by default. */
    public static final PhaseOption<OptionalDouble> TARGET = new PhaseOption<>("bench.precision", "off",
            value -> fraction(value, "the default: R runs, bench.runs"));
    public static final PhaseOption<Integer> MAX_RUNS = PhaseOption.positiveInt("bench.maxRuns", 12);
    /** The confidence the interval must have: order statistics give it from 6 runs on. */
    static final double CONFIDENCE = 0.95;

    private Precision() {
    }

    /** "3%" or 0.03 (above 0, at most 50%), or "off": empty. */
    static OptionalDouble fraction(String value, String off) {
        if (value.isEmpty() || value.equalsIgnoreCase("off")) {
            return OptionalDouble.empty();
        }
        try {
            boolean percent = value.endsWith("%");
            double v = Double.parseDouble(percent ? value.substring(0, value.length() - 1).trim() : value);
            double fraction = percent ? v / 100 : v;
            if (fraction > 0 && fraction <= 0.5) {
                return OptionalDouble.of(fraction);
            }
        } catch (NumberFormatException ignored) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("give off (" + off + ") or a target for the 95% interval of the median,"
                + " above 0 and at most 50%: 3% or 0.03");
    }

    /** Refuses bench.maxRuns below 6 with a target: the interval would be printed as 95% at a lower confidence. */
    public static void check(PhaseOptions options) {
        OptionalDouble target = options.option(TARGET);
        int least = RunStats.leastRuns(CONFIDENCE);
        int most = options.option(MAX_RUNS);
        if (target.isPresent() && most < least) {
            throw new IllegalArgumentException(String.format(Locale.US, "bench.maxRuns=%d is too few for"
                    + " bench.precision=%s: the 95%% interval of a median needs %d runs or more (with %d, the runs"
                    + " bound it with %.0f%% confidence); give bench.maxRuns from %d up (the default is %s), or leave"
                    + " bench.precision off", most, new BigDecimal(target.getAsDouble() * 100)
                    .round(new MathContext(6)).stripTrailingZeros().toPlainString() + "%", least, most,
                    100 * RunStats.medianInterval(Collections.nCopies(most, 1.0)).confidence(), least,
                    MAX_RUNS.fallback()));
        }
    }

    /** A 95% interval within the target on both sides. */
    public static boolean reached(List<Double> runs, double target) {
        if (runs.isEmpty()) {
            return false;
        }
        RunStats.Interval interval = RunStats.medianInterval(runs);
        double median = RunStats.median(runs);
        double farther = Math.max(median - interval.low(), interval.high() - median);
        return interval.confidence() >= CONFIDENCE && farther <= target * median;
    }

    /**
     * When {@link RunSeries#more}, the one mechanism that adds runs, stops: bench.precision's rule, the deciding
     * figure's interval within the target ({@link #reached}); or the gate's (bench.resample), the trial's verdicts
     * decided.
     */
    @FunctionalInterface
    public interface StopRule {
        boolean holds(Measured runs) throws Exception;
    }

    /** The figures after runs added under bench.precision; a "precision" line records what they reached. */
    static Measured extend(PhaseRun run, Measured measured, Stat decides, RunSeries series) throws Exception {
        OptionalDouble target = run.params().option(TARGET);
        if (target.isEmpty()) {
            return measured;
        }
        Measured m = series.more(run, measured, mostRuns(run.params().runs(), run.params()),
                sofar -> reached(sofar.runs(decides), target.getAsDouble()));
        List<Double> runs = m.runs(decides);
        RunStats.Interval interval = RunStats.medianInterval(runs);
        double median = RunStats.median(runs);
        run.results().append(PrecisionLine.KIND, new PrecisionLine(run.params().column(), m.phase().id(), decides.id(),
                target.getAsDouble(), runs.size(), reached(runs, target.getAsDouble()), median == 0 ? 0
                : Math.max(median - interval.low(), interval.high() - median) / median, interval.confidence()));
        return m;
    }

    /** The most runs a phase with runs may make: bench.maxRuns under bench.precision (never fewer than R), else R. */
    static int mostRuns(int runs, PhaseOptions options) {
        return options.option(TARGET).isPresent() ? Math.max(runs, options.option(MAX_RUNS)) : runs;
    }
}
