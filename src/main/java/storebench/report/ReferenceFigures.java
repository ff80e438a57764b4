package storebench.report;

import storebench.results.ResultsFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The reference write-up's figures as data (reference-figures.json): its workload and two tables by setting, engine and
 * statistic. Only its ratios between engines compare with ours ({@link AgainstReference}).
 */
record ReferenceFigures(String title, String date, String how, String workload, int notesPerStore,
                        Map<String, Map<String, Map<String, Double>>> settings) {
    private static final String RESOURCE = "reference-figures.json";

    /** The figures this build carries, bound to this record by its components' names. */
    static ReferenceFigures load() {
        try (InputStream in = ReferenceFigures.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE
                        + " is missing from the build (src/main/resources/storebench/report)");
            }
            return ResultsFile.JSON.readValue(in, ReferenceFigures.class);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + ": not valid JSON", e);
        }
    }

    boolean has(String setting) {
        return settings.containsKey(setting);
    }

    /** One figure of the write-up, where its table has that engine and row. */
    Optional<Double> figure(String setting, String engine, String stat) {
        return Optional.ofNullable(settings.getOrDefault(setting, Map.of()).getOrDefault(engine, Map.of()).get(stat));
    }

    /** An engine's figure over SQLite's, as the write-up's ratios between engines read. */
    Optional<Double> ratio(String setting, String engine, String stat) {
        Optional<Double> base = figure(setting, AgainstReference.BASE, stat);
        return figure(setting, engine, stat).flatMap(v -> base.filter(b -> b > 0).map(b -> v / b));
    }

    /** "Large workload: ... (2026-10-11)": how the report cites it. */
    String citation() {
        return "\u201c" + title + "\u201d (" + date + ")";
    }
}
