package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Report;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;

import storebench.phase.Phases;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Engines beyond the reference write-up's get a statistics table of their own per setting, after the reference's.
 * No registered engine is beyond the reference yet, so the tests choose which are: src/test/resources/report/
 * beyond-reference holds a small run of ObjectBox (cached model) and SQLite, SQLite's memory phase under
 * mmap-threshold failed, and the Markdown it renders to with SQLite beyond the reference.
 */
class BeyondReferenceTest {
    private static final Predicate<String> SQLITE_BEYOND = id -> !id.equals("sqlite");

    private static RunResults results;

    @BeforeAll
    static void load() throws URISyntaxException, java.io.IOException {
        results = RunResults.load(fixture());
    }

    private static Path fixture() throws URISyntaxException {
        return Path.of(BeyondReferenceTest.class.getResource("/report/beyond-reference/results.jsonl").toURI())
                .getParent();
    }

    private static List<String> headings(Report report) {
        return report.findings().stream().map(s -> s.heading().text()).toList();
    }

    private static StatsTable table(Section section) {
        return section.blocks().stream().filter(b -> b instanceof StatsTable).map(b -> (StatsTable) b).findFirst()
                .orElseThrow(() -> new AssertionError("no statistics table under " + section.heading().text()));
    }

    private static List<String> notes(Section section) {
        Block last = section.blocks().get(section.blocks().size() - 1);
        assertThat(last).as("the notes under %s", section.heading().text()).isInstanceOf(Block.BulletList.class);
        return ((Block.BulletList) last).items().stream().map(Text::plain).toList();
    }

    @Test
    void eachSettingHasTheReferencesTableThenATableOfTheEnginesBeyondIt() {
        Report report = ReportBuilder.of(results, SQLITE_BEYOND, Phases.ALL);

        assertThat(headings(report)).containsExactly("Result in three sentences",
                "1,200 stores per engine, defaults",
                "1,200 stores per engine, defaults: beyond the reference",
                "1,200 stores per engine, mmap threshold 131072",
                "1,200 stores per engine, mmap threshold 131072: beyond the reference", "Rankings");
        for (int k = 1; k <= 4; k++) {
            StatsTable table = table(report.findings().get(k));
            boolean beyond = k % 2 == 0;
            assertThat(table.setting()).isEqualTo(k <= 2 ? "default" : "mmap-threshold");
            assertThat(table.beyondReference()).isEqualTo(beyond);
            assertThat(table.columns()).extracting(StatsTable.Column::engine)
                    .containsExactly(beyond ? "sqlite" : "objectbox-cached");
            List<String> keys = new ArrayList<>(results.stats().stream().filter(s -> !s.optional()).map(Stat::id)
                    .toList());
            if (beyond) {
                keys.add(ReportBuilder.DURABILITY); // whether a commit is synced, from the engine's descriptor
            }
            assertThat(table.rows()).extracting(StatsTable.Row::key).containsExactlyElementsOf(keys);
        }
        StatsTable.Row durability = table(report.findings().get(2)).rows().get((int) results.stats().stream()
                .filter(s -> !s.optional()).count());
        assertThat(durability.stat()).isNull();
        assertThat(durability.cells()).extracting(StatsTable.Cell::text).containsExactly("yes");
    }

    @Test
    void theSettingIsDescribedOnceAndEachTableHasTheNotesOfItsOwnEngines() {
        Report report = ReportBuilder.of(results, SQLITE_BEYOND, Phases.ALL);
        Section mmap = report.findings().get(3);
        Section mmapBeyond = report.findings().get(4);

        assertThat(mmap.blocks().get(0)).isEqualTo(Block.Paragraph.of("glibc's M_MMAP_THRESHOLD at 131072 bytes"
                + " (GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 in the trial process; the reference's"
                + " mallopt(M_MMAP_THRESHOLD, 131072)), set identically for all engines."));
        assertThat(mmapBeyond.blocks().get(0)).isEqualTo(Block.Paragraph.of("The engines the reference write-up did"
                + " not measure, in a table of their own: the same rows, from the same run."));
        assertThat(notes(mmap)).noneMatch(n -> n.contains("SQLite"));
        assertThat(notes(mmapBeyond)).first().asString().startsWith("SQLite: failed: hold: sqlite/mmap-threshold");
        assertThat(notes(mmapBeyond)).last().asString().contains("a JVM engine releases its store within close()");
        StatsTable.Row resident = table(mmapBeyond).rows().stream()
                .filter(r -> r.key().equals("mem_resident_kb")).findFirst().orElseThrow();
        assertThat(resident.cells()).extracting(StatsTable.Cell::text).containsExactly(StatsTable.FAILED);
    }

    @Test
    void rendersTheFixtureToTheExpectedMarkdown() throws Exception {
        String expected = Files.readString(fixture().resolve("expected-report.md"), StandardCharsets.UTF_8);

        assertThat(new MarkdownReport(ReportBuilder.of(results, SQLITE_BEYOND, Phases.ALL)).render()).isEqualTo(expected);
    }

    @Test
    void aRunOfReferenceEnginesOnlyHasOneTablePerSetting() {
        Report report = ReportBuilder.of(results, Phases.ALL);

        assertThat(headings(report)).containsExactly("Result in three sentences", "1,200 stores per engine, defaults",
                "1,200 stores per engine, mmap threshold 131072", "Rankings");
        assertThat(new MarkdownReport(report).render()).doesNotContain("beyond the reference")
                .isEqualTo(new MarkdownReport(ReportBuilder.of(results, id -> true, Phases.ALL)).render());
    }

    @Test
    void anEngineThisBuildDoesNotKnowStaysInTheReferencesTable() {
        assertThat(ReportBuilder.IN_REFERENCE.test("no-such-engine")).isTrue();
        assertThat(ReportBuilder.IN_REFERENCE.test("sqlite")).isTrue();
    }

    @Test
    void aRunOfEnginesBeyondTheReferenceOnlyHasTheirTableWithTheSettingDescribedAboveIt() {
        Report report = ReportBuilder.of(results, id -> false, Phases.ALL);

        assertThat(headings(report)).containsExactly("Result in three sentences",
                "1,200 stores per engine, defaults: beyond the reference",
                "1,200 stores per engine, mmap threshold 131072: beyond the reference", "Rankings");
        Section defaults = report.findings().get(1);
        assertThat(((Block.Paragraph) defaults.blocks().get(0)).text().plain()).startsWith("Medians of the 3 warm open runs");
        assertThat(table(defaults).columns()).extracting(StatsTable.Column::engine)
                .containsExactly("objectbox-cached", "sqlite");
    }

    @Test
    void theHtmlPageMarksTheTableBeyondTheReferenceAndListsItInItsContents() {
        String html = new HtmlReport(ReportBuilder.of(results, SQLITE_BEYOND, Phases.ALL)).render();

        assertThat(html).contains("<table class=\"stats\" data-setting=\"default\">\n<thead><tr><th></th>"
                        + "<th data-engine=\"objectbox-cached\">")
                .contains("<table class=\"stats\" data-setting=\"default\" data-columns=\"beyond-reference\">\n"
                        + "<thead><tr><th></th><th data-engine=\"sqlite\">SQLite</th></tr></thead>")
                .contains("<a href=\"#1-200-stores-per-engine-defaults-beyond-the-reference\">")
                .contains("<h2 id=\"1-200-stores-per-engine-defaults-beyond-the-reference\">");
        for (Stat stat : results.stats().stream().filter(s -> !s.optional()).toList()) {
            assertThat(html.split("<tr data-stat=\"" + stat.id() + "\">", -1)).as(stat.id()).hasSize(5);
        }
        // the charts keep every engine, whichever table it is in
        String create = html.substring(html.indexOf("<title>Create, write 10 objects, close (median ms)</title>"));
        assertThat(create.substring(0, create.indexOf("</svg>"))).contains(">ObjectBox, cached model</text>")
                .contains(">SQLite</text>");
    }

    @Test
    void anEngineBeyondTheReferenceThatIsNotInTheRunAddsNoTable() {
        List<com.fasterxml.jackson.databind.JsonNode> lines = new ArrayList<>();
        results.lines("run").forEach(lines::add);
        ObjectNode stray = storebench.results.ResultsFile.line("stat").put("engine", "h2").put("setting", "default")
                .put("workload", "small").put("stat", "open_ms").put("value", 0.5);
        lines.add(stray);

        Report report = ReportBuilder.of(new RunResults(lines, results.environment()), id -> !id.equals("h2"), Phases.ALL);

        assertThat(headings(report)).noneMatch(h -> h.contains("beyond"));
    }
}
