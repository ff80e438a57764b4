package storebench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/** Builds the results of a run in memory, line by line as results.jsonl holds them. */
final class Runs {
    /** A real run on this machine kind: 200 stores, large, objectbox, objectbox-cached, sqlite, both settings. */
    static final Path REAL_RUN = Path.of("src/test/resources/gate/run-200");

    private final List<JsonNode> lines = new ArrayList<>();
    private final String workload;
    private final int stores;

    private Runs(String workload, int stores, List<String> engines, List<String> settings) {
        this.workload = workload;
        this.stores = stores;
        ObjectNode run = ResultsFile.line("run").put("stores", stores).put("workload", workload)
                .put("notesPerStore", workload.equals("large") ? 1000 : 10).put("runs", 3)
                .put("hold", Math.min(1000, stores));
        engines.forEach(e -> run.withArray("engines").add(e));
        settings.forEach(s -> run.withArray("settings").add(s));
        lines.add(run);
    }

    static Runs of(List<String> engines, List<String> settings) {
        return new Runs("large", 200, engines, settings);
    }

    static Runs of(String workload, int stores, List<String> engines, List<String> settings) {
        return new Runs(workload, stores, engines, settings);
    }

    /** M, the stores the memory phase held open (bench.hold), where it is not min(1000, N). */
    Runs hold(int m) {
        ((ObjectNode) lines.get(0)).put("hold", m);
        return this;
    }

    /** A statistic without runs (create, memory, disk). */
    Runs stat(String engine, String setting, String stat, double value) {
        lines.add(about(line("stat", engine, setting).put("stat", stat).put("value", value)));
        return this;
    }

    /** A statistic of the open runs: the median of the figures, and their spread. */
    Runs stat(String engine, String setting, String stat, double... runs) {
        double[] sorted = runs.clone();
        java.util.Arrays.sort(sorted);
        double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        ObjectNode l = line("stat", engine, setting).put("stat", stat).put("value", median);
        for (double r : runs) {
            l.withArray("runs").add(r);
        }
        lines.add(about(l));
        return this;
    }

    /** A stat line of a statistic the phases declare, described as a run describes it. */
    private ObjectNode about(ObjectNode l) {
        storebench.phase.Phases.find(l.path("stat").asText()).ifPresent(s -> l.set("about", s.about(
                workload.equals("large") ? 1000 : 10, Math.min(1000, stores), storebench.phase.Phases.phaseOf(s).id(),
                storebench.phase.Phases.order(s))));
        return l;
    }

    /** The last stat line added, described by its "about" as a run writes it. */
    Runs described(storebench.results.Stat stat) {
        ((ObjectNode) lines.get(lines.size() - 1)).set("about", stat.about(10, 20, "openruns", 100));
        return this;
    }

    /** The last stat line added, as measured under these profilers (bench.profilers). */
    Runs underProfilers(String... profilers) {
        ObjectNode last = (ObjectNode) lines.get(lines.size() - 1);
        for (String p : profilers) {
            last.withArray("profilers").add(p);
        }
        return this;
    }

    Runs status(String engine, String setting, String status, String phase, String reason) {
        lines.add(line("status", engine, setting).put("status", status).put("phase", phase).put("reason", reason));
        return this;
    }

    /** The results of a run that ended (an end line after the others). */
    RunResults results() {
        List<JsonNode> all = new ArrayList<>(lines);
        all.add(ResultsFile.line("end").put("wallMs", 1000));
        return new RunResults(storebench.phase.Described.lines(all), null);
    }

    /** Writes the results of a run that ended as results.jsonl at {@code file}; returns it. */
    Path write(Path file) throws IOException {
        StringBuilder text = new StringBuilder();
        for (JsonNode l : storebench.phase.Described.lines(lines)) {
            text.append(ResultsFile.JSON.writeValueAsString(l)).append('\n');
        }
        text.append(ResultsFile.JSON.writeValueAsString(ResultsFile.line("end").put("wallMs", 1000))).append('\n');
        java.nio.file.Files.writeString(file, text);
        return file;
    }

    /** The results of a run that never ended (killed: no end line). */
    RunResults unfinished() {
        return new RunResults(storebench.phase.Described.lines(lines), null);
    }

    private ObjectNode line(String kind, String engine, String setting) {
        return ResultsFile.line(kind).put("engine", engine).put("setting", setting).put("workload", workload)
                .put("stores", stores);
    }

    static RunResults realRun() throws IOException {
        return RunResults.load(REAL_RUN);
    }

    /** The real run with every time (ms statistic and its run figures) changed, stores/s changed inversely. */
    static RunResults realRunWithTimes(DoubleUnaryOperator change) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode l : ResultsFile.read(REAL_RUN.resolve(ResultsFile.NAME))) {
            ObjectNode copy = l.deepCopy();
            String stat = l.path("stat").asText("");
            if (l.path("kind").asText().equals("stat") && stat.endsWith("_ms")) {
                copy.put("value", change.applyAsDouble(l.get("value").asDouble()));
                if (l.has("runs")) {
                    copy.remove("runs");
                    l.get("runs").forEach(r -> copy.withArray("runs").add(change.applyAsDouble(r.asDouble())));
                }
            } else if (l.path("kind").asText().equals("stat") && stat.equals("stores_per_s")) {
                copy.put("value", 1 / change.applyAsDouble(1 / l.get("value").asDouble()));
            }
            out.add(copy);
        }
        return new RunResults(out, null);
    }
}
