package storebench.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A chart a phase adds to report.html for one setting (PhaseReading.curves): a line per engine, linear axes from 0.
 *
 * @param title   what it shows ("Resident memory against stores open"); the report adds the setting
 * @param caption what a reader needs to read it; backquoted parts are set as code
 * @param series  engine id to its points {x, y}, in column order; engines without points are left out
 */
public record Curve(String title, String xLabel, String axisLabel, String caption,
                    Map<String, List<double[]>> series) {
    /** Each engine's points, in the engines' order; an engine without points is left out. */
    public static Map<String, List<double[]>> series(List<String> engines, Function<String, List<double[]>> points) {
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (String e : engines) {
            List<double[]> of = points.apply(e);
            if (!of.isEmpty()) {
                series.put(e, of);
            }
        }
        return series;
    }
}
