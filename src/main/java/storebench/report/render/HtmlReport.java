package storebench.report.render;

import storebench.report.model.Block;
import storebench.report.model.ChartPercentiles;
import storebench.report.model.ChartSet;
import storebench.report.model.EnvironmentTable;
import storebench.report.model.KeyValue;
import storebench.report.model.Report;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.model.Titles;
import storebench.report.model.VerdictsTable;

import storebench.results.Stat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** report.html: the {@link Report} as one self-contained page, with spreads, runs, charts, verdicts, environment. */
public final class HtmlReport {
    public static final String NAME = "report.html";

    private final Report report;
    /** The page's sections (level 2 headings) in page order, for its table of contents. */
    private final List<Block.Heading> toc = new ArrayList<>();
    private int chartIds;

    public HtmlReport(Report report) {
        this.report = report;
    }

    /** Writes report.html of a run's folder from its report; returns its path. */
    public static Path write(Path runDir, Report report) throws IOException {
        Path out = runDir.resolve(NAME);
        Files.writeString(out, new HtmlReport(report).render(), StandardCharsets.UTF_8);
        return out;
    }

    /** Charts are drawn off screen: no display is needed, or wanted, on a bench machine. */
    public static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    public String render() {
        headless();
        toc.clear();
        chartIds = 0;
        StringBuilder body = new StringBuilder();
        for (int k = 0; k < report.findings().size(); k++) {
            section(body, report.findings().get(k));
            if (k == 0) {
                headline(body); // under the opening sentences, before the first table
            }
        }
        charts(body);
        verdicts(body);
        report.details().forEach(s -> section(body, s));
        environment(body);
        StringBuilder page = new StringBuilder();
        block(page, report.title());
        report.preamble().forEach(b -> block(page, b));
        page.append("<nav class=\"toc\">");
        toc.forEach(h -> page.append("<a href=\"#").append(h.id()).append("\">").append(HtmlPage.esc(h.text()))
                .append("</a> "));
        page.append("</nav>\n").append(body);
        page.append("<footer>Rendered by " + HtmlReport.class.getName() + " from the files of ")
                .append(HtmlPage.esc(report.page().source()))
                .append(" (results.jsonl, environment.json, verdicts.json, hdr/). One self-contained file: no script,"
                        + " nothing fetched when opened.</footer>\n");
        return HtmlPage.document(report.title().text(), page.toString());
    }

    private void section(StringBuilder html, Section section) {
        heading(html, section.heading());
        section.blocks().forEach(b -> block(html, b));
    }

    /** A section's heading, listed in the table of contents. */
    private void heading(StringBuilder html, Block.Heading h) {
        toc.add(h);
        block(html, h);
    }

    private static void block(StringBuilder html, Block block) {
        if (block instanceof Block.Heading h) {
            html.append("<h").append(h.level()).append(" id=\"").append(h.id()).append("\">")
                    .append(HtmlPage.esc(h.text())).append("</h").append(h.level()).append(">\n");
        } else if (block instanceof Block.Paragraph p) {
            html.append("<p>").append(inline(p.text())).append("</p>\n");
        } else if (block instanceof Block.BulletList l) {
            list(html, "ul", l.items());
        } else if (block instanceof Block.NumberedList l) {
            list(html, "ol", l.items());
        } else if (block instanceof Block.Table t) {
            table(html, t);
        } else if (block instanceof Block.CodeBlock c) {
            html.append("<pre><code>");
            c.lines().forEach(line -> html.append(HtmlPage.esc(line)).append('\n'));
            html.append("</code></pre>\n");
        } else if (block instanceof StatsTable t) {
            statsTable(html, t);
        }
    }

    private static void list(StringBuilder html, String tag, List<Text> items) {
        if (items.isEmpty()) {
            return;
        }
        html.append('<').append(tag).append(">\n");
        items.forEach(item -> html.append("<li>").append(inline(item)).append("</li>\n"));
        html.append("</").append(tag).append(">\n");
    }

    /** A table: its first column names the rows; right-aligned columns are figures. */
    private static void table(StringBuilder html, Block.Table t) {
        html.append("<div class=\"table-wrap\"><table>\n<thead><tr>");
        t.header().forEach(c -> html.append("<th>").append(inline(c)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (List<Text> row : t.rows()) {
            html.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                if (c == 0) {
                    html.append("<th scope=\"row\">").append(inline(row.get(c))).append("</th>");
                } else {
                    boolean right = c < t.align().size() && t.align().get(c) == Block.Align.RIGHT;
                    html.append(right ? "<td class=\"num\">" : "<td>").append(inline(row.get(c))).append("</td>");
                }
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }

    /** A statistics table with each open-run figure's spread and run figures, and a line saying what they are. */
    private static void statsTable(StringBuilder html, StatsTable t) {
        html.append("<div class=\"table-wrap\"><table class=\"stats\" data-setting=\"").append(HtmlPage.esc(t.setting()))
                .append('"').append(t.beyondReference() ? " data-columns=\"beyond-reference\"" : "")
                .append(">\n<thead><tr><th></th>");
        for (StatsTable.Column c : t.columns()) {
            html.append("<th data-engine=\"").append(HtmlPage.esc(c.engine())).append("\">")
                    .append(HtmlPage.esc(c.title())).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (StatsTable.Row r : t.rows()) {
            html.append("<tr data-stat=\"").append(r.key()).append("\"><th scope=\"row\">")
                    .append(HtmlPage.esc(r.label())).append("</th>");
            r.cells().forEach(c -> html.append(cell(r.stat(), c)));
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
        if (t.anyRuns()) {
            html.append("<p class=\"lead\">Under each open-run figure: its spread, (max − min) / median of the ")
                    .append(t.runs()).append(" runs' figures (the noise), and below it those figures, run 1 first.</p>\n");
        }
    }

    private static String cell(Stat stat, StatsTable.Cell c) {
        String attrs = " data-engine=\"" + HtmlPage.esc(c.engine()) + "\"";
        if (c.state() != StatsTable.State.MEASURED) { // "failed" or "–", as in report.md
            return "<td class=\"" + (c.state() == StatsTable.State.FAILED ? "failed" : "none") + "\"" + attrs + ">"
                    + c.text() + "</td>";
        }
        StringBuilder td = new StringBuilder("<td class=\"num\"").append(attrs).append('>').append(HtmlPage.esc(c.value()));
        if (c.spread() != null) {
            td.append("<span class=\"spread\">spread ").append(HtmlPage.percent(c.spread())).append("</span>");
        }
        if (!c.runs().isEmpty()) {
            td.append("<span class=\"spread\" title=\"the runs' figures\">").append(runs(stat, c.runs())).append("</span>");
        }
        return td.append("</td>").toString();
    }

    /** The run figures: all of them for a few runs, their range for many. */
    private static String runs(Stat stat, List<Double> runs) {
        if (runs.size() <= 5) {
            return runs.stream().map(r -> Titles.fmt(r, stat.decimals())).collect(Collectors.joining(" "));
        }
        double min = runs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = runs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return Titles.fmt(min, stat.decimals()) + "–" + Titles.fmt(max, stat.decimals());
    }

    /** Inline text: escaped, with {@code <code>}, {@code <strong>} and {@code <a>} spans. */
    public static String inline(Text text) {
        StringBuilder html = new StringBuilder();
        for (Text.Span s : text.spans()) {
            switch (s.style()) {
                case CODE -> html.append("<code>").append(HtmlPage.esc(s.text())).append("</code>");
                case STRONG -> html.append("<strong>").append(HtmlPage.esc(s.text())).append("</strong>");
                case LINK -> html.append("<a href=\"").append(HtmlPage.esc(s.href())).append("\">")
                        .append(HtmlPage.esc(s.text())).append("</a>");
                default -> html.append(HtmlPage.esc(s.text()));
            }
        }
        return html.toString();
    }

    /** The headline chart: open-query-close per engine, median and p99, every setting; the reference's marked. */
    private void headline(StringBuilder html) {
        ChartSet charts = report.page().charts();
        if (charts.headline().isEmpty()) {
            return;
        }
        ChartSet.Headline h = charts.headline().get();
        int settings = charts.settings().size();
        String caption = "Statistics <code>" + ChartSet.MEDIAN + "</code> and <code>" + ChartSet.P99 + "</code>, as in"
                + " the tables" + (settings > 1 ? "; one colour per setting" : "") + "; in bold and marked"
                + HtmlPage.esc(Charts.REFERENCE_MARK) + ": the reference write-up's engines; no bar: not measured.";
        html.append("<div class=\"charts\">\n");
        figure(html, Charts.headline(h.title(), charts.engines(), h.reference(), charts.settings(), h.median(),
                h.p99(), h.decimals()), Charts.barsHeight(charts.engines().size(), settings), h.title(), caption);
        html.append("</div>\n");
    }

    private void charts(StringBuilder html) {
        ChartSet charts = report.page().charts();
        heading(html, Block.Heading.of(2, "Charts"));
        html.append("<h3 id=\"latency-by-percentile\">Open, query, close: latency by percentile</h3>\n<div class=\"charts\">\n");
        for (ChartSet.PercentilePlot plot : charts.percentiles()) {
            if (plot.series().isEmpty() && !plot.damaged().isEmpty()) {
                html.append("<p class=\"worse\">").append(HtmlPage.esc(plot.title())).append(": not drawn, its"
                        + " HdrHistogram logs are damaged: ").append(HtmlPage.esc(String.join("; ", plot.damaged())))
                        .append(".</p>\n");
                continue;
            }
            if (plot.series().isEmpty()) {
                html.append("<p>").append(HtmlPage.esc(plot.title())).append(": no HdrHistogram logs under hdr/.</p>\n");
                continue;
            }
            String caption = "Every visit of the warm open runs, all runs merged (up to "
                    + Titles.fmt(plot.perEngine(), 0) + " per engine), from hdr/&lt;engine&gt;/"
                    + HtmlPage.esc(plot.setting()) + "/" + ChartPercentiles.OQC_LOG + ". Both axes are logarithmic; the"
                    + " last point of a line is the slowest visit."
                    + (plot.missing().isEmpty() ? "" : " Not drawn: " + HtmlPage.esc(String.join(", ", plot.missing()))
                    + ".");
            figure(html, Charts.percentiles(plot.title(), plot.series()), 420, plot.title(), caption);
        }
        html.append("</div>\n");
        int engines = charts.engines().size();
        int settings = charts.settings().size();
        for (ChartSet.BarGroup group : charts.bars()) {
            html.append("<h3 id=\"").append(Titles.slug(group.title())).append("\">").append(HtmlPage.esc(group.title()))
                    .append("</h3>\n<div class=\"charts\">\n");
            for (ChartSet.BarChart bar : group.charts()) {
                Stat stat = bar.stat();
                String caption = "Statistic <code>" + stat.id() + "</code>, as in the tables"
                        + (settings > 1 ? "; one colour per setting" : "") + "; no bar: not measured.";
                figure(html, Charts.bars(bar.title(), switch (stat.unit()) {
                    case MS -> "ms";
                    case KB -> "KB (1,024 bytes)";
                    case COUNT -> stat.countUnit();
                }, charts.engines(), charts.settings(), bar.values(), stat.decimals()),
                        Charts.barsHeight(engines, settings), bar.title(), caption);
            }
            html.append("</div>\n");
        }
        if (!charts.curves().isEmpty()) {
            // headed by the phases that drew them, in the order they ran: "Concurrency and capacity"
            List<String> phases = charts.curves().stream().map(ChartSet.CurvePlot::phase).distinct().toList();
            String heading = String.join(" and ", phases);
            html.append("<h3 id=\"curves\">").append(HtmlPage.esc(Character.toUpperCase(heading.charAt(0))
                    + heading.substring(1))).append("</h3>\n<div class=\"charts\">\n");
            for (ChartSet.CurvePlot curve : charts.curves()) {
                figure(html, Charts.curves(curve.title(), curve.xLabel(), curve.axisLabel(), curve.series()), 380,
                        curve.title(), inline(Text.withCodeSpans(curve.caption())));
            }
            html.append("</div>\n");
        }
    }

    private void figure(StringBuilder html, org.jfree.chart.JFreeChart chart, int height, String title, String caption) {
        String id = "chart-" + (++chartIds);
        html.append("<figure class=\"chart\" id=\"").append(id).append("-figure\">\n")
                .append(ChartSvg.render(chart, Charts.WIDTH, height, id, title))
                .append("\n<figcaption>").append(caption).append("</figcaption>\n</figure>\n");
    }

    /** The gate's verdicts.json as it is: its top-level fields, then one row per verdict with all its fields. */
    private void verdicts(StringBuilder html) {
        heading(html, Block.Heading.of(2, "Regression gate"));
        if (report.page().verdicts().isEmpty()) {
            html.append("<p>No verdicts: the gate wrote no verdicts.json for this run.</p>\n");
            return;
        }
        VerdictsTable verdicts = report.page().verdicts().get();
        if (!verdicts.fields().isEmpty()) {
            html.append("<div class=\"table-wrap\"><table class=\"kv\"><tbody>\n");
            verdicts.fields().forEach(f -> html.append("<tr><th scope=\"row\">").append(HtmlPage.esc(f.key()))
                    .append("</th><td>").append(HtmlPage.esc(f.value())).append("</td></tr>\n"));
            html.append("</tbody></table></div>\n");
        }
        if (verdicts.rows().isEmpty()) {
            html.append("<p>The gate judged no rule.</p>\n");
        } else {
            verdictRows(html, verdicts.columns(), verdicts.rows());
        }
        if (!verdicts.folded().isEmpty()) { // as many as the rules times the engines a run left out: folded away
            html.append("<details class=\"not-evaluated\"><summary>").append(verdicts.folded().size())
                    .append(verdicts.folded().size() == 1 ? " rule" : " rules")
                    .append(" not evaluated (their engine, setting or phase was not in this run)</summary>\n");
            verdictRows(html, verdicts.foldedColumns(), verdicts.folded());
            html.append("</details>\n");
        }
    }

    private static void verdictRows(StringBuilder html, List<String> columns, List<List<VerdictsTable.Cell>> rows) {
        html.append("<div class=\"table-wrap\"><table class=\"verdicts\">\n<thead><tr>");
        columns.forEach(c -> html.append("<th>").append(HtmlPage.esc(c)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (List<VerdictsTable.Cell> row : rows) {
            html.append("<tr>");
            for (VerdictsTable.Cell c : row) {
                String cls = c.status() != null ? " class=\"status-" + Titles.slug(c.status()).toUpperCase(Locale.ROOT)
                        .replace('-', '_') + "\"" : c.number() ? " class=\"num\"" : "";
                html.append("<td").append(cls).append('>').append(HtmlPage.esc(c.text())).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }

    /** environment.json: the machine, the JVM and timer, then each engine's versions and settings. */
    private void environment(StringBuilder html) {
        heading(html, Block.Heading.of(2, "Environment"));
        if (report.page().environment().isEmpty()) {
            html.append("<p>No environment.json in this run.</p>\n");
            return;
        }
        EnvironmentTable env = report.page().environment().get();
        keyValues(html, env.machine());
        for (EnvironmentTable.EngineFields e : env.engines()) {
            html.append("<h3>").append(HtmlPage.esc(e.title())).append(" (<code>").append(HtmlPage.esc(e.engine()))
                    .append("</code>)</h3>\n");
            keyValues(html, e.fields());
        }
    }

    /** A table of named values; a long value folds away behind its first 100 characters. */
    private static void keyValues(StringBuilder html, List<KeyValue> values) {
        html.append("<div class=\"table-wrap\"><table class=\"kv\"><tbody>\n");
        for (KeyValue kv : values) {
            html.append("<tr><th scope=\"row\">").append(HtmlPage.esc(kv.key())).append("</th><td>");
            String text = kv.value();
            if (text.length() > 160) {
                html.append("<details><summary>").append(HtmlPage.esc(text.substring(0, 100))).append(" … (")
                        .append(text.length()).append(" characters)</summary>").append(HtmlPage.esc(text))
                        .append("</details>");
            } else {
                html.append(HtmlPage.esc(text));
            }
            html.append("</td></tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }
}
