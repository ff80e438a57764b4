package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** results.jsonl: a JSON object per finished measurement, appended and flushed at once (docs/report.md). */
public final class ResultsFile implements AutoCloseable {
    public static final String NAME = "results.jsonl";
    /** The run line's {@code format} this build writes and reads; another is refused with {@link #MIGRATE}. */
    public static final int FORMAT = 5;
    /** The command that migrates a run folder of an older format to {@link #FORMAT}, its folder appended. */
    public static final String MIGRATE = "mvn -q exec:java -Dexec.mainClass=storebench.tools.Migrate -Dexec.args=";
    public static final ObjectMapper JSON = new ObjectMapper();

    private final Path path;
    private final FileOutputStream out;
    private final java.util.Set<String> described = new java.util.HashSet<>();

    public ResultsFile(Path path) throws IOException {
        this.path = path;
        this.out = new FileOutputStream(path.toFile(), true);
    }

    public Path path() {
        return path;
    }

    /** A line of a kind; a run line says its format from the start, as every reader checks it. */
    public static ObjectNode line(String kind) {
        ObjectNode line = JSON.createObjectNode().put("kind", kind);
        return kind.equals("run") ? line.put("format", FORMAT) : line;
    }

    /** A line written from a record: the record's fields added to the stamp (kind, engine, setting, ...). */
    public static ObjectNode with(ObjectNode stamped, Record fields) {
        return stamped.setAll((ObjectNode) JSON.valueToTree(fields));
    }

    /** A line read back into the record it was written from; a line that does not fit says which kind it claims. */
    public static <T extends Record> T as(JsonNode line, Class<T> type) {
        try {
            return JSON.treeToValue(line, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(NAME + ": a " + line.path("kind").asText() + " line that is not one: "
                    + e.getOriginalMessage(), e);
        }
    }

    /** Appends one line with its time in one write call: a process killed at any moment leaves whole lines. */
    public synchronized void append(ObjectNode line) throws IOException {
        if (!line.has("at")) {
            line.put("at", Instant.now().toString());
        }
        out.write((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Appends a statistic's about line, the first time it is asked for: a run describes each statistic once. */
    public synchronized void describe(String stat, JsonNode about) throws IOException {
        if (described.add(stat)) {
            append(new AboutLine(stat, about).line());
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /** Why this build cannot read a run line: its format and the command that migrates {@code dir}. */
    public static java.util.Optional<String> refusal(JsonNode run, String dir) {
        int format = run.path("format").asInt(1);
        if (run.isMissingNode() || format == FORMAT) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(format > FORMAT ? dir + "/" + NAME + " is format " + format + ", newer than this"
                + " build's " + FORMAT + ": read it with the build that wrote it" : dir + "/" + NAME + " is format "
                + format + "; this build reads format " + FORMAT + " only: migrate the run once with " + MIGRATE + dir);
    }

    /** Reads every line; a line that is not JSON is an error naming the file and line number. */
    public static List<JsonNode> read(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new IOException("no results file at " + path + " (a run's target/bench/" + NAME + ")");
        }
        List<JsonNode> lines = new ArrayList<>();
        int number = 0;
        for (String text : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            number++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(text);
            } catch (IOException e) {
                throw new IOException(path + ":" + number + ": not a JSON line (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
            if (node == null || !node.isObject() || !node.hasNonNull("kind")) {
                throw new IOException(path + ":" + number + ": not a results line (a JSON object with a \"kind\")");
            }
            lines.add(node);
        }
        return lines;
    }
}
