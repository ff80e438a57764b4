package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.Verdict.Kind;
import storebench.results.Verdict.Status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * target/bench/verdicts.json: the gate's verdicts on a run, saved ahead of the report so the report stays a pure
 * function of the run's files. It lists the rules the gate evaluated and counts the others: a run of one setting or
 * a few engines leaves most rules of thresholds.yaml unchecked, and a row for each would be most of the file.
 */
public final class Verdicts {
    public static final String NAME = "verdicts.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final String thresholds;
    private final String baseline;
    private final List<Verdict> verdicts;
    private final int notEvaluated;

    /**
     * @param thresholds the thresholds file the rules came from
     * @param baseline   the baseline compared with, or null
     */
    public Verdicts(String thresholds, String baseline, List<Verdict> verdicts) {
        this(thresholds, baseline, verdicts, (int) verdicts.stream().filter(v -> v.status() == Status.NOT_EVALUATED)
                .count());
    }

    private Verdicts(String thresholds, String baseline, List<Verdict> verdicts, int notEvaluated) {
        this.thresholds = thresholds;
        this.baseline = baseline;
        this.verdicts = List.copyOf(verdicts);
        this.notEvaluated = notEvaluated;
    }

    public String thresholds() {
        return thresholds;
    }

    public Optional<String> baseline() {
        return Optional.ofNullable(baseline);
    }

    public List<Verdict> all() {
        return verdicts;
    }

    public List<Verdict> with(Status status) {
        return verdicts.stream().filter(v -> v.status() == status).collect(Collectors.toList());
    }

    public List<Verdict> failures() {
        return with(Status.FAIL);
    }

    /** How many rules were not evaluated (read back, they are counted, not listed). */
    public int notEvaluated() {
        return notEvaluated;
    }

    /** Whether any rule was judged at all (passed or failed). */
    public boolean anyEvaluated() {
        return verdicts.stream().anyMatch(v -> v.status() != Status.NOT_EVALUATED);
    }

    /** "12 passed, 1 failed, 3 not evaluated". */
    public String summary() {
        return with(Status.PASS).size() + " passed, " + failures().size() + " failed, "
                + with(Status.INCONCLUSIVE).size() + " inconclusive, " + notEvaluated + " not evaluated";
    }

    /**
     * The gate's result in one line, the verdict first: "passed: 6 rules held; 236 others not evaluated". The rules not
     * evaluated are mostly those of engines, settings or phases a run left out: counted, not listed.
     */
    public String headline() {
        int failed = failures().size();
        int passed = with(Status.PASS).size();
        int inconclusive = with(Status.INCONCLUSIVE).size();
        String verdict = failed > 0 ? "FAILED: " + failed + " of " + (failed + passed + inconclusive) + rules(
                failed + passed + inconclusive) + " broken" : passed > 0 ? "passed: " + passed + rules(passed) + " held"
                : "nothing judged";
        return verdict + (inconclusive > 0 ? ", " + inconclusive + " inconclusive" : "") + (notEvaluated > 0 ? "; "
                + notEvaluated + (passed + failed + inconclusive == 0 ? rules(notEvaluated) : notEvaluated == 1 ? " other"
                : " others")
                + " not evaluated" : "");
    }

    private static String rules(int n) {
        return n == 1 ? " rule" : " rules";
    }

    /** Writes dir/verdicts.json (atomically: the evaluated verdicts, the others counted) and returns its path. */
    public Path write(Path dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("thresholds", thresholds);
        if (baseline == null) {
            root.putNull("baseline");
        } else {
            root.put("baseline", baseline);
        }
        root.put("evaluated", Instant.now().toString());
        ObjectNode summary = root.putObject("summary");
        summary.put("pass", with(Status.PASS).size()).put("fail", failures().size())
                .put("inconclusive", with(Status.INCONCLUSIVE).size())
                .put("notEvaluated", notEvaluated);
        for (Verdict v : verdicts.stream().filter(v -> v.status() != Status.NOT_EVALUATED).toList()) {
            ObjectNode n = root.withArray("verdicts").addObject();
            n.put("kind", v.kind().name()).put("status", v.status().name()).put("engine", v.engine())
                    .put("setting", v.setting()).put("workload", v.workload()).put("stat", v.stat());
            n.put("measured", v.measured()).put("limit", v.limit()).put("margin", v.margin())
                    .put("marginPercent", v.marginPercent());
            n.put("file", v.file()).put("line", v.line()).put("rule", v.rule()).put("detail", v.detail());
            n.put("unit", v.figure().unit()).put("decimals", v.figure().decimals());
        }
        root.withArray("verdicts"); // present even when empty
        Path out = dir.resolve(NAME);
        Path tmp = dir.resolve(NAME + ".tmp");
        JSON.writeValue(tmp.toFile(), root);
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return out;
    }

    /** Reads a run's verdicts.json (dir is the run's folder, or the file itself). */
    public static Verdicts read(Path dirOrFile) throws IOException {
        Path file = Files.isDirectory(dirOrFile) ? dirOrFile.resolve(NAME) : dirOrFile;
        if (!Files.isRegularFile(file)) {
            throw new IOException("no verdicts at " + file + " (the gate writes target/bench/" + NAME + ")");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (JsonNode n : root.path("verdicts")) {
            try {
                verdicts.add(new Verdict(Kind.valueOf(n.path("kind").asText()),
                        Status.valueOf(n.path("status").asText()), new Verdict.Subject(n.path("engine").asText(),
                        n.path("setting").asText(), n.path("workload").asText(), n.path("stat").asText()),
                        new Verdict.Figures(number(n, "measured"), number(n, "limit"), number(n, "margin")),
                        new Verdict.Source(n.path("file").asText(), n.path("line").asInt(), n.path("rule").asText(),
                        n.path("detail").asText()), new Verdict.Figure(n.path("unit").asText(),
                        n.path("decimals").asInt())));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": not a verdict: " + n + " (" + e.getMessage() + ")");
            }
        }
        return new Verdicts(root.path("thresholds").asText(),
                root.hasNonNull("baseline") ? root.get("baseline").asText() : null, verdicts,
                root.path("summary").path("notEvaluated").asInt());
    }

    /** The verdicts of a run's folder, if the gate wrote any (a report renders without them). */
    public static Optional<Verdicts> readIfPresent(Path dir) throws IOException {
        return Files.isRegularFile(dir.resolve(NAME)) ? Optional.of(read(dir)) : Optional.empty();
    }

    private static Double number(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asDouble() : null;
    }
}
