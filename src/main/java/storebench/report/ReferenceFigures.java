package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.results.ResultsFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The reference write-up's figures, kept as data (reference-figures.json beside this class): its workload and its two
 * tables (defaults, and the allocator line), by setting, engine id and statistic id. Its absolute figures come from Python on another
 * machine and cannot be set beside ours; its ratios between engines can ({@link AgainstReference}).
 */
record ReferenceFigures(String title, String date, String how, String workload, int notesPerStore,
                        JsonNode settings) {
    private static final String RESOURCE = "reference-figures.json";

    /** The figures this build carries. */
    static ReferenceFigures load() {
        try (InputStream in = ReferenceFigures.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE
                        + " is missing from the build (src/main/resources/storebench/report)");
            }
            JsonNode root = ResultsFile.JSON.readTree(in);
            return new ReferenceFigures(root.path("title").asText(), root.path("date").asText(),
                    root.path("how").asText(), root.path("workload").asText(), root.path("notesPerStore").asInt(),
                    root.path("settings"));
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + ": not valid JSON", e);
        }
    }

    /** Whether the write-up has a table for this setting. */
    boolean has(String setting) {
        return settings.has(setting);
    }

    /** One figure of the write-up, where its table has that engine and row. */
    Optional<Double> figure(String setting, String engine, String stat) {
        JsonNode v = settings.path(setting).path(engine).path(stat);
        return v.isNumber() ? Optional.of(v.asDouble()) : Optional.empty();
    }

    /** "Large workload: ... (2026-10-11)": how the report cites it. */
    String citation() {
        return "\u201c" + title + "\u201d (" + date + ")";
    }
}
