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

/**
 * results.jsonl: one JSON object per finished measurement, appended and flushed at once, so a crash loses at
 * most the phase in flight. Each line has a {@code kind}: run, stat, phase, memory, pool, status, end
 * (docs/report.md, "results.jsonl").
 */
public final class ResultsFile implements AutoCloseable {
    public static final String NAME = "results.jsonl";
    /**
     * The version of the lines this build writes, in the run line's {@code format}. 1 (no {@code format}): a phase line
     * held its step's op under {@code phase}; 2: a phase line names its {@code op} and its {@code phase} (the phase's
     * id) apart, as status and precision lines name the phase. Every version is still read ({@link PhaseLine}).
     */
    public static final int FORMAT = 2;
    public static final ObjectMapper JSON = new ObjectMapper();

    private final Path path;
    private final FileOutputStream out;

    public ResultsFile(Path path) throws IOException {
        this.path = path;
        this.out = new FileOutputStream(path.toFile(), true);
    }

    public Path path() {
        return path;
    }

    public static ObjectNode line(String kind) {
        return JSON.createObjectNode().put("kind", kind);
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

    /**
     * Appends one line (with its time): the whole line goes to the file in one write call, so a process killed
     * at any moment leaves whole lines only.
     */
    public synchronized void append(ObjectNode line) throws IOException {
        if (!line.has("at")) {
            line.put("at", Instant.now().toString());
        }
        out.write((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
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
