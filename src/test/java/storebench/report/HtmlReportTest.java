package storebench.report;

import storebench.report.model.StatsTable;
import storebench.report.render.HtmlPage;
import storebench.report.render.HtmlReport;

import storebench.phase.CreatePhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phases;

import storebench.engine.Engines;

import storebench.results.RunResults;
import storebench.results.Stat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report.html rendered from fixed output files: src/test/resources/report/html/run holds a small real run (three
 * engines, objectbox-nosync skipped, sqlite-node's memory phase under mmap-threshold failed) with HdrHistogram logs
 * for the default setting only.
 */
class HtmlReportTest {
    private static final List<String> ENGINES = List.of("objectbox-cached", "objectbox-nosync", "sqlite", "sqlite-node");
    private static final Pattern TABLE = Pattern.compile("<table class=\"stats\" data-setting=\"([^\"]+)\">(.*?)</table>",
            Pattern.DOTALL);

    private static Path run;
    private static RunResults results;
    private static String html;

    @TempDir
    Path tmp;

    @BeforeAll
    static void render() throws Exception {
        run = fixture("/report/html/run/results.jsonl").getParent();
        results = RunResults.load(run);
        html = new HtmlReport(ReportBuilder.of(run, Phases.ALL)).render();
    }

    private static Path fixture(String resource) throws URISyntaxException {
        return Path.of(HtmlReportTest.class.getResource(resource).toURI());
    }

    /** The statistics table of a setting. */
    private static String table(String setting) {
        Matcher m = TABLE.matcher(html);
        while (m.find()) {
            if (m.group(1).equals(setting)) {
                return m.group(2);
            }
        }
        throw new AssertionError("no statistics table for " + setting);
    }

    /** The text of one cell (tags removed, spaces between its parts). */
    private static String cell(String setting, Stat stat, String engine) {
        String row = table(setting).split("<tr data-stat=\"" + stat.id() + "\">", 2)[1].split("</tr>", 2)[0];
        Matcher m = Pattern.compile("<td[^>]*data-engine=\"" + Pattern.quote(engine) + "\"[^>]*>(.*?)</td>").matcher(row);
        assertThat(m.find()).as("cell %s/%s/%s", setting, stat.id(), engine).isTrue();
        return m.group(1).replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").trim();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int k = text.indexOf(what); k >= 0; k = text.indexOf(what, k + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void hasOneTablePerSettingWithEveryStatisticRowAndEveryEngineColumn() {
        for (String setting : List.of("default", "mmap-threshold")) {
            String table = table(setting);
            for (Stat stat : results.stats().stream().filter(s -> !s.optional()).toList()) {
                assertThat(table).contains("<tr data-stat=\"" + stat.id() + "\"><th scope=\"row\">"
                        + HtmlPage.esc(stat.label(1000, 50)) + "</th>");
            }
            for (String engine : ENGINES) {
                assertThat(table).contains("<th data-engine=\"" + engine + "\">" + Engines.of(engine).title() + "</th>");
            }
        }
        assertThat(count(html, "<table class=\"stats\"")).isEqualTo(2);
    }

    @Test
    void formatsFiguresAsReportMdDoes() {
        RunResults.Measurement create = results.measurement("sqlite", "default", "create_ms").orElseThrow();
        assertThat(cell("default", CreatePhase.CREATE_MS, "sqlite")).isEqualTo(CreatePhase.CREATE_MS.format(create.value()))
                .matches("\\d+\\.\\d{2} ms");
        RunResults.Measurement resident = results.measurement("objectbox-cached", "default", "mem_resident_kb").orElseThrow();
        assertThat(cell("default", MemoryPhase.MEM_RESIDENT_KB, "objectbox-cached"))
                .isEqualTo(MemoryPhase.MEM_RESIDENT_KB.format(resident.value())).isEqualTo("2,494 KB");
    }

    @Test
    void showsEachOpenRunStatisticWithItsSpreadAndRunFigures() {
        RunResults.Measurement oqc = results.measurement("sqlite", "default", "oqc_ms").orElseThrow();
        assertThat(oqc.runs()).hasSize(3);
        StringBuilder runs = new StringBuilder();
        oqc.runs().forEach(r -> runs.append(' ').append(Stat.number(r, 3)));
        assertThat(cell("default", OpenRunsPhase.OQC_MS, "sqlite")).isEqualTo(OpenRunsPhase.OQC_MS.format(oqc.value())
                + " spread " + HtmlPage.percent(oqc.spread()) + runs);
        for (Stat stat : results.stats().stream().filter(s -> !s.optional()).toList()) {
            // a cell shows a spread where the statistic has runs and the run (this fixture predates the read phase) has it
            assertThat(cell("default", stat, "sqlite").contains("spread")).as(stat.id())
                    .isEqualTo(stat.hasSpread() && results.measurement("sqlite", "default", stat.id()).isPresent());
        }
    }

    @Test
    void marksSkippedEnginesAsNotMeasuredAndFailedPhasesAsFailed() {
        assertThat(cell("default", OpenRunsPhase.OQC_MS, "objectbox-nosync")).isEqualTo(StatsTable.NONE);
        assertThat(cell("mmap-threshold", MemoryPhase.MEM_RESIDENT_KB, "sqlite-node")).isEqualTo("failed");
        assertThat(cell("mmap-threshold", OpenRunsPhase.OQC_MS, "sqlite-node")).matches("\\d\\.\\d{3} ms spread .*");
        assertThat(html).contains("SQLite (Node.js): failed: hold: worker exited with code 1")
                .contains("ObjectBox, skip model sync: not measured: objectbox-java 5.1.0 has no public way");
    }

    @Test
    void drawsPercentilePlotsFromTheHdrLogsAndBarChartsAsInlineSvg() {
        // the headline; default has logs for its three engines, mmap-threshold none; eleven bar charts (create,
        // open, count, close; open-query-close warm, its cold pair has no figures here; resident, anonymous, total
        // (derived from the run's resident and heap rows), heap; disk files, allocated)
        assertThat(count(html, "<svg")).isEqualTo(13);
        assertThat(count(html, "<figure class=\"chart\"")).isEqualTo(13);
        for (String title : List.of("Open, query, close per store: median (bar) and p99 (pale, beyond it)",
                "Open, query, close by percentile, defaults", "Create, write 1,000 objects, close (median ms)",
                "Open (median ms)", "Count query (median ms)", "Close (median ms)",
                "Open, query, close, warm page cache (median ms)", "Resident memory per open store (KB)",
                "Anonymous memory per open store (KB)", "Memory per open store, in total (KB)",
                "Managed heap per open store (KB)", "Disk per store, files (KB)",
                "Disk per store, allocated (KB)")) {
            assertThat(html).contains("<title>" + title + "</title>");
        }
        assertThat(html).contains("Open, query, close by percentile, mmap threshold 131072: no HdrHistogram logs under hdr/.");
        String plot = html.substring(html.indexOf("<title>Open, query, close by percentile, defaults"));
        plot = plot.substring(0, plot.indexOf("</svg>"));
        for (String engine : List.of("objectbox-cached", "sqlite", "sqlite-node")) {
            assertThat(plot).as("legend of %s", engine).contains(">" + Engines.of(engine).title() + "</text>");
        }
        assertThat(plot).contains(">90%</text>").contains(">99%</text>");
    }

    @Test
    void opensWithTheSentencesThenTheHeadlineChartWithTheReferencesEnginesMarkedThenTheTables() {
        int sentences = html.indexOf(">Result in three sentences</h2>");
        int headline = html.indexOf("<title>Open, query, close per store: median (bar) and p99");
        assertThat(sentences).isPositive().isLessThan(headline);
        assertThat(headline).isLessThan(html.indexOf("<table"));
        String chart = html.substring(headline, html.indexOf("</svg>", headline));
        // SQLite is one of the reference's engines: its bar and p99 labelled, its name marked; both settings drawn
        assertThat(chart).contains(">SQLite \u2020</text>").contains(" (p99 ").contains(">mmap threshold 131072</text>");
    }

    @Test
    void isOneSelfContainedFileThatFetchesNothing() {
        assertThat(html).doesNotContain("<script").doesNotContain("<link").doesNotContain("<img")
                .doesNotContainPattern("url\\((?!#)").doesNotContainPattern("@import");
        Matcher refs = Pattern.compile("(src|href)\\s*=\\s*[\"']([^\"']*)[\"']").matcher(html);
        while (refs.find()) {
            // a caveat's link to the lab notebook is followed when clicked, never fetched when the page opens
            assertThat(refs.group(2)).as("a reference in report.html").matches(refs.group(1).equals("href")
                    ? "#.*|(\\.\\./)*docs/engines\\.md#[a-z0-9-]+" : "#.*");
        }
        assertThat(html).contains("<style>");
    }

    @Test
    void givesEveryElementIdOnceAcrossItsInlineSvgs() {
        Matcher ids = Pattern.compile(" id=[\"']([^\"']+)[\"']").matcher(html);
        Set<String> seen = new HashSet<>();
        List<String> twice = new ArrayList<>();
        while (ids.find()) {
            if (!seen.add(ids.group(1))) {
                twice.add(ids.group(1));
            }
        }
        assertThat(twice).isEmpty();
        assertThat(seen).isNotEmpty();
        Matcher targets = Pattern.compile("href=\"#([^\"]+)\"").matcher(html);
        while (targets.find()) {
            assertThat(seen).as("the anchor #%s", targets.group(1)).contains(targets.group(1));
        }
    }

    @Test
    void carriesReportMdsSentencesCaveatsAndTheEnvironment() {
        assertThat(html).contains("<h1 id=").contains("storebench: large workload, 1,000 notes per store")
                .contains(">Result in three sentences</h2>").contains(">What was measured</h2>")
                .contains(">Caveats</h2>").contains(">Engines and versions</h2>").contains(">Environment</h2>")
                .contains("AMD EPYC").contains("sqlite-jdbc").contains("<code>Collections.shuffle(0..N-1, new Random(seed))</code>");
        assertThat(html).contains("No verdicts: the gate wrote no verdicts.json for this run.");
    }

    @Test
    void writesReportHtmlWithTheGatesVerdictsFailuresFirst() throws IOException, URISyntaxException {
        copyRun(tmp);
        Files.copy(fixture("/report/html/verdicts.json"), tmp.resolve("verdicts.json"));
        Path out = HtmlReport.write(tmp, ReportBuilder.of(tmp, Phases.ALL));
        assertThat(out).isEqualTo(tmp.resolve("report.html"));
        String page = Files.readString(out, StandardCharsets.UTF_8);
        String gate = page.substring(page.indexOf("<h2 id=\"regression-gate\">"));
        gate = gate.substring(0, gate.indexOf("<h2", 10));
        assertThat(gate).contains("<thead><tr><th>Verdict</th><th>Rule</th><th>Engine, setting</th><th>Measured</th>"
                        + "<th>Limit</th><th>Margin</th><th>Why</th><th>Where</th></tr></thead>")
                .contains("<th scope=\"row\">Thresholds file</th><td>thresholds.yaml</td>")
                .contains("<th scope=\"row\">Verdicts</th><td>2 passed · 1 failed · 1 not evaluated</td>")
                .contains("<td class=\"status-FAIL\">fail</td><td>create_ms &lt;= 8.0 ms</td><td>objectbox-cached,"
                        + " default</td><td class=\"num\">8.99 ms</td><td class=\"num\">8.00 ms</td><td class=\"num\">"
                        + "-0.99 ms (-12.4%)</td><td>one pass over 50 stores</td><td>thresholds.yaml:9</td>")
                .doesNotContain("marginPercent").doesNotContain("notEvaluated").doesNotContain("status-NOT_EVALUATED");
        String folded = gate.substring(gate.indexOf("<details class=\"not-evaluated\"><summary>1 rule not evaluated"));
        assertThat(folded).as("the rules not evaluated, folded away with why").contains("every engine")
                .contains("no baseline given (bench.baseline unset)").contains("</details>");
        java.util.regex.Matcher heads = Pattern.compile("<thead><tr>(.*?)</tr></thead>").matcher(gate);
        while (heads.find()) {
            assertThat(heads.group(1).split("<th>", -1).length - 1).as("columns of " + heads.group(1))
                    .isLessThanOrEqualTo(8);
        }
        assertThat(gate.indexOf("status-FAIL")).isLessThan(gate.indexOf("status-PASS"));
        assertThat(page).doesNotContain("No verdicts");
        assertThat(page).contains("<a href=\"#regression-gate\">");
    }

    @Test
    void rendersVerdictsOfAnyShapeAsATableOfTheirFields() throws IOException {
        copyRun(tmp);
        Files.writeString(tmp.resolve("verdicts.json"),
                "[{\"rule\": \"open under 1 ms\", \"verdict\": \"pass\", \"value\": 0.5}, {\"rule\": \"r2\", \"extra\": true}]");
        String page = Files.readString(HtmlReport.write(tmp, ReportBuilder.of(tmp, Phases.ALL)), StandardCharsets.UTF_8);
        assertThat(page).contains("<table class=\"verdicts\">\n<thead><tr><th>rule</th><th>verdict</th><th>value</th><th>extra</th></tr>")
                .contains("<td>open under 1 ms</td><td>pass</td><td class=\"num\">0.500</td><td>–</td>")
                .contains("<td>r2</td><td>–</td><td>–</td><td>true</td>");
    }

    @Test
    void namesTheFileAndLineOfABadResultsLine() throws IOException {
        Files.writeString(tmp.resolve("results.jsonl"), "{\"kind\":\"run\"}\nnot json\n");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> HtmlReport.write(tmp, ReportBuilder.of(tmp, Phases.ALL))))
                .isInstanceOf(IOException.class).hasMessageContaining("results.jsonl:2:");
    }

    @Test
    void rendersHeadless() {
        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
    }

    private static void copyRun(Path to) throws IOException {
        try (Stream<Path> files = Files.walk(run)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(run.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
