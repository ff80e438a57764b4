package storebench.gate;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import storebench.gate.Verdict.Status;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * target/bench/verdicts.json, saved ahead of the report so it stays a pure function of the run's files. The rules of
 * what the run left out are only counted: a row each would be most of the file.
 *
 * @param baselineName the baseline compared with, or null
 * @param notEvaluated the rules not evaluated, those on what the run left out among them (not kept)
 */
public record Verdicts(String thresholds, String baselineName, List<Verdict> all, int notEvaluated) {
    public static final String NAME = "verdicts.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public Verdicts {
        all = List.copyOf(all);
    }

    /** Verdicts all kept: those not evaluated counted among them. */
    public Verdicts(String thresholds, String baselineName, List<Verdict> verdicts) {
        this(thresholds, baselineName, verdicts, (int) verdicts.stream()
                .filter(v -> v.status() == Status.NOT_EVALUATED).count());
    }

    public Optional<String> baseline() {
        return Optional.ofNullable(baselineName);
    }

    public List<Verdict> with(Status status) {
        return all.stream().filter(v -> v.status() == status).collect(Collectors.toList());
    }

    public List<Verdict> failures() {
        return with(Status.FAIL);
    }

    public boolean anyEvaluated() {
        return all.stream().anyMatch(v -> v.status() != Status.NOT_EVALUATED);
    }

    /** "12 passed, 1 failed, 3 not evaluated". */
    public String summary() {
        return with(Status.PASS).size() + " passed, " + failures().size() + " failed, "
                + with(Status.INCONCLUSIVE).size() + " inconclusive, " + notEvaluated + " not evaluated";
    }

    /** The gate's result in one line, the verdict first: "passed: 6 rules held; 236 others not evaluated". */
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

    /** verdicts.json as written and read: the rules, the baseline, when, the counts, the evaluated verdicts. */
    record Contents(String thresholds, String baseline, String evaluated, Summary summary, List<Verdict> verdicts) {
        /** What a file leaves out: no thresholds file named, nothing counted, no verdicts. */
        Contents {
            thresholds = thresholds == null ? "" : thresholds;
            summary = summary == null ? new Summary(0, 0, 0, 0) : summary;
            verdicts = verdicts == null ? List.of() : verdicts;
        }
    }

    /** The gate's verdicts on {@code run} ({@link Gate#evaluate}), those on what it left out counted, not kept. */
    public static Verdicts of(Thresholds thresholds, String baselineName, RunResults run,
                              Optional<RunResults> baseline) {
        JudgedRun judged = new JudgedRun(run);
        List<Verdict> all = Gate.evaluate(thresholds, run, baseline);
        List<Verdict> kept = all.stream().filter(v -> v.status() != Status.NOT_EVALUATED
                || v.kind() == Verdict.Kind.BASELINE || !judged.leftOut(v.subject())).toList();
        return new Verdicts(thresholds.file(), baselineName, kept,
                (int) all.stream().filter(v -> v.status() == Status.NOT_EVALUATED).count());
    }

    /** How many rules passed, failed, were inconclusive and were not evaluated. */
    record Summary(int pass, int fail, int inconclusive, int notEvaluated) {
    }

    /** Writes dir/verdicts.json (atomically: the verdicts, those left out counted) and returns its path. */
    public Path write(Path dir) throws IOException {
        Contents file = new Contents(thresholds, baselineName, Instant.now().toString(), new Summary(with(Status.PASS)
                .size(), failures().size(), with(Status.INCONCLUSIVE).size(), notEvaluated), all);
        Path tmp = dir.resolve(NAME + ".tmp");
        JSON.writeValue(tmp.toFile(), file);
        return Files.move(tmp, dir.resolve(NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads a run's verdicts.json (dir is the run's folder, or the file itself). */
    public static Verdicts read(Path dirOrFile) throws IOException {
        Path path = Files.isDirectory(dirOrFile) ? dirOrFile.resolve(NAME) : dirOrFile;
        if (!Files.isRegularFile(path)) {
            throw new IOException("no verdicts at " + path + " (the gate writes target/bench/" + NAME + ")");
        }
        Contents file;
        try {
            JsonNode root = JSON.readTree(path.toFile());
            // a file of another shape (HtmlReport shows any verdicts.json as it is) holds none of the gate's verdicts
            file = root.isObject() ? JSON.treeToValue(root, Contents.class)
                    : new Contents(null, null, null, null, null);
        } catch (IOException e) {
            throw new IOException(path + ": not the gate's verdicts (" + e.getMessage().lines().findFirst().orElse("")
                    + ")");
        }
        return new Verdicts(file.thresholds(), file.baseline(), file.verdicts(), file.summary().notEvaluated());
    }

    /** The verdicts of a run's folder, if the gate wrote any (a report renders without them). */
    public static Optional<Verdicts> readIfPresent(Path dir) throws IOException {
        return Files.isRegularFile(dir.resolve(NAME)) ? Optional.of(read(dir)) : Optional.empty();
    }
}
