package storebench.report;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.report.model.AtAGlance;
import storebench.report.model.Titles;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/** A run's {@link AtAGlance} (what README's result shows), read from its files alone like the report. */
public final class AtAGlanceBuilder {
    private AtAGlanceBuilder() {
    }

    /** The figures of every engine the run measured under {@code setting}, in the report's column order. */
    public static AtAGlance of(RunResults run, String setting) {
        List<String> engines = new ArrayList<>(run.measurements().stream().filter(m -> m.setting().equals(setting))
                .map(m -> m.engine()).distinct().toList());
        if (engines.isEmpty()) {
            throw new IllegalArgumentException("the run has no figures under the setting '" + setting
                    + "'; its settings are " + run.measurements().stream().map(m -> m.setting()).distinct().toList());
        }
        engines.sort(Comparator.comparingInt(Engines::rank));
        List<AtAGlance.Row> rows = new ArrayList<>();
        for (String engine : engines) {
            List<OptionalDouble> values = AtAGlance.COLUMNS.stream().map(c -> run.measurement(engine, setting, c.stat())
                    .map(m -> OptionalDouble.of(m.value())).orElse(OptionalDouble.empty())).toList();
            boolean reference = Engines.find(engine).map(EngineDescriptor::inReference).orElse(false);
            rows.add(new AtAGlance.Row(engine, Titles.engineTitle(engine), reference, values));
        }
        String started = run.runLine().started();
        return new AtAGlance(setting, run.shape(), run.runLine().scale().notesPerStore(),
                started.length() >= 10 ? started.substring(0, 10) : "", rows);
    }
}
