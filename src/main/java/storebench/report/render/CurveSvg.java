package storebench.report.render;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import storebench.results.Curve;

import java.text.NumberFormat;
import java.util.Locale;

/** A curve (a line per engine) as an inline {@code <svg>}, for pages other than a run's report (CostOverN's). */
public final class CurveSvg {
    private CurveSvg() {
    }

    /** The curve as the report draws a phase's, axis labels with {@code decimals}; {@code id} unique in the page. */
    public static String svg(Curve curve, String id, int decimals) {
        JFreeChart chart = Charts.curves(curve.title(), curve.xLabel(), curve.axisLabel(), curve.series());
        NumberFormat format = NumberFormat.getNumberInstance(Locale.US);
        format.setMaximumFractionDigits(decimals);
        ((NumberAxis) ((XYPlot) chart.getPlot()).getRangeAxis()).setNumberFormatOverride(format);
        return ChartSvg.render(chart, Charts.WIDTH, 380, id, curve.title());
    }
}
