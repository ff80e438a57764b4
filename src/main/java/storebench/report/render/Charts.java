package storebench.report.render;

import storebench.report.model.ChartPercentiles;

import storebench.engine.Engines;

import static storebench.report.model.Titles.engineTitle;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleFunction;
import java.util.stream.Stream;

/** The report's charts, built with JFreeChart: a percentile plot per setting and bar charts of medians. */
final class Charts {
    static final int WIDTH = 660;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Color GRID = new Color(0xC9, 0xCE, 0xD6);
    private static final Color MINOR_GRID = new Color(0xEC, 0xEE, 0xF2);
    /** Latencies are plotted from 1 ns up: log10 of 0 does not exist. */
    private static final double SMALLEST_MS = 1e-6;

    static {
        // JFreeChart's workaround for an old screen-drawing bug turns rotated labels into outlines; SVG rotates text
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }
    /** One colour per setting in the bar charts. */
    private static final Color[] SETTING_COLORS = {new Color(0x3B, 0x6E, 0xA8), new Color(0xF2, 0x8E, 0x2B),
        new Color(0x59, 0xA1, 0x4F), new Color(0xB0, 0x7A, 0xA1)};

    private Charts() {
    }

    /** The engine's own colour (its descriptor's); dark grey for an engine this build does not know. */
    static Color engineColor(String engine) {
        return Engines.find(engine).map(e -> new Color(e.colour())).orElse(Color.DARK_GRAY);
    }

    /**
     * Latency by percentile, a line per engine: x = 1 / (1 - p) on a log axis labelled in percent (HdrHistogram's
     * plotter), y = ms on a log axis. The axes are linear over log10 of the values, so tick labels are plain SVG text.
     *
     * @param series engine id to its distribution, in column order
     */
    static JFreeChart percentiles(String title, Map<String, ChartPercentiles> series) {
        XYSeriesCollection data = new XYSeriesCollection();
        double maxX = 10;
        double minY = Double.MAX_VALUE;
        double maxY = 0;
        for (Map.Entry<String, ChartPercentiles> e : series.entrySet()) {
            XYSeries s = new XYSeries(engineTitle(e.getKey()), false, true);
            for (ChartPercentiles.Point p : e.getValue().points()) {
                double ms = Math.max(p.ms(), SMALLEST_MS);
                s.add(Math.log10(p.x()), Math.log10(ms));
                maxX = Math.max(maxX, p.x());
                minY = Math.min(minY, ms);
                maxY = Math.max(maxY, ms);
            }
            data.addSeries(s);
        }
        int xDecades = (int) Math.ceil(Math.log10(maxX) - 1e-9);
        int yLow = (int) Math.floor(Math.log10(minY == Double.MAX_VALUE ? 0.1 : minY));
        int yHigh = Math.max(yLow + 1, (int) Math.ceil(Math.log10(Math.max(maxY, SMALLEST_MS) * 1.05)));
        NumberAxis x = logAxis("percentile (axis: 1 / (1 − p), log scale)", 0, xDecades, new TickFormat(Charts::percentileTick));
        NumberAxis y = logAxis("latency, ms (log scale)", yLow, yHigh, new TickFormat(Charts::powerOfTenTick));
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        lines.setDrawSeriesLineAsPath(true); // one path per engine, not one element per segment
        XYPlot plot = enginePlot(data, x, y, lines, series.keySet());
        plot.setDomainGridlineStroke(new BasicStroke(1f));
        plot.setRangeGridlineStroke(new BasicStroke(1f));
        minorGrid(0, xDecades, line -> plot.addDomainMarker(line, Layer.BACKGROUND));
        minorGrid(yLow, yHigh, line -> plot.addRangeMarker(line, Layer.BACKGROUND));
        JFreeChart chart = chart(title, plot, true);
        chart.setPadding(new RectangleInsets(2, 2, 2, 22)); // the last tick label ("99.9%") sits on the right edge
        return chart;
    }

    /** A curve per engine, a mark per point, both axes linear from 0. */
    static JFreeChart curves(String title, String xLabel, String yLabel, Map<String, List<double[]>> series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
            XYSeries s = new XYSeries(engineTitle(e.getKey()), false, true);
            for (double[] p : e.getValue()) {
                s.add(p[0], p[1]);
            }
            data.addSeries(s);
        }
        NumberAxis x = new NumberAxis(xLabel);
        NumberAxis y = new NumberAxis(yLabel);
        x.setNumberFormatOverride(NumberFormat.getIntegerInstance(Locale.US));
        y.setNumberFormatOverride(NumberFormat.getIntegerInstance(Locale.US));
        x.setAutoRangeIncludesZero(true);
        y.setAutoRangeIncludesZero(true);
        return chart(title, enginePlot(data, x, y, new XYLineAndShapeRenderer(true, true), series.keySet()), true);
    }

    /** An XY plot with a line per engine in the engine's colour, on the report's white background and grid. */
    private static XYPlot enginePlot(XYSeriesCollection data, NumberAxis x, NumberAxis y, XYLineAndShapeRenderer lines,
                                     Iterable<String> engines) {
        int k = 0;
        for (String engine : engines) {
            lines.setSeriesPaint(k, engineColor(engine));
            lines.setSeriesStroke(k, new BasicStroke(2f));
            k++;
        }
        XYPlot plot = new XYPlot(data, x, y, lines);
        style(plot.getDomainAxis(), plot.getRangeAxis());
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        return plot;
    }

    /** A linear axis over log10 of the values from 10^low to 10^high, one tick per decade. */
    private static NumberAxis logAxis(String label, int low, int high, NumberFormat format) {
        NumberAxis axis = new NumberAxis(label);
        axis.setRange(low, high);
        axis.setTickUnit(new NumberTickUnit(1, format));
        axis.setAutoTickUnitSelection(false);
        axis.setNumberFormatOverride(format);
        return axis;
    }

    /** The 2..9 lines of every decade from 10^from to 10^to, as a log scale's minor grid. */
    private static void minorGrid(int from, int to, java.util.function.Consumer<ValueMarker> add) {
        for (int d = from; d < to; d++) {
            for (int m = 2; m <= 9; m++) {
                add.accept(new ValueMarker(Math.log10(m) + d, MINOR_GRID, new BasicStroke(0.6f)));
            }
        }
    }

    /** Horizontal bars: a group per engine, a bar per setting (values[setting][engine]), each labelled. */
    static JFreeChart bars(String title, String axisLabel, List<String> engines, List<String> settings,
                           Double[][] values, int decimals) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int s = 0; s < settings.size(); s++) {
            for (int e = 0; e < engines.size(); e++) {
                data.addValue(values[s][e], settings.get(s), engineTitle(engines.get(e)));
            }
        }
        NumberAxis value = new NumberAxis(axisLabel);
        value.setUpperMargin(0.18);
        value.setLowerMargin(0.18); // room for the labels of negative bars (a heap that shrank)
        BarRenderer bars = settingBars(settings.size(), 255);
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", numberFormat(decimals)));
        labelsAtBarEnds(bars);
        return horizontal(title, new CategoryPlot(data, categoryAxis(), value, bars), settings.size() > 1);
    }

    /** What marks the reference's engines in the headline chart, after their titles. */
    static final String REFERENCE_MARK = " \u2020";

    /** The headline: a bar per setting at the median, a pale one to the p99, the reference's engines marked. */
    static JFreeChart headline(String title, List<String> engines, List<Boolean> reference, List<String> settings,
                               Double[][] median, Double[][] p99, int decimals) {
        DefaultCategoryDataset medians = new DefaultCategoryDataset();
        DefaultCategoryDataset tails = new DefaultCategoryDataset();
        CategoryAxis categories = categoryAxis();
        for (int s = 0; s < settings.size(); s++) {
            for (int e = 0; e < engines.size(); e++) {
                String category = engineTitle(engines.get(e)) + (reference.get(e) ? REFERENCE_MARK : "");
                medians.addValue(median[s][e], settings.get(s), category);
                tails.addValue(p99[s][e] == null ? median[s][e] : p99[s][e], settings.get(s), category);
                if (reference.get(e)) {
                    categories.setTickLabelFont(category, TICK.deriveFont(Font.BOLD));
                }
            }
        }
        // a log scale: the fastest engines' bars would be slivers beside the slowest's on a linear one
        double smallest = Arrays.stream(median).flatMap(Arrays::stream).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).filter(v -> v > 0).min().orElse(1);
        double floor = Math.pow(10, Math.floor(Math.log10(smallest)));
        LogAxis value = logAxis(floor, median, p99);
        BarRenderer front = settingBars(settings.size(), 255);
        BarRenderer back = settingBars(settings.size(), 80);
        for (BarRenderer bars : List.of(front, back)) {
            bars.setBase(floor); // a log axis has no 0 to start a bar from
            bars.setIncludeBaseInRange(false);
        }
        back.setDefaultItemLabelGenerator(medianAndP99(medians, p99, numberFormat(decimals)));
        labelsAtBarEnds(back);
        for (int s = 0; s < settings.size(); s++) {
            back.setSeriesVisibleInLegend(s, false);
        }
        CategoryPlot plot = new CategoryPlot(medians, categories, value, front);
        plot.setDataset(1, tails);
        plot.setRenderer(1, back);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.REVERSE); // the medians over their p99s
        return horizontal(title, plot, settings.size() > 1);
    }

    /** The headline's axis: ms on a log scale from {@code floor}, a tick per decade. */
    private static LogAxis logAxis(double floor, Double[][] median, Double[][] p99) {
        double largest = Stream.concat(Arrays.stream(median), Arrays.stream(p99)).flatMap(Arrays::stream)
                .filter(Objects::nonNull).mapToDouble(Double::doubleValue).max().orElse(10);
        LogAxis value = new LogAxis("ms per store (log scale)");
        value.setBase(10);
        value.setNumberFormatOverride(new DecimalFormat("#,##0.####", DecimalFormatSymbols.getInstance(Locale.US)));
        // room for the labels right of the longest bar ("25.526 (p99 40.960)"): about a decade
        value.setRange(floor, largest * 12);
        value.setTickUnit(new NumberTickUnit(1)); // a tick per decade: 0.1, 1, 10
        value.setAutoTickUnitSelection(false);
        return value;
    }

    /** The headline's labels: "median (p99 …)" at the end of each p99 bar. */
    private static CategoryItemLabelGenerator medianAndP99(DefaultCategoryDataset medians, Double[][] p99,
                                                           NumberFormat number) {
        return new StandardCategoryItemLabelGenerator() {
            @Override
            public String generateLabel(CategoryDataset data, int row, int column) {
                Number m = medians.getValue(row, column);
                return m == null ? null : number.format(m) + (p99[row][column] == null ? ""
                        : " (p99 " + number.format(p99[row][column]) + ")");
            }
        };
    }

    /** The engines' axis of a bar chart: a group of bars per engine, its title beside it. */
    private static CategoryAxis categoryAxis() {
        CategoryAxis categories = new CategoryAxis(null);
        categories.setCategoryMargin(0.25);
        categories.setLowerMargin(0.04);
        categories.setUpperMargin(0.04);
        categories.setMaximumCategoryLabelWidthRatio(0.35f);
        return categories;
    }

    /** Flat bars, a colour per setting at the given opacity (255: opaque), placed alike in every bar chart. */
    private static BarRenderer settingBars(int settings, int alpha) {
        BarRenderer bars = new BarRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(false);
        bars.setItemMargin(0.05);
        bars.setMaximumBarWidth(0.12);
        for (int s = 0; s < settings; s++) {
            Color c = SETTING_COLORS[s % SETTING_COLORS.length];
            bars.setSeriesPaint(s, new Color(c.getRed(), c.getGreen(), c.getBlue(), alpha));
        }
        return bars;
    }

    /** Each bar's label just beyond its end (left of a negative bar's). */
    private static void labelsAtBarEnds(BarRenderer bars) {
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultItemLabelFont(TICK);
        bars.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        bars.setDefaultNegativeItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE9, TextAnchor.CENTER_RIGHT));
        bars.setItemLabelAnchorOffset(4);
    }

    /** A bar chart laid on its side: engines down the left, values along the bottom, the report's white and grid. */
    private static JFreeChart horizontal(String title, CategoryPlot plot, boolean legend) {
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        style(plot.getDomainAxis(), plot.getRangeAxis());
        return chart(title, plot, legend);
    }

    /** A bar chart's height for its number of engines and settings, so bars keep one thickness. */
    static int barsHeight(int engines, int settings) {
        return 90 + engines * Math.max(34, 16 * settings + 14) + (settings > 1 ? 30 : 0);
    }

    private static void style(org.jfree.chart.axis.Axis... axes) {
        for (org.jfree.chart.axis.Axis a : axes) {
            a.setLabelFont(LABEL);
            a.setTickLabelFont(TICK);
            a.setLabelPaint(new Color(0x40, 0x46, 0x55));
            a.setTickLabelPaint(new Color(0x40, 0x46, 0x55));
            a.setAxisLinePaint(new Color(0x9A, 0xA1, 0xAD));
        }
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot, boolean legend) {
        JFreeChart chart = new JFreeChart(null, TITLE, plot, legend);
        TextTitle t = new TextTitle(title, TITLE);
        t.setPadding(new RectangleInsets(4, 4, 6, 4));
        chart.setTitle(t);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        LegendTitle l = chart.getLegend();
        if (l != null) {
            l.setItemFont(LABEL);
            l.setFrame(org.jfree.chart.block.BlockBorder.NONE);
            l.setPosition(RectangleEdge.BOTTOM);
        }
        return chart;
    }

    private static NumberFormat numberFormat(int decimals) {
        return new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals),
                DecimalFormatSymbols.getInstance(Locale.US));
    }

    /** Labels a tick of a log axis by what its log10 stands for; it formats only. */
    private static final class TickFormat extends NumberFormat {
        private final DoubleFunction<String> label;

        TickFormat(DoubleFunction<String> label) {
            this.label = label;
        }

        @Override
        public StringBuffer format(double log, StringBuffer to, FieldPosition pos) {
            return to.append(label.apply(log));
        }

        @Override
        public StringBuffer format(long log, StringBuffer to, FieldPosition pos) {
            return format((double) log, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("a tick label format only");
        }
    }

    /** log10 of 1 / (1 - p) as its percentile: 0 is "0%", 1 is "90%", 3 is "99.9%". */
    private static String percentileTick(double log) {
        return new DecimalFormat("0.#####", DecimalFormatSymbols.getInstance(Locale.US))
                .format(100.0 * (1.0 - Math.pow(10, -log))) + "%";
    }

    /** log10 of a value as the value: -1 is "0.1", 2 is "100". */
    private static String powerOfTenTick(double log) {
        return new DecimalFormat("#,##0.#####", DecimalFormatSymbols.getInstance(Locale.US))
                .format(Math.pow(10, Math.round(log)));
    }
}
