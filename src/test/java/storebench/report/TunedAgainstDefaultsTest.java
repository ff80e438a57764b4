package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.phase.Phases;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's "tuned against defaults" table and the opening's sentences about it, from a run made up for the purpose:
 * SQLite, RocksDB and DuckDB under default and tuned, where tuning reorders the visit's row and leaves create's order.
 */
class TunedAgainstDefaultsTest {
    private final List<JsonNode> lines = new ArrayList<>();

    TunedAgainstDefaultsTest() {
        run("default", "tuned");
        // a visit: SQLite, RocksDB, DuckDB under defaults; SQLite, DuckDB, RocksDB tuned
        oqc("sqlite", "default", 0.300);
        oqc("rocksdb", "default", 9.000);
        oqc("duckdb", "default", 25.000);
        oqc("sqlite", "tuned", 0.270);
        oqc("rocksdb", "tuned", 5.000);
        oqc("duckdb", "tuned", 4.000);
        // create: the same order under both
        stat("sqlite", "default", "create_ms", 6.0);
        stat("rocksdb", "default", "create_ms", 9.8);
        stat("duckdb", "default", "create_ms", 65.8);
        stat("sqlite", "tuned", "create_ms", 6.1);
        stat("rocksdb", "tuned", "create_ms", 9.9);
        stat("duckdb", "tuned", "create_ms", 40.0);
        stat("rocksdb", "default", "mem_resident_kb", 525);
        stat("rocksdb", "tuned", "mem_resident_kb", 210);
        stat("rocksdb", "default", "load1", 1.0);
        stat("rocksdb", "tuned", "load1", 2.0);
    }

    private void run(String... settings) {
        ObjectNode run = ResultsFile.line("run").put("stores", 200).put("notesPerStore", 1000).put("runs", 3)
                .put("hold", 200).put("workload", "large");
        run.putArray("engines").add("sqlite").add("rocksdb").add("duckdb");
        var s = run.putArray("settings");
        for (String setting : settings) {
            s.add(setting);
        }
        lines.add(0, run);
    }

    private void oqc(String engine, String setting, double median) {
        ObjectNode l = stat(engine, setting, "oqc_ms", median);
        l.putArray("runs").add(median * 0.99).add(median).add(median * 1.01);
    }

    private ObjectNode stat(String engine, String setting, String stat, double value) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", setting).put("stat", stat)
                .put("value", value);
        lines.add(l);
        return l;
    }

    private TunedAgainstDefaults tuned() {
        return new TunedAgainstDefaults(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), null)));
    }

    @Test
    void theTableHasEachEnginesTunedFigureOverItsDefaultOneRowByRow() {
        Section section = tuned().section().orElseThrow();
        assertThat(section.heading().text()).isEqualTo(TunedAgainstDefaults.HEADING);
        Block.Table table = section.blocks().stream().filter(b -> b instanceof Block.Table).map(b -> (Block.Table) b)
                .findFirst().orElseThrow();
        assertThat(table.header()).extracting(t -> MarkdownReport.inline(t))
                .containsExactly("tuned / default", "SQLite", "RocksDB", "DuckDB");
        assertThat(cells(table, "Open, query, close (median)")).containsExactly("0.90", "0.56", "0.16");
        assertThat(cells(table, "Create, write 1,000 objects, close (median)")).containsExactly("1.02", "1.01", "0.61");
        // a row only some engines have: the others get a dash
        assertThat(cells(table, "Memory per open store (200 open), resident")).containsExactly("–", "0.40", "–");
        // the machine's load is not an engine's figure
        assertThat(table.rows()).noneMatch(r -> MarkdownReport.inline(r.get(0)).startsWith("Load"));
    }

    @Test
    void aCounterThatDidNotMoveUnderOneSettingHasNoRatioButItsTwoFigures() {
        storebench.results.Stat minflt = storebench.phase.OpenRunsPhase.COUNTERS.stat("minflt");
        counter("sqlite", "default", minflt, 0.0);
        counter("sqlite", "tuned", minflt, 9.0);
        counter("rocksdb", "default", minflt, 0.001); // under its least step (0.1)
        counter("rocksdb", "tuned", minflt, 0.876);
        counter("duckdb", "default", minflt, 4.0);
        counter("duckdb", "tuned", minflt, 2.0);
        Block.Table table = tuned().section().orElseThrow().blocks().stream().filter(b -> b instanceof Block.Table)
                .map(b -> (Block.Table) b).findFirst().orElseThrow();
        assertThat(cells(table, "Open, query, close: minor page faults per visit"))
                .containsExactly("9.0 / none", "0.9 / none", "0.50");
        assertThat(tuned().section().orElseThrow().blocks().get(0).toString()).contains("\"none\": a counter");
    }

    private void counter(String engine, String setting, storebench.results.Stat stat, double value) {
        stat(engine, setting, stat.id(), value).set("about", stat.about(200, 1000, "openruns",
                Phases.stats().indexOf(stat)));
    }

    @Test
    void theOpeningSaysWhoLeadsTunedWhoLedUnderDefaultsAndWhoMovedMost() {
        List<String> opening = tuned().opening();
        assertThat(opening).hasSize(1);
        assertThat(opening.get(0)).startsWith("Tuned as their vendors document: a visit fastest with SQLite (DuckDB 0.16"
                + " of its default)").contains("create fastest with SQLite (DuckDB 0.61 of its default)").endsWith(".");
    }

    @Test
    void aRunWithoutBothSettingsHasNeitherTableNorSentences() {
        lines.remove(0);
        run("tuned");
        assertThat(tuned().section()).isEmpty();
        assertThat(tuned().opening()).isEmpty();
        lines.remove(0);
        run("default");
        assertThat(tuned().section()).isEqualTo(Optional.empty());
    }

    @Test
    void aTunedOnlyRunsReportSaysHowToGetTheComparisonAndARunWithBothDoesNot() {
        lines.removeIf(l -> l.path("setting").asText().equals("default"));
        lines.remove(0);
        run("tuned");

        String md = new MarkdownReport(ReportBuilder.of(new RunResults(storebench.phase.Described.lines(lines), null), Phases.ALL)).render();

        assertThat(md).contains("Measured tuned alone: `-Dbench.settings=default,tuned` measures each engine under"
                + " defaults too, and the report then sets each tuned figure over its default one (\"Tuned against"
                + " defaults\").").doesNotContain("## " + TunedAgainstDefaults.HEADING);
        assertThat(tuned().withoutDefaults("tuned")).isPresent();
        assertThat(tuned().withoutDefaults("default")).isEmpty();
    }

    @Test
    void aRunOfBothSettingsGetsNoHintToAddDefaults() {
        assertThat(tuned().withoutDefaults("tuned")).isEmpty();
    }

    @Test
    void theReportHasTheTableTheOpeningsSentenceTheSettingLineAndHowEachEngineWasTuned() {
        String md = new MarkdownReport(ReportBuilder.of(new RunResults(storebench.phase.Described.lines(lines), null), Phases.ALL)).render();
        assertThat(md).contains("## " + TunedAgainstDefaults.HEADING)
                .contains("Tuned as their vendors document: a visit fastest with SQLite")
                .contains("Tuned: each engine opened as its vendor documents")
                .contains("read-only opens in the phases that only read (open runs, read, cold, concurrency, memory,"
                        + " capacity")
                .contains("RocksDB, tuned: `RocksDB.openReadOnly(options, path)`")
                .contains("shared by the process: one 16 MiB block cache")
                .contains("memory: per open store over a shared base: one 16 MiB block cache");
        // the opening comes before the tables, the comparison after them
        assertThat(md.indexOf("Tuned as their vendors document:")).isLessThan(md.indexOf("## "
                + TunedAgainstDefaults.HEADING));
    }

    private static List<String> cells(Block.Table table, String row) {
        return table.rows().stream().filter(r -> MarkdownReport.inline(r.get(0)).equals(row)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + row + " in " + table.rows().stream()
                        .map(r -> MarkdownReport.inline(r.get(0))).toList()))
                .stream().skip(1).map(MarkdownReport::inline).toList();
    }
}
