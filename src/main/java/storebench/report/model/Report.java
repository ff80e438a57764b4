package storebench.report.model;

import java.util.List;
import java.util.Optional;

/**
 * The report of a run, built once from its files by {@link ReportBuilder}, which {@link MarkdownReport} and {@link
 * HtmlReport} render without reading the run's files.
 *
 * @param findings the opening, the tables, the rankings, the reference's ratios; the HTML page adds its charts and
 * verdicts around them
 */
public record Report(Block.Heading title, List<Block> preamble, List<Section> findings, List<Section> details,
                     Optional<Section> gate, Page page) {
    public Report {
        preamble = List.copyOf(preamble);
        findings = List.copyOf(findings);
        details = List.copyOf(details);
    }

    /** What the HTML page shows beyond report.md: verdicts.json, environment.json, charts, the run's folder. */
    public record Page(Optional<VerdictsTable> verdicts, Optional<EnvironmentTable> environment, ChartSet charts,
                       String source) {
    }
}
