package storebench.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.HdrLogs;
import storebench.phase.Measured;
import storebench.phase.Phase;
import storebench.phase.PhaseResults;
import storebench.phase.Phases;
import storebench.phase.TrialParams;
import storebench.results.AgainstRunLine;
import storebench.results.Column;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.results.StatLine;
import storebench.results.StatusLine;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Where a trial's results go: its lines in results.jsonl (each at once), its HdrHistogram logs, its phases' figures. */
final class TrialResults implements PhaseResults {
    private final Bench bench;
    private final TrialParams params;
    private final Map<Phase, Measured> recorded = new ConcurrentHashMap<>();
    /** Side B's lines say so, and the run's tables, which are side A's, leave them out. */
    private final boolean sideB;

    TrialResults(Bench bench, TrialParams params, boolean sideB) {
        this.bench = bench;
        this.params = params;
        this.sideB = sideB;
    }

    @Override
    public void stat(Stat stat, double value, List<Double> runs) throws IOException {
        // measured under profilers, slowed by them (a disk scan is not: the files are what the engine left)
        List<String> profilers = Phases.phaseOf(stat) == Phases.DISK ? List.of() : params.profilers();
        bench.results.describe(stat.id(), about(stat));
        append(new StatLine(stat.id(), value, profilers, runs).into(line(StatLine.KIND)));
    }

    /** A statistic's description (its about line), so that a report reads the run without this code. */
    ObjectNode about(Stat stat) {
        return stat.about(params.workload().notesPerStore(), params.hold(), Phases.phaseOf(stat).id(),
                Phases.order(stat));
    }

    @Override
    public ObjectNode line(String kind) {
        return ResultsFile.with(ResultsFile.line(kind), new Stamp(params.column(), params.workload().id(),
                params.stores(), sideB ? AgainstRunLine.B : null));
    }

    /** What every line of a trial carries: its column, workload and stores, and on side B of a comparison, its side. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private record Stamp(@JsonUnwrapped Column column, String workload, int stores,
                         @JsonProperty(RunResults.SIDE) String side) {
    }

    @Override
    public void append(ObjectNode line) throws IOException {
        bench.results.append(line);
    }

    @Override
    public void notMeasured(Phase phase, List<Stat> stats, String reason) throws IOException {
        status(RunResults.NOT_MEASURED, phase.id(), reason, stats);
    }

    /** A status line of this trial: of a phase (null for the whole trial), with the statistics it would have given. */
    void status(String status, String phase, String reason, List<Stat> stats) throws IOException {
        Map<String, JsonNode> abouts = new LinkedHashMap<>();
        stats.forEach(st -> abouts.put(st.id(), about(st)));
        append(StatusLine.KIND, new StatusLine(params.column(), status, phase, reason, abouts));
    }

    @Override
    public void hdrLog(String name, List<HdrLogs.Interval> intervals) throws IOException {
        bench.hdrLogs.write(params.engineId(), params.settingId(), name, intervals);
    }

    @Override
    public Measured recorded(Phase phase) {
        return recorded.getOrDefault(phase, new Measured(phase));
    }

    void record(Phase phase, Measured measured) {
        recorded.put(phase, measured);
    }

    boolean has(Phase phase) {
        return recorded.containsKey(phase);
    }
}
