package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run costs, as the project's kept runs (docs/runs/) measured it: per engine, setting and N, the seconds each
 * step of each phase took, with what those seconds grew with (its lines, visits, the warm-ups' JIT floors). Made by
 * storebench.tools.Costs from the kept runs' results.jsonl, never by hand; the plan (storebench.run.RunPlan) scales it
 * to a run's options.
 *
 * <p>Two seconds per step: {@code wallS}, the phase lines' own wall time (what the report's wall-time table sums), and
 * {@code elapsedS}, the time from the line before to this one, which adds what the run spends around the step: trial
 * processes starting, store checks, disk scans, a trial's first step also the previous trial's store deletion.
 */
public final class CostTable {
    /**
     * One step of one phase in one trial of a kept run; {@code units}: the work its lines say they did, in the phase's
     * plan units ({@link Phase#units}), where they say (0 where not: the plan then computes them from the options).
     */
    public record Step(String phase, String op, double wallS, double elapsedS, int lines, long visited,
                       long floorVisits, int floored, boolean perRun, double units) {
        /** Whether it is a warm-up, whose visits its settling decides (memorywarmup, readwarmup, ...). */
        public boolean warmUp() {
            return op.endsWith("warmup");
        }
    }

    /** One trial (engine, setting) of a kept run at its N: its steps in the order it made them. */
    public record Point(String engine, String setting, int stores, String run, List<Step> steps) {
        public Optional<Step> step(String phase, String op) {
            return steps.stream().filter(s -> s.phase.equals(phase) && s.op.equals(op)).findFirst();
        }
    }

    /**
     * A kept run: its folder under docs/runs/, N, R, M, the warm-up's ceiling, its phases' options as given, its wall
     * time, and what it spent outside any trial (before its first line and after its last: locks, the gate, the last
     * trial's deletion).
     */
    public record KeptRun(String name, String started, int stores, int runs, int hold, int warmupOpens,
                          Map<String, String> phaseOptions, double wallS, double aroundS) implements PhaseOptions {
        @Override
        public <T> T option(PhaseOption<T> option) {
            return option.read(phaseOptions.getOrDefault(option.name(), option.fallback()));
        }
    }

    private final List<KeptRun> runs;
    private final List<Point> points;

    public CostTable(List<KeptRun> runs, List<Point> points) {
        this.runs = List.copyOf(runs);
        this.points = List.copyOf(points);
    }

    public List<KeptRun> runs() {
        return runs;
    }

    public List<Point> points() {
        return points;
    }

    public KeptRun run(String name) {
        return runs.stream().filter(r -> r.name.equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("the cost table has no kept run '" + name + "'"));
    }

    /**
     * The table of these kept runs (folder name and results.jsonl's lines, in any order). A merged run is left out
     * (its parts are kept runs of their own); of one engine, setting and N, each phase's steps come from the newest
     * trial that measured the phase and did not fail: a run kept of some phases (bench.phases) leaves the others' steps
     * to the runs before it. A point holds one trial's steps of the phases it gives.
     */
    public static CostTable of(Map<String, List<JsonNode>> kept) {
        return of(kept, skipped -> { });
    }

    /**
     * The same, telling {@code skipped} of each kept run left out because it is not complete (killed: no end line;
     * interrupted; nothing measured), by name and why: its steps would stand for runs it never finished.
     *
     * @throws IllegalArgumentException a line whose time ("at") is not an instant, with the run and line
     */
    public static CostTable of(Map<String, List<JsonNode>> kept, java.util.function.Consumer<String> skipped) {
        List<KeptRun> runs = new ArrayList<>();
        Map<String, Newest> newest = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(kept.keySet());
        names.sort(Comparator.naturalOrder());
        for (String name : names) {
            List<JsonNode> lines = kept.get(name);
            JsonNode run = lines.stream().filter(l -> "run".equals(l.path("kind").asText())).findFirst().orElse(null);
            if (run == null || run.has("merged")) {
                continue;
            }
            Optional<String> unfinished = unfinished(lines);
            if (unfinished.isPresent()) {
                skipped.accept(name + ": " + unfinished.get());
                continue;
            }
            Attributed a;
            try {
                a = attribute(lines);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + "/results.jsonl: " + e.getMessage(), e);
            }
            runs.add(new KeptRun(name, run.path("started").asText(), run.path("stores").asInt(),
                    run.path("runs").asInt(), run.path("hold").asInt(), run.path("warmupOpens").asInt(),
                    texts(run.path("phaseOptions")), round(a.wallS), round(a.aroundS)));
            for (Map.Entry<String, List<Step>> trial : a.steps.entrySet()) {
                if (a.failed.contains(trial.getKey())) {
                    continue;
                }
                String key = trial.getKey() + "/" + run.path("stores").asInt();
                String started = run.path("started").asText();
                for (Step step : trial.getValue()) {
                    Newest n = newest.get(key + "/" + step.phase);
                    if (n == null || started.compareTo(n.started) > 0) {
                        newest.put(key + "/" + step.phase, new Newest(trial.getKey(), run.path("stores").asInt(),
                                name, started, new ArrayList<>(List.of(step))));
                    } else if (n.run.equals(name)) {
                        n.steps.add(step);
                    }
                }
            }
        }
        Map<String, Point> points = new LinkedHashMap<>();
        for (Newest n : newest.values()) {
            String[] es = n.trial.split("/");
            points.computeIfAbsent(n.trial + "/" + n.stores + "/" + n.run, k -> new Point(es[0], es[1], n.stores,
                    n.run, new ArrayList<>())).steps().addAll(n.steps);
        }
        List<Point> sorted = new ArrayList<>();
        List<String> order = Phases.ALL.stream().map(Phase::id).toList();
        points.values().forEach(p -> sorted.add(new Point(p.engine(), p.setting(), p.stores(), p.run(), p.steps()
                .stream().sorted(Comparator.comparingInt(st -> order.contains(st.phase) ? order.indexOf(st.phase)
                        : order.size())).toList())));
        sorted.sort(Comparator.comparing(Point::engine).thenComparing(Point::setting).thenComparingInt(Point::stores)
                .thenComparing(Point::run));
        return new CostTable(runs, sorted);
    }

    /**
     * Why a kept run's steps cannot stand for a run's cost: it was interrupted, or has no end line (killed, or still
     * running: its last phase cut short, its later ones missing); empty for a run that ended.
     */
    private static Optional<String> unfinished(List<JsonNode> lines) {
        Optional<JsonNode> interrupted = lines.stream().filter(l -> "status".equals(l.path("kind").asText())
                && "interrupted".equals(l.path("status").asText())).findFirst();
        if (interrupted.isPresent()) {
            return Optional.of("it was interrupted (" + interrupted.get().path("reason").asText() + ")");
        }
        if (lines.stream().noneMatch(l -> "end".equals(l.path("kind").asText()))) {
            return Optional.of("it did not finish (its results.jsonl has no end line: it was killed, or is still"
                    + " running)");
        }
        return Optional.empty();
    }

    /** The newest trial's steps of one phase of one engine, setting and N, while the table is made. */
    private record Newest(String trial, int stores, String run, String started, List<Step> steps) {
    }

    /** A kept run's lines split into its trials' steps, and what it spent outside them. */
    private record Attributed(Map<String, List<Step>> steps, List<String> failed, double wallS, double aroundS) {
    }

    /**
     * Each line's time since the line before goes to the step its trial is in: a phase line's to its own step, any
     * other line's (stat, pool, disk, status) to its trial's step so far, a trial's lines before its first step to
     * that step; lines of no trial, and the time before the first and after the last line, to the run's own.
     */
    private static Attributed attribute(List<JsonNode> lines) {
        Attribution attribution = new Attribution();
        lines.forEach(attribution::read);
        return attribution.result();
    }

    /** {@link #attribute}'s reading of a run's lines, one after another. */
    private static final class Attribution {
        private Instant runAt;
        private Instant previous;
        private Instant last;
        private double endWallS;
        private Instant endAt;
        private double around;
        private final Map<String, List<Step>> steps = new LinkedHashMap<>();
        private final Map<String, Integer> currentPhase = new LinkedHashMap<>();
        private final Map<String, Double> pending = new LinkedHashMap<>();
        private final List<String> failed = new ArrayList<>();

        private int line;

        void read(JsonNode l) {
            line++;
            String kind = l.path("kind").asText();
            Instant at = l.has("at") ? at(l.path("at").asText()) : null;
            if (kind.equals("run")) {
                runAt = at;
                previous = at;
                return;
            }
            if (kind.equals("end")) {
                endWallS = l.path("wallMs").asDouble() / 1000;
                endAt = at;
                return;
            }
            if (at == null || previous == null) {
                return;
            }
            double dt = seconds(previous, at);
            previous = at;
            last = at;
            String engine = l.path("engine").asText("");
            if (engine.isEmpty()) {
                around += dt;
                return;
            }
            toTrial(engine + "/" + l.path("setting").asText(), kind, l, dt);
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
        private void toTrial(String trial, String kind, JsonNode l, double dt) {
            List<Step> trialSteps = steps.computeIfAbsent(trial, k -> new ArrayList<>());
            if (kind.equals("status") && "failed".equals(l.path("status").asText())) {
                failed.add(trial);
            }
            if (kind.equals(PhaseLine.KIND)) {
                String op = PhaseLine.op(l);
                Optional<Phase> phase = PhaseLine.phase(l).flatMap(Phases::byId)
                        .or(() -> phaseOf(op, currentPhase.getOrDefault(trial, 0)));
                if (phase.isPresent()) {
                    currentPhase.put(trial, Phases.ALL.indexOf(phase.get()));
                    add(trialSteps, phase.get().id(), op, l, dt + pending.getOrDefault(trial, 0.0));
                    pending.remove(trial);
                    return;
                }
            }
            if (trialSteps.isEmpty()) {
                pending.merge(trial, dt, Double::sum);
            } else {
                Step s = trialSteps.get(trialSteps.size() - 1);
                trialSteps.set(trialSteps.size() - 1, new Step(s.phase, s.op, s.wallS, s.elapsedS + dt, s.lines,
                        s.visited, s.floorVisits, s.floored, s.perRun, s.units));
            }
        }

        Attributed result() {
            around += pending.values().stream().mapToDouble(Double::doubleValue).sum(); // trials that made no step
            steps.values().removeIf(List::isEmpty);
            if (endAt != null && runAt != null && last != null) {
                // after the last line, and before the run line
                around += seconds(last, endAt) + Math.max(0, endWallS - seconds(runAt, endAt));
            }
            steps.replaceAll((trial, list) -> list.stream().map(s -> new Step(s.phase, s.op, round(s.wallS),
                    round(s.elapsedS), s.lines, s.visited, s.floorVisits, s.floored, s.perRun, s.units)).toList());
            return new Attributed(steps, failed, endWallS, around);
        }
    }

    /**
     * The phase a step belongs to: the one phase that sends it, or of several (the open runs' and the concurrency's
     * warm-up) the first at or after the phase the trial is in, else the last of them.
     */
    private static Optional<Phase> phaseOf(String op, int current) {
        List<Phase> sending = Phases.ALL.stream().filter(p -> p.steps().stream().anyMatch(s -> s.op().equals(op)))
                .toList();
        if (sending.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(sending.stream().filter(p -> Phases.ALL.indexOf(p) >= current).findFirst()
                .orElse(sending.get(sending.size() - 1)));
    }

    /** Adds one phase line to its step (a step's lines add up). */
    private static void add(List<Step> steps, String phase, String op, JsonNode l, double dt) {
        long visited = l.path("visited").asLong(0);
        boolean hasFloor = l.has("jitFloor");
        boolean floored = hasFloor && visited <= l.path("jitFloor").asLong();
        Step line = new Step(phase, op, l.path("wallMs").asDouble() / 1000, dt, 1, visited,
                floored ? visited : 0, floored ? 1 : 0, l.has("run"), l.path(Phase.PLAN_UNITS).asDouble(0));
        for (int k = 0; k < steps.size(); k++) {
            Step s = steps.get(k);
            if (s.phase.equals(phase) && s.op.equals(op)) {
                steps.set(k, new Step(phase, op, s.wallS + line.wallS, s.elapsedS + dt, s.lines + 1,
                        s.visited + visited, s.floorVisits + line.floorVisits, s.floored + line.floored,
                        s.perRun || line.perRun, s.units + line.units));
                return;
            }
        }
        steps.add(line);
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 100) / 100.0;
    }

    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> texts = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> texts.put(e.getKey(), e.getValue().asText()));
        return texts;
    }

    /** The table as JSON (the resource costs.json), its runs and points in a fixed order. */
    public ObjectNode toJson(String about) {
        ObjectNode root = ResultsFile.JSON.createObjectNode().put("about", about);
        ArrayNode runList = root.putArray("runs");
        for (KeptRun r : runs) {
            ObjectNode o = runList.addObject().put("run", r.name).put("started", r.started).put("stores", r.stores)
                    .put("runs", r.runs).put("hold", r.hold).put("warmupOpens", r.warmupOpens).put("wallS", r.wallS)
                    .put("aroundS", r.aroundS);
            ObjectNode options = o.putObject("phaseOptions");
            r.phaseOptions.forEach(options::put);
        }
        ArrayNode pointList = root.putArray("points");
        for (Point p : points) {
            ObjectNode o = pointList.addObject().put("engine", p.engine).put("setting", p.setting)
                    .put("stores", p.stores).put("run", p.run);
            ArrayNode stepList = o.putArray("steps");
            for (Step s : p.steps) {
                stepList.addObject().put("phase", s.phase).put("op", s.op).put("wallS", s.wallS)
                        .put("elapsedS", s.elapsedS).put("lines", s.lines).put("visited", s.visited)
                        .put("floorVisits", s.floorVisits).put("floored", s.floored).put("perRun", s.perRun)
                        .put("units", s.units);
            }
        }
        return root;
    }

    /** The table from its JSON ({@link #toJson}). */
    public static CostTable fromJson(JsonNode root) {
        List<KeptRun> runs = new ArrayList<>();
        for (JsonNode r : root.path("runs")) {
            runs.add(new KeptRun(r.path("run").asText(), r.path("started").asText(), r.path("stores").asInt(),
                    r.path("runs").asInt(), r.path("hold").asInt(), r.path("warmupOpens").asInt(),
                    texts(r.path("phaseOptions")), r.path("wallS").asDouble(), r.path("aroundS").asDouble()));
        }
        List<Point> points = new ArrayList<>();
        for (JsonNode p : root.path("points")) {
            List<Step> steps = new ArrayList<>();
            for (JsonNode s : p.path("steps")) {
                steps.add(new Step(s.path("phase").asText(), s.path("op").asText(), s.path("wallS").asDouble(),
                        s.path("elapsedS").asDouble(), s.path("lines").asInt(), s.path("visited").asLong(),
                        s.path("floorVisits").asLong(), s.path("floored").asInt(), s.path("perRun").asBoolean(),
                        s.path("units").asDouble(0)));
            }
            points.add(new Point(p.path("engine").asText(), p.path("setting").asText(), p.path("stores").asInt(),
                    p.path("run").asText(), steps));
        }
        return new CostTable(runs, points);
    }
}
