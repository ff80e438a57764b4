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
 * Runs sized by the figure's precision (bench.precision, bench.maxRuns): a phase with runs adds fresh-process runs,
 * one at a time like the gate's resampling, until the 95% interval of its deciding figure's median (the open runs'
 * open-query-close, the read runs' open-read-close) lies within the target of the median on both sides, or it has
 * bench.maxRuns. As tachometer's auto-sampling and Kalibera and Jones' "rigorous benchmarking in reasonable time" do:
 * a quiet engine stops early, a noisy one gets the runs its figure needs. The interval is the distribution-free one of
 * {@link RunStats#medianInterval}: it reaches 95% from 6 runs on, so a precision run makes at least 6, and a
 * bench.maxRuns below 6 with a target is refused ({@link #check}).
 */
public final class Precision {
    /** The target: the interval's farther end at most this fraction from the median ("3%" or 0.03); off by default. */
    public static final PhaseOption<OptionalDouble> TARGET = new PhaseOption<>("bench.precision", "off", Precision::target);
    /** The most runs a phase makes under bench.precision. */
    public static final PhaseOption<Integer> MAX_RUNS = PhaseOption.positiveInt("bench.maxRuns", 12);
    /** The confidence the interval must have: order statistics give it from 6 runs on. */
    static final double CONFIDENCE = 0.95;

    private Precision() {
    }

    static OptionalDouble target(String value) {
        return fraction(value, "the default: R runs, bench.runs");
    }

    /**
     * A share of a median given as "3%" or 0.03 (above 0, at most 50%), or "off": empty. The error says what off means
     * (PhaseOption names the option and the value).
     */
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

    /**
     * Refuses bench.maxRuns below the runs a 95% interval needs where bench.precision is on: with fewer, the interval
     * the runs give has a narrower confidence (R = 2: 50%), which would be printed as if it were the 95% one.
     */
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

    /** Whether these run figures' median is known to the target: a 95% interval within it on both sides. */
    public static boolean reached(List<Double> runs, double target) {
        if (runs.isEmpty()) {
            return false;
        }
        RunStats.Interval interval = RunStats.medianInterval(runs);
        double median = RunStats.median(runs);
        double farther = Math.max(median - interval.low(), interval.high() - median);
        return interval.confidence() >= CONFIDENCE && farther <= target * median;
    }

    /** Adds {@code extra} runs to a phase's figures so far: the phase's own "more runs" (OpenRunsPhase.more). */
    @FunctionalInterface
    interface MoreRuns {
        Measured add(Measured earlier, int extra) throws Exception;
    }

    /**
     * The figures after runs added under bench.precision (none where it is off): one more fresh-process run while
     * {@code decides}'s interval is wider than the target and fewer than bench.maxRuns were made. A "precision" line
     * records the runs made, whether the target was reached, and the interval's farther end from the median.
     */
    static Measured extend(PhaseRun run, Measured measured, Stat decides, MoreRuns more) throws Exception {
        OptionalDouble target = run.params().option(TARGET);
        if (target.isEmpty()) {
            return measured;
        }
        int most = mostRuns(run.params().runs(), run.params());
        Measured m = measured;
        while (!reached(m.runs(decides), target.getAsDouble()) && m.runs(decides).size() < most) {
            m = more.add(m, 1);
        }
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
