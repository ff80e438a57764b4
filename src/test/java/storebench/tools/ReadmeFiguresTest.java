package storebench.tools;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.report.AtAGlanceBuilder;
import storebench.report.model.AtAGlance;
import storebench.report.render.AtAGlanceChart;
import storebench.results.OpenStoreMemory;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * README's result cannot go stale: its table and its chart are what the project renders from the kept run, and the
 * tool that writes them replaces only what lies between README's markers.
 */
class ReadmeFiguresTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    private static final Path RUN = PROJECT.resolve(ReadmeFigures.RUN);

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ReadmeFigures.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void readmesTableIsWhatTheProjectRendersFromTheKeptRun() throws IOException {
        Path readme = PROJECT.resolve(ReadmeFigures.README);
        String rendered = ReadmeFigures.table(ReadmeFigures.figures(RUN), RUN, readme);

        assertThat(ReadmeFigures.MARKERS.in(Files.readString(readme, StandardCharsets.UTF_8), readme))
                .as("README's table; run the generator (storebench.tools.ReadmeFigures) after changing the kept run"
                        + " or how the table is rendered")
                .isEqualTo(rendered);
    }

    @Test
    void readmesFirstScreenSaysWhoWinsInTheKeptRunsOwnWordsWithTheirFigures() throws IOException {
        List<String> opening = storebench.report.ReportBuilder.opening(RunResults.load(RUN));
        String firstScreen = String.join("\n", Files.readString(PROJECT.resolve(ReadmeFigures.README),
                StandardCharsets.UTF_8).lines().limit(30).toList());

        assertThat(opening).as("the kept run's opening: the fastest visit, the least memory, the fastest create")
                .hasSize(3);
        assertThat(opening.get(0)).contains("a visit (open, count query, close) is fastest with").contains(" ms");
        assertThat(opening.get(1)).contains("costs least memory with").contains(" KB");
        assertThat(opening.get(2)).contains("is fastest with").contains(" ms");
        assertThat(firstScreen).as("README's first 30 lines").contains(String.join(" ", opening));
        assertThat(Files.readString(RUN.resolve("report.md"), StandardCharsets.UTF_8))
                .as("the same words as the kept run's report").contains(String.join(" ", opening));
    }

    @Test
    void theChartInTheRepositoryIsWhatTheProjectRendersFromTheKeptRun() throws IOException {
        assertThat(Files.readString(PROJECT.resolve(ReadmeFigures.CHART), StandardCharsets.UTF_8))
                .as("the chart README shows; run storebench.tools.ReadmeFigures to write it again")
                .isEqualTo(AtAGlanceChart.svg(ReadmeFigures.figures(RUN)));
    }

    @Test
    void readmeLinksTheChartAndTheWholeReport() throws IOException {
        String readme = Files.readString(PROJECT.resolve(ReadmeFigures.README), StandardCharsets.UTF_8);

        assertThat(readme).contains("](" + ReadmeFigures.CHART.toString().replace('\\', '/') + ")")
                .contains("](docs/runs/10k/all/report.md)");
    }

    @Test
    void memoryInTotalIsResidentPlusTheJavaHeapInAJvmAndResidentAloneInTheNodeWorker() throws IOException {
        RunResults run = RunResults.load(RUN);
        double sqliteResident = run.measurement("sqlite", "default", "mem_resident_kb").orElseThrow().value();
        double sqliteHeap = run.measurement("sqlite", "default", "heap_kb").orElseThrow().value();
        double libsqlResident = run.measurement("libsql", "default", "mem_resident_kb").orElseThrow().value();
        assertThat(run.measurement("libsql", "default", "heap_kb")).as("a Node engine's JS heap is recorded")
                .isPresent();
        AtAGlance figures = AtAGlanceBuilder.of(run, "default");

        assertThat(row(figures, "sqlite").value(OpenStoreMemory.TOTAL).getAsDouble())
                .isCloseTo(sqliteResident + sqliteHeap, within(1e-9));
        assertThat(row(figures, "libsql").value(OpenStoreMemory.TOTAL).getAsDouble()).isEqualTo(libsqlResident);
    }

    @Test
    void aRowHasTheRunsFiguresInTheColumnsOrderAndNoneWhereTheRunHasNone() {
        RunResults run = new RunResults(List.of(stat("sqlite", "oqc_ms", 0.3), stat("sqlite", "disk_kb", 344)), null);

        AtAGlance.Row sqlite = row(AtAGlanceBuilder.of(run, "default"), "sqlite");

        assertThat(sqlite.value("oqc_ms").getAsDouble()).isEqualTo(0.3);
        assertThat(sqlite.value("disk_kb").getAsDouble()).isEqualTo(344);
        assertThat(sqlite.value("open_ms")).isEmpty();
        assertThat(AtAGlance.text(AtAGlance.COLUMNS.get(0), sqlite.value("open_ms"))).isEqualTo("–");
        assertThat(sqlite.inReference()).isTrue();
    }

    private static AtAGlance.Row row(AtAGlance figures, String engine) {
        return figures.rows().stream().filter(r -> r.engine().equals(engine)).findFirst().orElseThrow();
    }

    @Test
    void writesTheTableBetweenTheMarkersOnlyAndTheChart() throws IOException {
        Path readme = tmp.resolve("README.md");
        Files.writeString(readme, "# before\n\n" + ReadmeFigures.BEGIN + "\nold table\n" + ReadmeFigures.END
                + "\n\nafter\n");
        Path chart = tmp.resolve("figures/chart.svg");

        assertThat(run(RUN.toString(), readme.toString(), chart.toString())).isZero();
        String once = Files.readString(readme);
        assertThat(run(RUN.toString(), readme.toString(), chart.toString())).isZero();

        assertThat(once).startsWith("# before\n\n" + ReadmeFigures.BEGIN + "\n").endsWith(ReadmeFigures.END
                + "\n\nafter\n").doesNotContain("old table").contains("| **SQLite** |").contains("| DuckDB |");
        assertThat(Files.readString(readme)).as("written twice, the same").isEqualTo(once);
        assertThat(Files.readString(chart)).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    }

    @Test
    void aReadmeWithoutTheMarkersIsRefusedNamingThem() throws IOException {
        Path readme = tmp.resolve("README.md");
        Files.writeString(readme, "# no markers\n");

        assertThat(run(RUN.toString(), readme.toString(), tmp.resolve("c.svg").toString())).isEqualTo(2);

        assertThat(err.toString(StandardCharsets.UTF_8)).contains(readme.toString()).contains(ReadmeFigures.BEGIN)
                .contains(ReadmeFigures.END);
        assertThat(Files.readString(readme)).isEqualTo("# no markers\n");
    }

    @Test
    void aRunWithoutFiguresUnderTheDefaultSettingIsRefusedNamingItsSettings() {
        RunResults run = new RunResults(List.of(stat("sqlite", "oqc_ms", 0.3)), null);

        assertThatThrownBy(() -> AtAGlanceBuilder.of(run, "mmap-threshold"))
                .hasMessageContaining("'mmap-threshold'").hasMessageContaining("[default]");
    }

    @Test
    void wrongArgumentsAreExitTwoWithTheUsage() {
        assertThat(run("only-one")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: ReadmeFigures");
    }

    private static JsonNode stat(String engine, String stat, double value) {
        return ResultsFile.JSON.createObjectNode().put("kind", "stat").put("engine", engine).put("setting", "default")
                .put("workload", "large").put("stat", stat).put("value", value);
    }
}
