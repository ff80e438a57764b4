package storebench.gate;

import storebench.results.Column;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.StatusLine;
import storebench.gate.Verdict.Figure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What one run holds, as the gate judges it: its engines, settings, workload and size, its figures and why figures are missing. */
final class JudgedRun {
    final RunResults results;
    final List<String> engines = new ArrayList<>();
    final List<String> settings = new ArrayList<>();
    final String workload;
    final int stores;
    final int held;
    final Map<Cell, RunResults.Measurement> figures = new LinkedHashMap<>();

    /** A figure's place in the run: a statistic of a column. */
    private record Cell(Column column, String stat) {
        Cell(String engine, String setting, String stat) {
            this(new Column(engine, setting), stat);
        }
    }

    /** How a statistic's figures print, as this run describes it. */
    Figure figure(String stat) {
        return results.stat(stat).map(Figure::of).orElse(Figure.PLAIN);
    }

    JudgedRun(RunResults results) {
        this.results = results;
        RunLine line = results.runLine();
        engines.addAll(line.asked().engines());
        settings.addAll(line.asked().settings());
        for (RunResults.Measurement m : results.measurements()) {
            figures.put(new Cell(m.engine(), m.setting(), m.stat()), m); // a later line supersedes an earlier one
            if (!engines.contains(m.engine())) {
                engines.add(m.engine());
            }
            if (!settings.contains(m.setting())) {
                settings.add(m.setting());
            }
        }
        String w = line.scale().workload();
        this.workload = !w.isEmpty() ? w : results.measurements().stream().map(m -> m.workload()).findFirst()
                .orElse("?");
        this.stores = line.scale().stores();
        this.held = line.scale().hold();
    }

    /** Why a rule from {@code minStores} stores on is not judged here: the run's N or M is smaller. */
    Optional<String> belowScale(int minStores, String what) {
        if (minStores <= 0 || Math.min(stores, held) >= minStores) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.US, "this %s holds from %,d stores on (min_stores: the scale it"
                + " was measured at); this run has N = %,d, M = %,d", what, minStores, stores, held));
    }

    /**
     * Each setting of a rule's scope with each workload to judge it for: the run's where the scope covers it, else the
     * scope's, as not evaluated.
     */
    void inScope(Thresholds.Scope scope, java.util.function.BiConsumer<String, String> judge) {
        for (String setting : scope.settings()) {
            for (String w : scope.workloads().contains(workload) ? List.of(workload) : scope.workloads()) {
                judge.accept(setting, w);
            }
        }
    }

    RunResults.Measurement value(String engine, String setting, String stat) {
        return figures.get(new Cell(engine, setting, stat));
    }

    /** Why an existing figure is not judged: taken under profilers, which slow what they watch, it holds no limit. */
    Optional<String> profiled(String engine, String setting, String stat) {
        RunResults.Measurement m = value(engine, setting, stat);
        if (m == null || !m.profiled()) {
            return Optional.empty();
        }
        return Optional.of(engine + "'s " + stat + " was measured under " + String.join(", ", m.profilers())
                + " (bench.profilers), which slows what it watches: a profiled figure is not judged; judge a run"
                + " without -Dbench.profilers");
    }

    /** Whether the run left a verdict's subject out (a workload, engine, setting or phase it was not asked for). */
    boolean leftOut(Verdict.Subject s) {
        return !Verdict.ANY.equals(s.workload()) && !workload.equals(s.workload())
                || !Verdict.ANY.equals(s.engine()) && !engines.contains(s.engine())
                || !Verdict.ANY.equals(s.setting()) && !settings.contains(s.setting())
                || !Verdict.ANY.equals(s.stat()) && results.notAsked(s.stat()).isPresent();
    }

    Optional<String> missing(String engine, String setting, String workload, String stat) {
        if (!this.workload.equals(workload)) {
            return Optional.of("this run's workload is " + this.workload + ", the rule is for " + workload);
        }
        if (!engines.contains(engine)) {
            return Optional.of("engine " + engine + " was not run (bench.engines=" + String.join(",", engines)
                    + ")");
        }
        if (!settings.contains(setting)) {
            return Optional.of("setting " + setting + " was not run (bench.settings=" + String.join(",", settings)
                    + ")");
        }
        if (value(engine, setting, stat) != null) {
            return Optional.empty();
        }
        Optional<String> notAsked = results.notAsked(stat);
        if (notAsked.isPresent()) {
            // nothing failed: the run was not asked for the phase, whatever became of its other phases
            return Optional.of("no " + stat + " figure for " + engine + " under " + setting + ": its phase "
                    + notAsked.get() + " was not asked for (bench.phases=" + asked(results.runLine()) + ")");
        }
        Optional<String> notMeasured = results.notMeasured(engine, setting, stat);
        if (notMeasured.isPresent()) {
            return Optional.of("no " + stat + " figure for " + engine + " under " + setting + ": " + notMeasured.get());
        }
        for (StatusLine s : results.statusLines(new Column(engine, setting))) {
            if (s.status().equals(StatusLine.SKIPPED) || s.status().equals(StatusLine.FAILED)) {
                return Optional.of("no " + stat + " figure for " + engine + " under " + setting + ": trial "
                        + s.status() + s.phase().map(ph -> " in " + ph).orElse("") + ": " + s.firstLineOfReason());
            }
        }
        return Optional.of("no " + stat + " figure for " + engine + " under " + setting + " in results.jsonl");
    }

    /** bench.phases as the run was given it, "?" where its run line does not say. */
    private static String asked(RunLine line) {
        return line.asked().phasesAsked().isEmpty() ? "?" : line.asked().phasesAsked();
    }
}
