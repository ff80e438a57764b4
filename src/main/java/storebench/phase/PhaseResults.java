package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.measure.HdrLogs;
import storebench.results.ResultsFile;
import storebench.results.Stat;

import java.io.IOException;
import java.util.List;

/** Where a phase's results go (its {@link PhaseRun#results()}): results.jsonl at once, and HdrHistogram logs. */
public interface PhaseResults {
    /** Records a statistic (results.jsonl at once); {@code runs} are the R run figures, empty for a one-pass figure. */
    void stat(Stat stat, double value, List<Double> runs) throws IOException;

    /** A results line of this trial (engine, setting, workload, stores filled in), to fill and {@link #append}. */
    ObjectNode line(String kind);

    void append(ObjectNode line) throws IOException;

    /** Appends a line of this trial written from the record of its kind (storebench.results), which reads it back. */
    default void append(String kind, Record fields) throws IOException {
        append(ResultsFile.with(line(kind), fields));
    }

    /** A "not measured" status line for statistics without a figure here, so that their empty cells say why. */
    void notMeasured(Phase phase, List<Stat> stats, String reason) throws IOException;

    /** Writes an HdrHistogram log of this trial (hdr/engine/setting/name.hlog). */
    void hdrLog(String name, List<HdrLogs.Interval> intervals) throws IOException;

    /** What this trial has recorded so far for a phase (create and disk are recorded when the stores are made). */
    Measured recorded(Phase phase);
}
