package storebench.report.model;

import java.util.List;
import java.util.Optional;

/**
 * The report of a run, built once from its files by {@link ReportBuilder}: what report.md and report.html show, in
 * their order. {@link MarkdownReport} and {@link HtmlReport} render it; neither reads the run's files.
 *
 * @param findings the opening, the statistics tables, the rankings and the ratios against the reference; the HTML page
 * puts its headline chart under the first, its other charts and verdicts after the last
 * @param details  the profile, what was measured, the caveats, the versions, how to reproduce it
 */
public record Report(Block.Heading title, List<Block> preamble, List<Section> findings, List<Section> details,
                     Optional<Section> gate, Page page) {
    public Report {
        preamble = List.copyOf(preamble);
        findings = List.copyOf(findings);
        details = List.copyOf(details);
    }

    /**
     * What the HTML page shows beyond report.md's sections: verdicts.json in full, environment.json, the charts, the
     * run's folder.
     */
    public record Page(Optional<VerdictsTable> verdicts, Optional<EnvironmentTable> environment, ChartSet charts,
                       String source) {
    }
}
