package storebench.report;

import storebench.report.model.Report;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.phase.Phases;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every rendered report keeps to, on the report fixtures and the runs kept under docs/runs/: it opens with at
 * most three sentences of at most 120 words; report.html shows its headline chart before its first table; nothing
 * it prints from src/main carries a date but the run's own ("As of") and the versions'; each caveat's link to
 * docs/engines.md finds its section; every relative link finds its file from where the report is written; and each
 * kept run renders to the report.md committed beside it, byte for byte.
 */
class RenderedReportsTest {
    private static final Path KEPT = Path.of("docs", "runs");
    private static final Path NOTEBOOK = Path.of(ReportBuilder.ENGINES_NOTEBOOK);
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}|2026-");
    /** A sentence ends at a full stop before a space and a capital, or at the paragraph's end: "0.208 ms" does not. */
    /** A Markdown link's target, up to its anchor: {@code [text](target#anchor)}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]*)(#[^)\\s]*)?\\)");
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s+[A-Z]|$)");
    /** Each run read once for both pages, as Render reads it: reading a kept run is most of rendering it. */
    private static final Map<Path, Report> REPORTS = new ConcurrentHashMap<>();
    private static final Map<Path, String> MARKDOWN = new ConcurrentHashMap<>();

    static Stream<Path> runs() throws IOException, URISyntaxException {
        List<Path> runs = new ArrayList<>();
        for (String fixture : List.of("run-small", "beyond-reference", "html/run")) {
            runs.add(Path.of(RenderedReportsTest.class.getResource("/report/" + fixture + "/results.jsonl").toURI())
                    .getParent());
        }
        try (Stream<Path> kept = Files.walk(KEPT)) {
            kept.filter(p -> p.getFileName().toString().equals("results.jsonl")).map(Path::getParent).sorted()
                    .forEach(runs::add);
        }
        assertThat(runs).as("the kept runs under %s", KEPT).hasSizeGreaterThan(3);
        return runs.stream();
    }

    private static Report report(Path run) {
        return REPORTS.computeIfAbsent(run, r -> {
            try {
                return ReportBuilder.of(r, Phases.ALL);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static String markdown(Path run) {
        return MARKDOWN.computeIfAbsent(run, r -> new MarkdownReport(report(r)).render());
    }

    /** The text under a level-2 heading of report.md, up to the next one. */
    private static String section(String md, String heading) {
        int at = md.indexOf("\n## " + heading + "\n");
        assertThat(at).as("a section '%s'", heading).isNotNegative();
        int start = md.indexOf('\n', at + 1) + 1;
        int end = md.indexOf("\n## ", start);
        return md.substring(start, end < 0 ? md.length() : end).trim();
    }

    @ParameterizedTest
    @MethodSource("runs")
    void theOpeningIsAtMostThreeSentencesOfAtMost120Words(Path run) {
        String opening = section(markdown(run), ReportBuilder.OPENING);

        assertThat(opening).as("one paragraph").doesNotContain("\n");
        Matcher ends = SENTENCE_END.matcher(opening);
        int sentences = 0;
        while (ends.find()) {
            sentences++;
        }
        assertThat(sentences).as("sentences in: %s", opening).isBetween(1, 3);
        assertThat(opening.split("\\s+")).as("words in: %s", opening).hasSizeLessThanOrEqualTo(120);
    }

    @ParameterizedTest
    @MethodSource("runs")
    void noStringTheReportPrintsCarriesADateButTheRunsOwnAndTheVersions(Path run) {
        String md = markdown(run);
        String asOf = md.lines().filter(l -> l.startsWith("As of ")).findFirst().orElseThrow();
        String printed = md.replace(asOf, "")
                .replace(section(md, "Engines and versions"), "")
                .replace(ReferenceFigures.load().citation(), "the reference") // the cited write-up's own title
                .replaceAll("`docs/[^`]*`", "a kept run"); // a kept run's folder may be named by its day

        List<String> dated = printed.lines().filter(l -> DATE.matcher(l).find()).toList();
        assertThat(dated).as("lines with a date in the report of %s", run).isEmpty();
    }

    @Test
    void noEngineDescriptorCarriesADateOrAMeasurementDiary() {
        for (EngineDescriptor d : Engines.ALL) {
            List<String> texts = new ArrayList<>(List.of(d.title(), d.storeFiles(), d.count(), d.put()));
            for (Setting s : Setting.values()) {
                texts.add(d.durability(s).how());
            }
            d.unavailable().ifPresent(texts::add);
            assertThat(texts).as("what %s's descriptor prints", d.id())
                    .noneMatch(t -> DATE.matcher(t).find() || t.contains("strace,"));
        }
    }

    @ParameterizedTest
    @MethodSource("runs")
    void everyLinkToTheEnginesNotebookFindsItsSection(Path run) throws IOException {
        Set<String> anchors = new HashSet<>();
        for (String line : Files.readAllLines(NOTEBOOK, StandardCharsets.UTF_8)) {
            if (line.startsWith("#")) {
                // GitHub's anchors: lower case, punctuation dropped, spaces as dashes
                anchors.add(line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "")
                        .replace(' ', '-'));
            }
        }
        Matcher links = Pattern.compile("\\]\\(([^)#]*engines\\.md)#([^)]+)\\)").matcher(markdown(run));
        while (links.find()) {
            assertThat(run.resolve(links.group(1)).normalize().toAbsolutePath())
                    .as("the link %s", links.group()).isEqualTo(NOTEBOOK.toAbsolutePath().normalize())
                    .exists();
            assertThat(anchors).as("the anchor of %s", links.group()).contains(links.group(2));
        }
    }

    static Stream<Path> keptRuns() throws IOException {
        try (Stream<Path> kept = Files.walk(KEPT)) {
            return kept.filter(p -> p.getFileName().toString().equals(MarkdownReport.NAME)).map(Path::getParent)
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("keptRuns")
    void everyKeptRunRendersToItsCommittedReport(Path run) throws IOException {
        String committed = Files.readString(run.resolve(MarkdownReport.NAME), StandardCharsets.UTF_8);

        assertThat(markdown(run))
                .as("%s rendered again (tools.Render with docs/runs renders every kept run in place: docs/runs.md)", run)
                .isEqualTo(committed);
    }

    @ParameterizedTest
    @MethodSource("runs")
    void everyRelativeLinkFindsItsFileFromWhereTheReportIsWritten(Path run) {
        Matcher links = LINK.matcher(markdown(run));
        List<String> broken = new ArrayList<>();
        while (links.find()) {
            String target = links.group(1);
            if (!target.isEmpty() && !target.matches("^[a-z]+:.*") && !Files.exists(run.resolve(target))) {
                broken.add(links.group());
            }
        }
        assertThat(broken).as("links in the report of %s that resolve to nothing from %s", run, run).isEmpty();
    }

    @Test
    void reportHtmlShowsItsHeadlineChartBeforeItsFirstTable() throws Exception {
        for (Path run : runs().toList()) {
            String html = new HtmlReport(report(run)).render();
            int svg = html.indexOf("<svg");
            assertThat(svg).as("an <svg> in the report of %s", run).isPositive();
            assertThat(svg).as("the first <svg> before the first <table> in the report of %s", run)
                    .isLessThan(html.indexOf("<table"));
        }
    }
}
