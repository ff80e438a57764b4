package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** One run's output files, read back: what the report and the gate are a pure function of. */
public final class RunResults {
    public static final String ENVIRONMENT = "environment.json";

    /** One statistic of one engine under one setting. */
    public static final class Measurement {
        public final String engine;
        public final String setting;
        public final String workload;
        public final String stat;
        public final double value;
        /** The R run figures (empty for statistics without runs). */
        public final List<Double> runs;
        /** (max - min) / median of the runs; null where the statistic has no runs. */
        public final Double spread;

        public Measurement(String engine, String setting, String workload, String stat, double value,
                           List<Double> runs, Double spread) {
            this.engine = engine;
            this.setting = setting;
            this.workload = workload;
            this.stat = stat;
            this.value = value;
            this.runs = List.copyOf(runs);
            this.spread = spread;
        }
    }

    private final List<JsonNode> lines;
    private final JsonNode environment;

    public RunResults(List<JsonNode> lines, JsonNode environment) {
        this.lines = List.copyOf(lines);
        this.environment = environment == null ? MissingNode.getInstance() : environment;
    }

    /** Reads results.jsonl and (if present) environment.json of a run's folder. */
    public static RunResults load(Path dir) throws IOException {
        List<JsonNode> lines = ResultsFile.read(dir.resolve(ResultsFile.NAME));
        Path env = dir.resolve(ENVIRONMENT);
        JsonNode environment = null;
        if (Files.isRegularFile(env)) {
            try {
                environment = ResultsFile.JSON.readTree(env.toFile());
            } catch (IOException e) {
                throw new IOException(env + ": not valid JSON (" + e.getMessage() + ")");
            }
        }
        return new RunResults(lines, environment);
    }

    public JsonNode environment() {
        return environment;
    }

    public List<JsonNode> lines(String kind) {
        return lines.stream().filter(l -> kind.equals(l.path("kind").asText())).collect(Collectors.toList());
    }

    /** The run's parameters (the first "run" line), or a missing node. */
    public JsonNode run() {
        List<JsonNode> runs = lines("run");
        return runs.isEmpty() ? MissingNode.getInstance() : runs.get(0);
    }

    public List<Measurement> measurements() {
        List<Measurement> out = new ArrayList<>();
        for (JsonNode l : lines("stat")) {
            List<Double> runs = new ArrayList<>();
            l.path("runs").forEach(r -> runs.add(r.asDouble()));
            out.add(new Measurement(l.path("engine").asText(), l.path("setting").asText(),
                    l.path("workload").asText(), l.path("stat").asText(), l.path("value").asDouble(),
                    runs, l.hasNonNull("spread") ? l.get("spread").asDouble() : null));
        }
        return Collections.unmodifiableList(out);
    }

    /** The last measurement of a statistic (a later line supersedes an earlier one). */
    public Optional<Measurement> measurement(String engine, String setting, String stat) {
        Measurement found = null;
        for (Measurement m : measurements()) {
            if (m.engine.equals(engine) && m.setting.equals(setting) && m.stat.equals(stat)) {
                found = m;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Lines of a kind for one engine and setting. */
    public List<JsonNode> lines(String kind, String engine, String setting) {
        return lines(kind).stream().filter(l -> engine.equals(l.path("engine").asText())
                && setting.equals(l.path("setting").asText())).collect(Collectors.toList());
    }
}
