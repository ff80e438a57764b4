package storebench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.gate.Thresholds.Bound;
import storebench.results.Comparison;
import storebench.results.PairedRatio;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.Verdict.Figure;
import storebench.gate.Verdict.Figures;
import storebench.gate.Verdict.Kind;
import storebench.gate.Verdict.Source;
import storebench.gate.Verdict.Status;
import storebench.gate.Verdict.Subject;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The regression gate: evaluates every rule of a thresholds file against a run's results (and a baseline run's) and
 * gives one {@link Verdict} per rule, engine and setting. A pure function of its inputs: it measures nothing and reads
 * no file.
 *
 * <p>A statistic with runs on both sides is judged by the 95% bootstrap interval of the ratio of medians ({@link
 * RatioInterval}): wholly worse than the tolerance it fails, wholly within it it passes, across it it is inconclusive
 * (the runs cannot tell a change of that size). One without runs fails when worse than the baseline's by more than
 * its tolerance and the two runs' spreads. "Worse" is higher, but for stores_per_s, compared as time per store so that
 * a 30% slowdown reads as 30% worse everywhere. A figure taken under profilers, which slow what they watch, is never
 * judged or compared.
 */
public final class Gate {
    private Gate() {
    }

    /** Every verdict on the run: ceilings and ratios in file order, then the baseline comparison. */
    public static List<Verdict> evaluate(Thresholds thresholds, RunResults current, Optional<RunResults> baseline) {
        JudgedRun run = new JudgedRun(current);
        List<Verdict> out = new ArrayList<>();
        thresholds.ceilings().forEach(c -> run.inScope(c.scope(), (setting, workload) -> out.add(ceiling(
                thresholds.file(), c, setting, workload, run))));
        thresholds.ratios().forEach(r -> run.inScope(r.scope(), (setting, workload) -> out.add(ratio(
                thresholds.file(), r, setting, workload, run))));
        out.addAll(against(thresholds, current, run, c -> true, stat -> true));
        out.sort(Comparator.comparingInt(Verdict::line)); // file order; stable, so settings stay in order
        if (thresholds.baseline().isPresent()) {
            out.addAll(baseline(thresholds.file(), thresholds.baseline().get(), run, baseline.map(JudgedRun::new)));
        } else if (baseline.isPresent()) {
            out.add(notEvaluated(Kind.BASELINE, everything(run.workload), new Rule(thresholds.file(), 0,
                    "baseline comparison").because("a baseline was given, but the thresholds file has no baseline:"
                    + " section with its tolerances")));
        }
        return withFigures(out, Stream.concat(Stream.of(current), baseline.stream()).toList());
    }

    /** Why a run none of whose phases any rule is on (the capacity phase alone) has nothing to judge: no failure. */
    public static Optional<String> nothingToJudge(List<Verdict> verdicts, String thresholdsFile, RunResults run) {
        Optional<List<String>> phases = run.runLine().asked().phases();
        if (phases.isEmpty()) {
            return Optional.empty();
        }
        JudgedRun judged = new JudgedRun(run);
        List<Verdict> ours = verdicts.stream().filter(v -> v.kind() != Kind.BASELINE
                && !Verdict.ANY.equals(v.stat())
                && (Verdict.ANY.equals(v.engine()) || judged.engines.contains(v.engine()))
                && (Verdict.ANY.equals(v.setting()) || judged.settings.contains(v.setting()))).toList();
        // no rule for these engines and settings at all is a file that checks nothing: GateBench fails it
        if (ours.isEmpty() || ours.stream().anyMatch(v -> run.notAsked(v.stat()).isEmpty())) {
            return Optional.empty();
        }
        return Optional.of("nothing to judge for these phases: " + String.join(", ", phases.get()) + " ("
                + thresholdsFile + " has no rule on their statistics for " + String.join(", ", judged.engines) + " under "
                + String.join(", ", judged.settings) + ")");
    }

    /**
     * Everything the gate will need, checked where the run starts: the thresholds parse against {@code known}, the
     * baseline is readable and has tolerances.
     *
     * @throws ThresholdsException the thresholds file is broken (every problem with file, line and valid values)
     * @throws IOException         the baseline cannot be read
     */
    public static Thresholds checkBeforeMeasuring(Path thresholdsFile, Optional<Path> baselinePath, List<Stat> known)
            throws IOException {
        Thresholds thresholds = Thresholds.load(thresholdsFile, known);
        if (baselinePath.isPresent()) {
            if (thresholds.baseline().isEmpty()) {
                throw new ThresholdsException(thresholds.file(), List.of(new ThresholdsException.Problem(1,
                        "a baseline is given (-Dbench.baseline=" + baselinePath.get() + "), but the file has no"
                                + " baseline: section with tolerance_percent: (with_spread:, without_spread:) to"
                                + " compare it by")));
            }
            loadBaseline(baselinePath.get());
        }
        return thresholds;
    }

    /** Checks that a baseline is comparable: throws why (CI asked for one), or with {@code warn} returns it. */
    public static Optional<String> checkComparable(Path baselinePath, RunResults.Shape shape, boolean warn)
            throws IOException {
        Optional<String> why = notComparable(shape, loadBaseline(baselinePath));
        if (why.isPresent() && !warn) {
            throw new IOException("-Dbench.baseline=" + baselinePath + ": " + why.get() + ". To run anyway, with the"
                    + " comparison not evaluated, add -Dbench.baselineMismatch=warn");
        }
        return why;
    }

    /** Reads a baseline from its results.jsonl or folder; errors name the path. */
    public static RunResults loadBaseline(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            if (!Files.isRegularFile(path.resolve(ResultsFile.NAME))) {
                throw new IOException("baseline " + path + " is a folder without " + ResultsFile.NAME
                        + ": give -Dbench.baseline=path/to/results.jsonl (or the folder of a copied run)");
            }
            return RunResults.load(path);
        }
        if (!Files.isRegularFile(path)) {
            throw new IOException("no baseline at " + path + ": give -Dbench.baseline=path/to/results.jsonl"
                    + " (a copy of an earlier run's target/bench/results.jsonl)");
        }
        List<JsonNode> lines = ResultsFile.read(path);
        Path env = path.resolveSibling(RunResults.ENVIRONMENT);
        JsonNode environment = null;
        if (Files.isRegularFile(env)) {
            try {
                environment = new com.fasterxml.jackson.databind.ObjectMapper().readTree(env.toFile());
            } catch (IOException ignored) {
                environment = null; // the environment is optional for a comparison
            }
        }
        return new RunResults(lines, environment);
    }

    /** The verdicts on one column's figures as soon as measured; {@link #evaluate} judges every rule at the end. */
    public static List<Verdict> forFigures(Thresholds thresholds, RunResults current, String engine, String setting,
                                           Collection<String> stats) {
        JudgedRun run = new JudgedRun(current);
        List<Verdict> out = new ArrayList<>();
        for (Thresholds.Ceiling c : thresholds.ceilings()) {
            if (c.engine().equals(engine) && c.scope().settings().contains(setting)
                    && c.scope().workloads().contains(run.workload)
                    && stats.contains(c.stat()) && run.value(engine, setting, c.stat()) != null) {
                out.add(ceiling(thresholds.file(), c, setting, run.workload, run));
            }
        }
        for (Thresholds.Ratio r : thresholds.ratios()) {
            if ((r.engine().equals(engine) || r.other().equals(engine)) && r.scope().settings().contains(setting)
                    && r.scope().workloads().contains(run.workload) && stats.contains(r.stat())
                    && run.value(r.engine(), setting, r.stat()) != null
                    && run.value(r.other(), setting, r.stat()) != null) {
                out.add(ratio(thresholds.file(), r, setting, run.workload, run));
            }
        }
        out.addAll(against(thresholds, current, run, c -> c.equals(new storebench.results.Column(engine, setting)),
                stats::contains));
        out.sort(Comparator.comparingInt(Verdict::line));
        return withFigures(out, List.of(current));
    }

    /**
     * The A/B comparisons' verdicts (bench.against), by B/A's 95% interval over the pairs ({@link PairedRatio}), judged
     * as the baseline's ratio interval is: fail, pass or inconclusive.
     */
    private static List<Verdict> against(Thresholds thresholds, RunResults current, JudgedRun run,
                                         java.util.function.Predicate<storebench.results.Column> columns,
                                         java.util.function.Predicate<String> stats) {
        List<Verdict> out = new ArrayList<>();
        for (Comparison c : current.comparisons()) {
            if (!columns.test(c.column())) {
                continue;
            }
            if (thresholds.against().isEmpty()) {
                out.add(notEvaluated(Kind.AGAINST, new Subject(c.column().engine(), c.column().setting(), run.workload,
                        Verdict.ANY), new Rule(thresholds.file(), 0, c.end().title()).because("the thresholds file has"
                        + " no against: section with the tolerance of each statistic (e.g. oqc_ms: 3)")));
                continue;
            }
            for (Map.Entry<String, Thresholds.Tolerance> e : thresholds.against().get().perStat().entrySet()) {
                if (stats.test(e.getKey())) {
                    out.add(against(thresholds.file(), c, e.getKey(), e.getValue(), current, run.workload));
                }
            }
        }
        return out;
    }

    private static Verdict against(String file, Comparison c, String stat, Thresholds.Tolerance tol,
                                   RunResults current, String workload) {
        Subject subject = new Subject(c.column().engine(), c.column().setting(), workload, stat);
        Rule rule = new Rule(file, tol.line(), "B/A of " + stat + " within " + fmt(tol.percent()) + "% ("
                + c.end().title() + ")");
        Optional<PairedRatio> ratio = c.ratio(stat);
        if (ratio.isEmpty()) {
            return notEvaluated(Kind.AGAINST, subject, rule.because("fewer than two pairs have a figure of " + stat));
        }
        boolean higherBetter = current.stat(stat).map(Stat::higherIsBetter).orElse(false);
        PairedRatio.Decision d = ratio.get().decide(tol.fraction(), higherBetter);
        Status status = d == PairedRatio.Decision.WORSE ? Status.FAIL : d == PairedRatio.Decision.INCONCLUSIVE
                ? Status.INCONCLUSIVE : Status.PASS;
        double limit = higherBetter ? 1 - tol.fraction() : 1 + tol.fraction();
        double margin = higherBetter ? ratio.get().low() - limit : limit - ratio.get().high();
        String detail = String.format(Locale.ROOT, "B/A %s over %d pairs (95%% signed-rank interval of the"
                + " pairs' log ratios); tolerance %s%%: %s; A ran %s, B ran %s; sampling stopped: %s", ratio.get().precise(),
                ratio.get().pairs(), fmt(tol.percent()), d.words(), c.end().ran().a(), c.end().ran().b(),
                c.end().stopped());
        return new Verdict(Kind.AGAINST, status, subject, new Figures(ratio.get().ratio(), limit, margin),
                rule.because(detail), Figure.RATIO);
    }

    public static final String NOT_COMPARABLE = "the baseline cannot be compared with this run: ";

    /** Why a baseline cannot be compared: incomplete, profiled, or another workload, N, R or M. */
    public static Optional<String> notComparable(RunResults.Shape run, RunResults baseline) {
        Optional<String> incomplete = baseline.incomplete();
        if (incomplete.isPresent()) {
            return Optional.of(NOT_COMPARABLE + "it is not a complete run: " + incomplete.get()
                    + "; compare with a complete run");
        }
        List<String> profilers = baseline.profilers();
        if (!profilers.isEmpty()) {
            return Optional.of(NOT_COMPARABLE + "it was measured under profilers (" + String.join(", ", profilers)
                    + ", bench.profilers), which slow what they watch: its figures explain where the time goes and"
                    + " are no measurements to compare with; give a run made without -Dbench.profilers");
        }
        List<String> differences = run.differences(baseline.shape(), "baseline");
        if (!differences.isEmpty()) {
            return Optional.of(NOT_COMPARABLE + String.join(", ", differences) + "; compare with a baseline of the"
                    + " same workload, N, R and M");
        }
        return Optional.empty();
    }

    private static Verdict ceiling(String file, Thresholds.Ceiling c, String setting, String workload, JudgedRun run) {
        Rule rule = new Rule(file, c.line(), c.engine() + " " + c.stat() + " " + c.bound().symbol() + " "
                + run.figure(c.stat()).format(c.limit()) + " (" + (c.bound() == Bound.AT_MOST ? "max" : "min") + ")");
        Subject subject = new Subject(c.engine(), setting, workload, c.stat());
        Optional<String> missing = run.missing(c.engine(), setting, workload, c.stat())
                .or(() -> run.profiled(c.engine(), setting, c.stat()))
                .or(() -> run.belowScale(c.scope().minStores(), "ceiling"));
        if (missing.isPresent()) {
            return notEvaluated(Kind.CEILING, subject, rule.because(missing.get()));
        }
        double measured = run.value(c.engine(), setting, c.stat()).value();
        return judged(Kind.CEILING, subject, measured, c.limit(), c.bound(),
                rule.because("measured over " + run.stores + " stores"));
    }

    private static Verdict ratio(String file, Thresholds.Ratio r, String setting, String workload, JudgedRun run) {
        Rule rule = new Rule(file, r.line(), r.engine() + " " + r.stat() + " " + r.bound().symbol() + " "
                + fmt(r.factor()) + " x " + r.other() + " " + r.stat() + " (same setting and workload)");
        Subject subject = new Subject(r.engine(), setting, workload, r.stat());
        Optional<String> missing = run.missing(r.engine(), setting, workload, r.stat())
                .or(() -> run.missing(r.other(), setting, workload, r.stat()))
                .or(() -> run.profiled(r.engine(), setting, r.stat()))
                .or(() -> run.profiled(r.other(), setting, r.stat()))
                .or(() -> run.belowScale(r.scope().minStores(), "ratio"));
        if (missing.isPresent()) {
            return notEvaluated(Kind.RATIO, subject, rule.because(missing.get()));
        }
        Optional<String> here = run.results.machine(r.engine(), setting);
        Optional<String> there = run.results.machine(r.other(), setting);
        if (here.isPresent() && there.isPresent() && !here.get().equals(there.get())) {
            // a merged run's engines measured apart: a ratio of two machines says nothing about the engines
            return notEvaluated(Kind.RATIO, subject, rule.because("measured on different machines (" + r.engine()
                    + " on " + here.get() + ", " + r.other() + " on " + there.get() + "): a ratio between machines is"
                    + " not evaluated"));
        }
        double measured = run.value(r.engine(), setting, r.stat()).value();
        double other = run.value(r.other(), setting, r.stat()).value();
        double limit = r.factor() * other;
        String detail = r.other() + " " + run.figure(r.stat()).format(other) + "; ratio "
                + (other == 0 ? "undefined (" + r.other() + " is 0)" : fmt(measured / other));
        return judged(Kind.RATIO, subject, measured, limit, r.bound(), rule.because(detail));
    }

    private static List<Verdict> baseline(String file, Thresholds.Baseline b, JudgedRun run, Optional<JudgedRun> base) {
        List<Verdict> out = new ArrayList<>();
        Rule all = new Rule(file, b.line(), "baseline comparison (tolerance " + fmt(b.withSpread().percent())
                + "%, told apart from the noise, for open-run statistics, " + fmt(b.withoutSpread().percent())
                + "% for the others)");
        if (base.isEmpty()) {
            out.add(notEvaluated(Kind.BASELINE, everything(run.workload),
                    all.because("no baseline given: run with -Dbench.baseline=path/to/results.jsonl")));
            return out;
        }
        JudgedRun then = base.get();
        Optional<String> notComparable = notComparable(run.results.shape(), then.results);
        if (notComparable.isPresent()) {
            out.add(notEvaluated(Kind.BASELINE, everything(run.workload), all.because(notComparable.get())));
            return out;
        }
        List<String> engines = Engines.ALL.stream().map(EngineDescriptor::id) // the report's order
                .filter(id -> run.engines.contains(id) || then.engines.contains(id)).toList();
        Set<String> settings = new LinkedHashSet<>(run.settings);
        settings.addAll(then.settings);
        for (String setting : settings) {
            for (String engine : engines) {
                for (Stat stat : RunResults.stats(List.of(run.results, then.results))) {
                    if (b.ignore().contains(stat.id()) || stat.counter()) {
                        continue; // a counter is the machine's side of a visit: never judged (docs/measuring.md)
                    }
                    boolean inRun = run.value(engine, setting, stat.id()) != null;
                    boolean inBase = then.value(engine, setting, stat.id()) != null;
                    if (!inRun && !inBase) {
                        continue; // neither run has the figure (e.g. an engine that cannot run): no rule to judge
                    }
                    out.add(compare(file, b, stat, engine, setting, run, then));
                }
            }
        }
        return out;
    }

    private static Verdict compare(String file, Thresholds.Baseline b, Stat stat, String engine, String setting,
                                   JudgedRun run, JudgedRun then) {
        Thresholds.Tolerance tol = b.toleranceFor(stat);
        boolean own = b.perStat().containsKey(stat.id());
        Rule rule = new Rule(file, tol.line(), stat.id() + " at most " + fmt(tol.percent())
                + "% worse than the baseline" + (stat.hasSpread() ? ", told apart from the runs' noise" : "")
                + (own ? "" : stat.hasSpread() ? " (with_spread)" : " (without_spread)"));
        Subject subject = new Subject(engine, setting, run.workload, stat.id());
        Optional<String> missing = run.missing(engine, setting, run.workload, stat.id())
                .or(() -> run.profiled(engine, setting, stat.id()));
        if (missing.isPresent()) {
            return notEvaluated(Kind.BASELINE, subject, rule.because(missing.get()));
        }
        RunResults.Measurement now = run.value(engine, setting, stat.id());
        RunResults.Measurement before = then.value(engine, setting, stat.id());
        if (before == null) {
            return notEvaluated(Kind.BASELINE, subject, rule.because("the baseline has no " + stat.id()
                    + " figure for " + engine + " under " + setting));
        }
        if (before.value() <= 0 || now.value() <= 0) {
            return notEvaluated(Kind.BASELINE, subject, rule.because("a figure is not positive (baseline "
                    + Figure.of(stat).format(before.value()) + ", now " + Figure.of(stat).format(now.value())
                    + "): no relative comparison"));
        }
        boolean higherBetter = stat.higherIsBetter();
        if (stat.hasSpread() && now.runs().size() >= 2 && before.runs().size() >= 2) {
            return compareRuns(stat, subject, rule, tol, before, now);
        }
        double noise = Math.max(spread(now), spread(before));
        double allowed = Math.max(tol.fraction(), noise);
        // worse as a fraction of the baseline's time: for stores/s as time per store
        double worse = higherBetter ? before.value() / now.value() - 1 : now.value() / before.value() - 1;
        double limit = higherBetter ? before.value() / (1 + allowed) : before.value() * (1 + allowed);
        String detail = String.format(Locale.ROOT, "baseline %s, %s %.1f%%; tolerance %s%%",
                Figure.of(stat).format(before.value()), worse >= 0 ? "worse by" : "better by", Math.abs(worse) * 100,
                fmt(tol.percent()))
                + (stat.hasSpread() ? String.format(Locale.ROOT, ", noise %.1f%% (spread now %.1f%%, baseline %.1f%%)",
                noise * 100, spread(now) * 100, spread(before) * 100) : "");
        return judged(Kind.BASELINE, subject, now.value(), limit, higherBetter ? Bound.AT_LEAST : Bound.AT_MOST,
                rule.because(detail));
    }

    /** By the 95% interval of the ratio of medians ({@link RatioInterval}); across the tolerance: inconclusive. */
    private static Verdict compareRuns(Stat stat, Subject subject, Rule rule, Thresholds.Tolerance tol,
                                       RunResults.Measurement before, RunResults.Measurement now) {
        boolean higherBetter = stat.higherIsBetter();
        RatioInterval timeRatio = RatioInterval.of(before.runs(), now.runs());
        // worse as a ratio of times: for stores/s the baseline's rate over ours
        RatioInterval worse = higherBetter ? timeRatio.inverse() : timeRatio;
        double bound = 1 + tol.fraction();
        Status status = worse.low() > bound ? Status.FAIL : worse.high() <= bound ? Status.PASS : Status.INCONCLUSIVE;
        double limit = higherBetter ? before.value() / bound : before.value() * bound;
        double margin = higherBetter ? now.value() - limit : limit - now.value();
        double change = worse.ratio() - 1;
        String detail = String.format(Locale.ROOT, "baseline %s, %s %.1f%%; tolerance %s%%; 95%% interval of the"
                        + " ratio of medians %.3f to %.3f (bootstrap of %d and %d runs): the runs tell apart changes of"
                        + " %.1f%% and more",
                Figure.of(stat).format(before.value()), change >= 0 ? "worse by" : "better by", Math.abs(change) * 100,
                fmt(tol.percent()), worse.low(), worse.high(), before.runs().size(), now.runs().size(),
                worse.resolution() * 100)
                + (status != Status.INCONCLUSIVE ? "" : worse.resolution() > tol.fraction()
                ? " (wider than the tolerance: inconclusive; more runs, or -Dbench.resample, narrow it)"
                // narrow enough, but the change itself lies about the tolerance: its interval holds both verdicts
                : String.format(Locale.ROOT, " (the interval holds %.3f, the tolerance's bound: inconclusive; more"
                + " runs, or -Dbench.resample, decide it)", bound));
        return new Verdict(Kind.BASELINE, status, subject, new Figures(now.value(), limit, margin),
                rule.because(detail));
    }

    private static double spread(RunResults.Measurement m) {
        return m.spread() == null ? 0 : m.spread();
    }

    /** A rule of the thresholds file: its file and line, and the rule in words. */
    private record Rule(String file, int line, String words) {
        /** Where a verdict on this rule came from, with what went into it (or why there is none). */
        Source because(String detail) {
            return new Source(file, line, words, detail);
        }
    }

    /** Every engine, setting and statistic of a workload: what a verdict on a whole rule judged. */
    private static Subject everything(String workload) {
        return new Subject(Verdict.ANY, Verdict.ANY, workload, Verdict.ANY);
    }

    private static Verdict judged(Kind kind, Subject subject, double measured, double limit, Bound bound,
                                  Source source) {
        double margin = bound == Bound.AT_MOST ? limit - measured : measured - limit;
        Status status = margin >= 0 ? Status.PASS : Status.FAIL;
        return new Verdict(kind, status, subject, new Figures(measured, limit, margin), source);
    }

    private static Verdict notEvaluated(Kind kind, Subject subject, Source why) {
        return new Verdict(kind, Status.NOT_EVALUATED, subject, Figures.NONE, why);
    }

    /** The verdicts, each with how its statistic's figures print, from the first run that describes it. */
    private static List<Verdict> withFigures(List<Verdict> verdicts, List<RunResults> runs) {
        return verdicts.stream().map(v -> v.kind() == Kind.AGAINST ? v : v.with(figure(v.stat(), runs))).toList();
    }

    private static Figure figure(String stat, List<RunResults> runs) {
        return runs.stream().map(r -> r.stat(stat)).flatMap(Optional::stream).findFirst().map(Figure::of)
                .orElse(Figure.PLAIN);
    }

    static String fmt(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
