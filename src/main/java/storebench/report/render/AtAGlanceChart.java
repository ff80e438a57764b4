package storebench.report.render;

import storebench.model.StatId;
import storebench.report.model.AtAGlance;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import static storebench.report.render.ChartSvg.number;

/**
 * README's chart: oqc per engine, median bar and p99 whisker on a log axis. Written as SVG by hand: JFreeChart lays out
 * with the machine's font metrics, so a kept file could not be checked against a render.
 */
public final class AtAGlanceChart {
    private static final int WIDTH = 780;
    private static final int LABELS = 215;
    private static final int PLOT = 420;
    private static final int ROW = 26;
    private static final int TOP = 58;
    private static final String FONT = "font-family=\"sans-serif\"";
    private static final String MEDIAN = StatId.OQC_MS.id();
    private static final String P99 = StatId.OQC_P99_MS.id();
    /** How the chart prints its figures: as the table's open-query-close column. */
    private static final AtAGlance.Column OQC = AtAGlance.COLUMNS.stream().filter(c -> c.stat().equals(MEDIAN))
            .findFirst().orElseThrow();

    /** How a text is set: its anchor (start, middle or end of it at x), size, weight and colour. */
    private record Style(String anchor, int size, String weight, String fill) {
    }

    private static final Style TITLE = new Style("start", 15, "bold", "#202530");
    /** The line under the title and the legend's. */
    private static final Style CAPTION = new Style("start", 12, "normal", "#404655");
    private static final Style TICK = new Style("middle", 11, "normal", "#404655");
    private static final Style ENGINE = new Style("end", 12, "normal", "#202530");
    private static final Style REFERENCE_ENGINE = new Style("end", 12, "bold", "#202530");
    private static final Style NOT_MEASURED = new Style("start", 11, "normal", "#404655");
    private static final Style FIGURE = new Style("start", 11, "normal", "#202530");

    private AtAGlanceChart() {
    }

    /** The chart as a standalone SVG file's text. */
    public static String svg(AtAGlance figures) {
        List<AtAGlance.Row> rows = figures.rows();
        Axis axis = Axis.over(figures);
        int plotBottom = TOP + rows.size() * ROW;
        int height = plotBottom + 62;
        String title = "Open, query (count), close per store: median and p99";
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(HtmlPage.esc(title)).append("\">\n");
        svg.append("<title>").append(HtmlPage.esc(title)).append("</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        text(svg, 12, 22, TITLE, title);
        text(svg, 12, 42, CAPTION, figures.scope() + "; log scale");
        // the reference's engines: one band behind their rows
        for (int k = 0; k < rows.size(); k++) {
            if (rows.get(k).inReference()) {
                svg.append("<rect x=\"4\" y=\"").append(TOP + k * ROW).append("\" width=\"").append(WIDTH - 8)
                        .append("\" height=\"").append(ROW).append("\" fill=\"#eef3fa\"/>\n");
            }
        }
        grid(svg, axis, plotBottom);
        for (int k = 0; k < rows.size(); k++) {
            row(svg, axis, rows.get(k), TOP + k * ROW);
        }
        legend(svg, plotBottom + 40, figures.shape().runs());
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** A line per decade and per step within it, each decade labelled below the plot. */
    private static void grid(StringBuilder svg, Axis axis, int plotBottom) {
        for (int d = axis.lowDecade; d <= axis.highDecade; d++) {
            for (int m = 1; m <= (d == axis.highDecade ? 1 : 9); m++) {
                double x = axis.x(m * Math.pow(10, d));
                svg.append("<line x1=\"").append(number(x)).append("\" y1=\"").append(TOP).append("\" x2=\"")
                        .append(number(x)).append("\" y2=\"").append(plotBottom).append("\" stroke=\"")
                        .append(m == 1 ? "#c9ced6" : "#eceef2").append("\" stroke-width=\"1\"/>\n");
            }
            text(svg, axis.x(Math.pow(10, d)), plotBottom + 16, TICK, new java.math.BigDecimal(Double.toString(
                    Math.pow(10, d))).stripTrailingZeros().toPlainString() + " ms"); // 0.1 ms, 1 ms, 10 ms
        }
    }

    /** An engine's row at {@code y}: its title, the median's bar, the p99's whisker and both figures. */
    private static void row(StringBuilder svg, Axis axis, AtAGlance.Row r, int y) {
        text(svg, LABELS - 8, y + 17, r.inReference() ? REFERENCE_ENGINE : ENGINE, r.title());
        OptionalDouble median = r.value(MEDIAN);
        OptionalDouble p99 = r.value(P99);
        if (median.isEmpty()) {
            text(svg, LABELS + 4, y + 17, NOT_MEASURED, "not measured");
            return;
        }
        double end = axis.x(median.getAsDouble());
        svg.append("<rect x=\"").append(LABELS).append("\" y=\"").append(y + 6).append("\" width=\"")
                .append(number(Math.max(1, end - LABELS))).append("\" height=\"14\" fill=\"")
                .append(String.format(Locale.ROOT, "#%06x", Charts.engineColor(r.engine()).getRGB() & 0xFFFFFF))
                .append("\"/>\n");
        double labelAt = end;
        if (p99.isPresent()) {
            double whisker = axis.x(p99.getAsDouble());
            svg.append("<path d=\"M").append(number(end)).append(' ').append(y + 13).append('H').append(number(whisker))
                    .append("M").append(number(whisker)).append(' ').append(y + 7).append('V').append(y + 19)
                    .append("\" stroke=\"#202530\" stroke-width=\"1.5\" fill=\"none\"/>\n");
            labelAt = Math.max(end, whisker);
        }
        text(svg, labelAt + 6, y + 17, FIGURE, AtAGlance.text(OQC, median)
                + (p99.isPresent() ? " (p99 " + AtAGlance.text(OQC, p99) + ")" : "") + " ms");
    }

    /** What the band, the bar and the whisker mean, at {@code legend}. */
    private static void legend(StringBuilder svg, int legend, int runs) {
        svg.append("<rect x=\"12\" y=\"").append(legend - 11).append("\" width=\"14\" height=\"14\" fill=\"#eef3fa\""
                + " stroke=\"#c9ced6\"/>\n");
        text(svg, 32, legend, CAPTION, "the reference write-up's engines (bold)");
        svg.append("<path d=\"M292 ").append(legend - 4).append("H312M312 ").append(legend - 10).append('V')
                .append(legend + 2).append("\" stroke=\"#202530\" stroke-width=\"1.5\" fill=\"none\"/>\n");
        text(svg, 318, legend, CAPTION, "bar: median of " + runs + " runs; whisker: p99");
    }

    /** The x of a value on a log axis over whole decades. */
    private record Axis(int lowDecade, int highDecade) {
        /** The decades around every engine's median and p99. */
        static Axis over(AtAGlance figures) {
            double low = Double.MAX_VALUE;
            double high = 0;
            for (AtAGlance.Row r : figures.rows()) {
                for (OptionalDouble v : List.of(r.value(MEDIAN), r.value(P99))) {
                    if (v.isPresent() && v.getAsDouble() > 0) {
                        low = Math.min(low, v.getAsDouble());
                        high = Math.max(high, v.getAsDouble());
                    }
                }
            }
            if (high == 0) {
                throw new IllegalArgumentException("no engine has an open-query-close figure under " + figures.setting());
            }
            int lowDecade = (int) Math.floor(Math.log10(low));
            return new Axis(lowDecade, Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(high))));
        }

        double x(double v) {
            double at = (Math.log10(Math.max(v, Math.pow(10, lowDecade))) - lowDecade) / (highDecade - lowDecade);
            return LABELS + at * PLOT;
        }
    }

    private static void text(StringBuilder svg, double x, double y, Style style, String text) {
        svg.append("<text x=\"").append(number(x)).append("\" y=\"").append(number(y)).append("\" ").append(FONT)
                .append(" font-size=\"").append(style.size()).append("\"");
        if (!style.weight().equals("normal")) {
            svg.append(" font-weight=\"").append(style.weight()).append("\"");
        }
        if (!style.anchor().equals("start")) {
            svg.append(" text-anchor=\"").append(style.anchor()).append("\"");
        }
        svg.append(" fill=\"").append(style.fill()).append("\">").append(HtmlPage.esc(text)).append("</text>\n");
    }
}
