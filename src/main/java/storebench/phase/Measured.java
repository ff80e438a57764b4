package storebench.phase;

import storebench.results.Stat;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one phase measured for one trial: each statistic's figure (the median of the runs, where it has runs). */
public final class Measured {
    private final Phase phase;
    private final Map<Stat, Double> figures = new LinkedHashMap<>();
    private final Map<Stat, List<Double>> runs = new LinkedHashMap<>();

    public Measured(Phase phase) {
        this.phase = phase;
    }

    public Phase phase() {
        return phase;
    }

    Measured put(Stat stat, double value) {
        figures.put(stat, value);
        return this;
    }

    Measured put(Stat stat, double value, List<Double> runFigures) {
        figures.put(stat, value);
        runs.put(stat, List.copyOf(runFigures));
        return this;
    }

    /** Records every figure (results.jsonl), in the order they were put; returns this. */
    Measured recordTo(PhaseResults results) throws IOException {
        for (Map.Entry<Stat, Double> e : figures.entrySet()) {
            results.stat(e.getKey(), e.getValue(), runs(e.getKey()));
        }
        return this;
    }

    /** The run figures of a statistic with runs; empty for a one-pass figure. */
    public List<Double> runs(Stat stat) {
        return runs.getOrDefault(stat, List.of());
    }

    public double value(Stat stat) {
        Double v = figures.get(stat);
        if (v == null) {
            throw new IllegalArgumentException(phase.id() + " yielded no " + stat.id() + " (it yielded "
                    + figures.keySet() + ")");
        }
        return v;
    }

    public boolean has(Stat stat) {
        return figures.containsKey(stat);
    }

    public Map<Stat, Double> figures() {
        return Collections.unmodifiableMap(figures);
    }
}
