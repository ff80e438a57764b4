package storebench.report.render;

import org.jfree.chart.JFreeChart;
import org.jfree.svg.MeetOrSlice;
import org.jfree.svg.PreserveAspectRatio;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

import java.awt.Rectangle;

/** A JFreeChart drawn into an inline {@code <svg>} element (JFreeSVG): text stays text, nothing is rasterized. */
final class ChartSvg {
    private ChartSvg() {
    }

    /** The chart as a scaling {@code <svg>}; {@code id}, unique in the page, prefixes its clip paths so none clash. */
    static String render(JFreeChart chart, int width, int height, String id, String title) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setDefsKeyPrefix(id + "-");
        // two decimals are a hundredth of a pixel: the default 17 digits would triple the page's size
        g.setGeomDoubleConverter(ChartSvg::number);
        g.setTransformDoubleConverter(ChartSvg::number);
        chart.draw(g, new Rectangle(0, 0, width, height));
        String svg = g.getSVGElement(id, false, new ViewBox(0, 0, width, height), PreserveAspectRatio.XMID_YMID,
                MeetOrSlice.MEET);
        int open = svg.indexOf('>', svg.indexOf("<svg")) + 1;
        return svg.substring(0, open - 1) + " role=\"img\" aria-label=\"" + HtmlPage.esc(title) + "\">"
                + "<title>" + HtmlPage.esc(title) + "</title>" + svg.substring(open);
    }

    /** A coordinate with at most two decimals and no trailing zeros: 387.5, 12.1, 0. */
    static String number(double v) {
        long hundredths = Math.round(v * 100);
        if (hundredths % 100 == 0) {
            return Long.toString(hundredths / 100);
        }
        String sign = hundredths < 0 ? "-" : "";
        long abs = Math.abs(hundredths);
        String frac = String.format(java.util.Locale.ROOT, "%02d", abs % 100);
        return sign + abs / 100 + "." + (frac.endsWith("0") ? frac.substring(0, 1) : frac);
    }
}
