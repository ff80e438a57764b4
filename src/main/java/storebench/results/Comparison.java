package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** One column's A/B comparison as its lines hold it: its end and its runs, from which B/A is computed where shown. */
public record Comparison(Column column, AgainstLine end, List<AgainstRunLine> runs) {
    /** What a comparison that has runs but no end says it stopped for. */
    public static final String UNFINISHED = "not: the comparison did not end (its trial failed or the run was stopped)";

    static List<Comparison> of(List<JsonNode> ends, List<JsonNode> runLines) {
        return Stream.concat(runLines.stream(), ends.stream()).map(Column::of).distinct().map(column -> {
            List<AgainstRunLine> runs = runLines.stream().filter(l -> Column.of(l).equals(column))
                    .map(AgainstRunLine::of).toList();
            return new Comparison(column, ends.stream().filter(l -> Column.of(l).equals(column)).map(AgainstLine::of)
                    .reduce((first, last) -> last).orElseGet(() -> unfinished(runs)), runs);
        }).toList();
    }

    /** The end of a comparison whose runs were written but not its end line: what its runs say. */
    private static AgainstLine unfinished(List<AgainstRunLine> runs) {
        String a = runs.stream().filter(r -> !r.isB()).map(AgainstRunLine::ran).findFirst().orElse("");
        String b = runs.stream().filter(AgainstRunLine::isB).map(AgainstRunLine::ran).findFirst().orElse("");
        int pairs = runs.stream().mapToInt(AgainstRunLine::pair).max().orElse(0);
        // a version is compared on A's pool, a setting on its own (Trial): the sides' settings tell which
        boolean samePool = a.replaceFirst(".* under ", "").equals(b.replaceFirst(".* under ", ""));
        return new AgainstLine(new AgainstLine.Asked(samePool ? AgainstLine.VERSION : AgainstLine.SETTING, b, 0),
                new AgainstLine.Ran(a, b, samePool, AgainstLine.Ran.ONE_AFTER_THE_OTHER, null), Map.of(), pairs, UNFINISHED);
    }

    /** The statistics the runs have a figure of, in the order of the first run's figures. */
    public List<String> stats() {
        return runs.stream().flatMap(r -> r.figures().keySet().stream()).distinct().toList();
    }

    /** Each side's figures of a statistic, by pair, over the pairs that have both. */
    public Map<String, List<Double>> paired(String stat) {
        Map<Integer, Double> a = new LinkedHashMap<>();
        Map<Integer, Double> b = new LinkedHashMap<>();
        for (AgainstRunLine r : runs) {
            Double v = r.figures().get(stat);
            if (v != null) {
                (r.isB() ? b : a).put(r.pair(), v);
            }
        }
        List<Integer> both = a.keySet().stream().filter(b::containsKey).toList();
        return Map.of(AgainstRunLine.A, both.stream().map(a::get).toList(), AgainstRunLine.B,
                both.stream().map(b::get).toList());
    }

    /** B/A of a statistic with its interval; empty with fewer than two pairs or a figure that is not positive. */
    public Optional<PairedRatio> ratio(String stat) {
        Map<String, List<Double>> p = paired(stat);
        List<Double> a = p.get(AgainstRunLine.A);
        List<Double> b = p.get(AgainstRunLine.B);
        if (a.size() < 2 || a.stream().anyMatch(v -> !(v > 0)) || b.stream().anyMatch(v -> !(v > 0))) {
            return Optional.empty();
        }
        return Optional.of(PairedRatio.of(a, b));
    }

    /** The median of one side's figures of a statistic over the complete pairs (NaN where there are none). */
    public double median(String side, String stat) {
        List<Double> v = paired(stat).get(side);
        return v.isEmpty() ? Double.NaN : RunStats.median(v);
    }
}
