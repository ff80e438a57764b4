package storebench.tools;

import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.run.CostTable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Makes the plan's cost table (src/main/resources/storebench/run/costs.json) from the kept runs under docs/runs, never
 * by hand: {@code mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Costs} (arguments: the runs, the table).
 */
public final class Costs {
    public static final Path KEPT_RUNS = Path.of("docs/runs");
    public static final Path TABLE = Path.of("src/main/resources/storebench/run/costs.json");

    private Costs() {
    }

    /**
     * The table's text as this tool writes it from the kept runs under {@code keptRuns}, telling {@code skipped} of
     * each kept run left out as incomplete, by name and why.
     */
    public static String table(Path keptRuns, java.util.function.Consumer<String> skipped) throws IOException {
        if (!Files.isDirectory(keptRuns)) {
            throw new IOException("no kept runs at " + keptRuns.toAbsolutePath() + ": give the folder that holds them"
                    + " (docs/runs)");
        }
        Map<String, List<JsonNode>> kept = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(keptRuns)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals(ResultsFile.NAME)).sorted().toList()) {
                kept.put(keptRuns.relativize(f.getParent()).toString().replace('\\', '/'),
                        RunResults.sideA(ResultsFile.read(f)));
            }
        }
        if (kept.isEmpty()) {
            throw new IOException("no " + ResultsFile.NAME + " under " + keptRuns.toAbsolutePath());
        }
        CostTable table = CostTable.of(kept, skipped);
        String about = "Made by storebench.tools.Costs from the kept runs under docs/runs/ (do not edit: run it again"
                + " when a run is kept). Per engine, setting and N, each phase step's seconds: wallS its phase lines'"
                + " wall time, elapsedS the time since the line before (process start-up, store checks and disk scans"
                + " included).";
        return ResultsFile.JSON.writer(new DefaultPrettyPrinter()).writeValueAsString(table.toJson(about)) + "\n";
    }

    public static void main(String[] args) throws Exception {
        Path keptRuns = args.length > 0 ? Path.of(args[0]) : KEPT_RUNS;
        Path out = args.length > 1 ? Path.of(args[1]) : TABLE;
        try {
            String text = table(keptRuns, skipped -> System.out.println("Costs: skipped " + skipped));
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, text, StandardCharsets.UTF_8);
            System.out.println("Costs: " + out + " made from the kept runs under " + keptRuns);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("Costs: " + e.getMessage());
            System.exit(2);
        }
    }
}
