package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.Engines;
import storebench.engine.RunView;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The run a report describes, read once: run line, engines and settings in order, W and M. */
public record ReportRun(RunResults results, JsonNode run, List<String> engines, List<String> settings, int notesPerStore,
                 int held) implements RunView {
    public ReportRun {
        engines = List.copyOf(engines);
        settings = List.copyOf(settings);
    }

    static ReportRun of(RunResults results) {
        RunLine line = results.runLine();
        return new ReportRun(results, results.run(), columns(results), settings(results), line.scale().notesPerStore(),
                line.scale().hold());
    }

    /** The settings of a run as it asked for them; where its run line does not say, those it has figures under. */
    public static List<String> settings(RunResults results) {
        List<String> settings = new ArrayList<>(results.runLine().asked().settings());
        if (settings.isEmpty()) {
            results.measurements().stream().map(m -> m.setting()).distinct().forEach(settings::add);
        }
        return settings;
    }

    /** The engines of a run in the report's column order (the engines' own), whatever order the run listed them in. */
    public static List<String> columns(RunResults results) {
        List<String> listed = new ArrayList<>(results.runLine().asked().engines());
        if (listed.isEmpty()) {
            results.measurements().stream().map(m -> m.engine()).distinct().forEach(listed::add);
        }
        listed.sort(Comparator.comparingInt(Engines::rank));
        return listed;
    }

    /** An engine's figure of a statistic under a setting, where the run has one. */
    Optional<Double> value(String engine, String setting, String stat) {
        return results.measurement(engine, setting, stat).map(RunResults.Measurement::value);
    }

    Optional<Stat> stat(String id) {
        return results.stat(id);
    }

    @Override
    public String format(String stat, double value) {
        return stat(stat).map(s -> s.format(value)).orElse(Stat.number(value, 3));
    }

    @Override
    public String label(String stat) {
        return stat(stat).map(s -> s.label(notesPerStore, held)).orElse(stat);
    }
}
