package storebench.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.model.Workload;
import storebench.phase.Phase;
import storebench.phase.PhaseOption;
import storebench.phase.PhaseOptions;
import storebench.phase.Phases;
import storebench.results.Column;
import storebench.results.EndLine;
import storebench.results.LineStamp;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunLine;
import storebench.results.StatusLine;
import storebench.results.StepWork;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a run costs, as the kept runs (docs/runs/) measured it: per engine, setting and N, each step's seconds and what
 * they grew with. Made by storebench.tools.Costs, never by hand, as the resource {@link RunPlan#TABLE}. Two seconds per
 * step: {@code wallS}, the phase lines' own, and {@code elapsedS}, from the line before, which adds what the run spends
 * around the step (processes starting, store checks, deletions). The records are the resource's format, as Jackson
 * writes them.
 */
public record CostTable(List<KeptRun> runs, List<Point> points) {
    private static final String RUN_KIND = "run";

    /** One step of one phase in one trial of a kept run: the phase and op, the seconds it took, what it did. */
    public record StepCost(String phase, String op, @JsonUnwrapped Seconds seconds, @JsonUnwrapped Work work) {
        /** Whether it is a warm-up, whose visits its settling decides (memorywarmup, readwarmup, ...). */
        public boolean warmUp() {
            return op.endsWith("warmup");
        }

        public record Seconds(double wallS, double elapsedS) {
        }

        /** What a step's lines say they did; floorVisits and floored: the warm-ups that stopped at their JIT floor. */
        public record Work(int lines, long visited, long floorVisits, int floored, boolean perRun, double units) {
        }
    }

    /** One trial of a kept run at its N and workload: its steps in the order it made them. */
    public record Point(String engine, String setting, int stores, String workload, String run, List<StepCost> steps) {
        public Optional<StepCost> step(String phase, String op) {
            return steps.stream().filter(s -> s.phase.equals(phase) && s.op.equals(op)).findFirst();
        }
    }

    /** A kept run: its folder under docs/runs/, when it started, its scale, its seconds, its phases' options. */
    public record KeptRun(@JsonProperty("run") String name, String started, @JsonUnwrapped Scale scale,
                          @JsonUnwrapped Seconds seconds, Map<String, String> phaseOptions) implements PhaseOptions {
        @Override
        public <T> T option(PhaseOption<T> option) {
            return option.read(phaseOptions.getOrDefault(option.name(), option.fallback()));
        }

        public record Scale(int stores, int runs, int hold, int warmupOpens) {
        }

        /** A kept run's wall time, and what it spent outside any trial (locks, the gate, the last deletion). */
        public record Seconds(double wallS, double aroundS) {
        }
    }

    /** The resource: what it is, then its runs and points. */
    record Table(String about, List<KeptRun> runs, List<Point> points) {
    }

    public CostTable {
        runs = List.copyOf(runs);
        points = List.copyOf(points);
    }

    public KeptRun run(String name) {
        return runs.stream().filter(r -> r.name.equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("the cost table has no kept run '" + name + "'"));
    }

    /**
     * The table of these kept runs, by folder name. A merged run is left out (its parts are kept runs of their own);
     * each phase's steps come from the newest trial that measured it and did not fail. {@code skipped} is told of each
     * incomplete run left out: its steps would stand for runs it never finished.
     *
     * @throws IllegalArgumentException a line whose time ("at") is not an instant, with the run and line
     */
    public static CostTable of(Map<String, List<JsonNode>> kept, Consumer<String> skipped) {
        List<KeptRun> runs = new ArrayList<>();
        Map<StepOf, Newest> newest = new LinkedHashMap<>();
        for (String name : new java.util.TreeSet<>(kept.keySet())) {
            List<JsonNode> lines = kept.get(name);
            Optional<RunLine> found = first(lines, RUN_KIND).map(RunLine::of);
            if (found.isEmpty() || first(lines, EndLine.KIND).map(EndLine::of).filter(e -> e.merged().isPresent())
                    .isPresent()) {
                continue;
            }
            Optional<String> unfinished = unfinished(lines);
            if (unfinished.isPresent()) {
                skipped.accept(name + ": " + unfinished.get());
                continue;
            }
            Attribution attribution = new Attribution();
            try {
                lines.forEach(attribution::read);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + "/results.jsonl: " + e.getMessage(), e);
            }
            Attributed a = attribution.result();
            RunLine run = found.get();
            RunLine.Scale scale = run.scale();
            // the runs that wrote no workload were all of the large one
            String workload = scale.workload().isEmpty() ? Workload.LARGE.id() : scale.workload();
            runs.add(new KeptRun(name, run.started(), new KeptRun.Scale(scale.stores(), scale.runs(), scale.hold(),
                    scale.warmupOpens()), new KeptRun.Seconds(round(a.wallS), round(a.aroundS)),
                    run.options().phaseOptions()));
            for (Map.Entry<Column, List<StepCost>> trial : a.steps.entrySet()) {
                if (a.failed.contains(trial.getKey())) {
                    continue;
                }
                for (StepCost step : trial.getValue()) {
                    StepOf key = new StepOf(trial.getKey(), scale.stores(), workload, step.phase);
                    Newest n = newest.get(key);
                    if (n == null || run.started().compareTo(n.started) > 0) {
                        newest.put(key, new Newest(trial.getKey(), scale.stores(), workload, name, run.started(),
                                new ArrayList<>(List.of(step))));
                    } else if (n.run.equals(name)) {
                        n.steps.add(step);
                    }
                }
            }
        }
        return new CostTable(runs, points(newest.values()));
    }

    /** The newest steps as points, one per trial, N and kept run: steps in phase order, by engine, setting, N. */
    private static List<Point> points(Iterable<Newest> newest) {
        Map<PointOf, Point> points = new LinkedHashMap<>();
        for (Newest n : newest) {
            points.computeIfAbsent(new PointOf(n.trial, n.stores, n.workload, n.run), k -> new Point(n.trial.engine(),
                    n.trial.setting(), n.stores, n.workload, n.run, new ArrayList<>())).steps().addAll(n.steps);
        }
        List<String> order = Phases.ALL.stream().map(Phase::id).toList();
        List<Point> sorted = new ArrayList<>(points.values().stream().map(p -> new Point(p.engine(), p.setting(),
                p.stores(), p.workload(), p.run(), p.steps().stream().sorted(Comparator.comparingInt(st ->
                order.contains(st.phase) ? order.indexOf(st.phase) : order.size())).toList())).toList());
        sorted.sort(Comparator.comparing(Point::engine).thenComparing(Point::setting).thenComparing(Point::workload)
                .thenComparingInt(Point::stores).thenComparing(Point::run));
        return sorted;
    }

    private static Optional<JsonNode> first(List<JsonNode> lines, String kind) {
        return lines.stream().filter(l -> LineStamp.of(l).kind().equals(kind)).findFirst();
    }

    /** Why a kept run's steps cannot stand for a run's cost (interrupted, or no end line); empty for one that ended. */
    private static Optional<String> unfinished(List<JsonNode> lines) {
        Optional<StatusLine> interrupted = lines.stream().filter(l -> LineStamp.of(l).kind().equals(StatusLine.KIND))
                .map(StatusLine::of).filter(s -> s.status().equals("interrupted")).findFirst();
        if (interrupted.isPresent()) {
            return Optional.of("it was interrupted (" + interrupted.get().reason() + ")");
        }
        if (first(lines, EndLine.KIND).isEmpty()) {
            return Optional.of("it did not finish (its results.jsonl has no end line: it was killed, or is still"
                    + " running)");
        }
        return Optional.empty();
    }

    /** One engine, setting, N and workload's phase: a small workload's run does not stand for the large one's. */
    private record StepOf(Column trial, int stores, String workload, String phase) {
    }

    private record PointOf(Column trial, int stores, String workload, String run) {
    }

    /** The newest trial's steps of one phase of one engine, setting, N and workload, while the table is made. */
    private record Newest(Column trial, int stores, String workload, String run, String started,
                          List<StepCost> steps) {
    }

    /** A kept run's lines split into its trials' steps, and what it spent outside them. */
    private record Attributed(Map<Column, List<StepCost>> steps, List<Column> failed, double wallS, double aroundS) {
    }

    /**
     * Each line's time since the line before goes to the step its trial is in (a trial's lines before its first step to
     * that step); lines of no trial, and the time before the first and after the last, to the run's own.
     */
    private static final class Attribution {
        private Instant runAt;
        private Instant previous;
        private Instant last;
        private double endWallS;
        private Instant endAt;
        private double around;
        private final Map<Column, List<StepCost>> steps = new LinkedHashMap<>();
        private final Map<Column, Double> pending = new LinkedHashMap<>();
        private final List<Column> failed = new ArrayList<>();

        private int line;

        void read(JsonNode l) {
            line++;
            LineStamp stamp = LineStamp.of(l);
            Instant at = stamp.at().map(this::at).orElse(null);
            if (stamp.kind().equals(RUN_KIND)) {
                runAt = at;
                previous = at;
                return;
            }
            if (stamp.kind().equals(EndLine.KIND)) {
                endWallS = EndLine.of(l).wallMs() / 1000;
                endAt = at;
                return;
            }
            if (at == null || previous == null) {
                return;
            }
            double dt = seconds(previous, at);
            previous = at;
            last = at;
            if (!stamp.ofTrial()) {
                around += dt;
                return;
            }
            toTrial(stamp.column(), stamp.kind(), l, dt);
        }

        /** A line's time; an "at" that is no instant is named with its line and what would be valid. */
        private Instant at(String text) {
            try {
                return Instant.parse(text);
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException("line " + line + ": at '" + text + "' is not a time: give an"
                        + " ISO-8601 instant in UTC, such as 2026-12-04T23:15:00.123Z", e);
            }
        }

        /** A trial's line: a phase line starts its step, any other adds its time to the step the trial is in. */
        private void toTrial(Column trial, String kind, JsonNode l, double dt) {
            List<StepCost> trialSteps = steps.computeIfAbsent(trial, k -> new ArrayList<>());
            if (kind.equals(StatusLine.KIND) && StatusLine.of(l).status().equals(StatusLine.FAILED)) {
                failed.add(trial);
            }
            if (kind.equals(PhaseLine.KIND)) {
                PhaseLine phaseLine = PhaseLine.of(l);
                Optional<Phase> phase = phaseLine.phase().flatMap(Phases::byId);
                if (phase.isPresent()) {
                    add(trialSteps, phase.get().id(), phaseLine, StepWork.of(l),
                            dt + pending.getOrDefault(trial, 0.0));
                    pending.remove(trial);
                    return;
                }
            }
            if (trialSteps.isEmpty()) {
                pending.merge(trial, dt, Double::sum);
            } else {
                StepCost s = trialSteps.get(trialSteps.size() - 1);
                trialSteps.set(trialSteps.size() - 1, new StepCost(s.phase, s.op,
                        new StepCost.Seconds(s.seconds.wallS(), s.seconds.elapsedS() + dt), s.work));
            }
        }

        Attributed result() {
            around += pending.values().stream().mapToDouble(Double::doubleValue).sum(); // trials that made no step
            steps.values().removeIf(List::isEmpty);
            if (endAt != null && runAt != null && last != null) {
                // after the last line, and before the run line
                around += seconds(last, endAt) + Math.max(0, endWallS - seconds(runAt, endAt));
            }
            steps.replaceAll((trial, list) -> list.stream().map(s -> new StepCost(s.phase, s.op,
                    new StepCost.Seconds(round(s.seconds.wallS()), round(s.seconds.elapsedS())), s.work)).toList());
            return new Attributed(steps, failed, endWallS, around);
        }
    }

    /** Adds one phase line to its step (a step's lines add up). */
    private static void add(List<StepCost> steps, String phase, PhaseLine l, StepWork did, double dt) {
        long visited = did.visited();
        boolean floored = did.floored();
        StepCost line = new StepCost(phase, l.op(), new StepCost.Seconds(l.wallMs() / 1000, dt),
                new StepCost.Work(1, visited, floored ? visited : 0, floored ? 1 : 0, did.run() != null,
                        did.planUnits()));
        for (int k = 0; k < steps.size(); k++) {
            StepCost s = steps.get(k);
            if (s.phase.equals(phase) && s.op.equals(l.op())) {
                steps.set(k, plus(s, line));
                return;
            }
        }
        steps.add(line);
    }

    /** A step with one more of its lines: their seconds and work add up. */
    private static StepCost plus(StepCost s, StepCost line) {
        StepCost.Work w = s.work;
        StepCost.Work more = line.work;
        return new StepCost(s.phase, s.op, new StepCost.Seconds(s.seconds.wallS() + line.seconds.wallS(),
                s.seconds.elapsedS() + line.seconds.elapsedS()), new StepCost.Work(w.lines() + more.lines(),
                w.visited() + more.visited(), w.floorVisits() + more.floorVisits(), w.floored() + more.floored(),
                w.perRun() || more.perRun(), w.units() + more.units()));
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 100) / 100.0;
    }

    /** The resource {@link RunPlan#TABLE}, its runs and points in a fixed order. */
    public ObjectNode toJson(String about) {
        return ResultsFile.JSON.valueToTree(new Table(about, runs, points));
    }

    public static CostTable fromJson(JsonNode root) throws JsonProcessingException {
        Table table = ResultsFile.JSON.treeToValue(root, Table.class);
        return new CostTable(table.runs(), table.points());
    }
}
