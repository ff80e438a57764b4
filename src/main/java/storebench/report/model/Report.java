package storebench.report.model;

import java.util.List;
import java.util.Optional;

/**
 * The report of a run, built once from its files by {@link ReportBuilder}: what report.md and report.html show, in
 * their order. {@link MarkdownReport} and {@link HtmlReport} render it; neither reads the run's files itself.
 *
 * @param title       the report's title (level 1)
 * @param preamble    the lines under the title: when and where it was measured, and whether the run is incomplete
 * @param findings    the opening sentences, the statistics tables (one section per table), the rankings and the
 *                    ratios against the reference; the HTML page puts its headline chart under the first (the
 *                    sentences), its other charts and the gate's verdicts after the last
 * @param details     the profile (if the run has one), what was measured, the caveats, the versions, how to
 *                    reproduce it
 * @param gate        the gate's section of report.md, from verdicts.json; empty where the gate wrote none
 * @param page        what the HTML page shows beyond report.md's sections
 */
public record Report(Block.Heading title, List<Block> preamble, List<Section> findings, List<Section> details,
                     Optional<Section> gate, Page page) {
    public Report {
        preamble = List.copyOf(preamble);
        findings = List.copyOf(findings);
        details = List.copyOf(details);
    }

    /**
     * What the HTML page shows beyond report.md's sections.
     *
     * @param verdicts    verdicts.json as it is, which the page shows in full; empty where there is none
     * @param environment environment.json, which the page lists; empty where there is none
     * @param charts      the page's charts
     * @param source      the run's folder, as the page's footer names it
     */
    public record Page(Optional<VerdictsTable> verdicts, Optional<EnvironmentTable> environment, ChartSet charts,
                       String source) {
    }
}
