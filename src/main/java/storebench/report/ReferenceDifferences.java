package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.Text;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static storebench.report.model.Titles.engineTitle;

/**
 * The rows of "Against the reference" whose ratio to SQLite differs from the reference's by over 1.5 times, with the
 * counter that differs most: docs/engines.md's table ("Against the reference: why some ratios differ"), written from a
 * kept run by storebench.tools.EnginesFigures.
 */
public final class ReferenceDifferences {
    /** The statistics whose ratios it looks at: the visit and its parts. */
    static final List<String> ROWS = List.of(StatId.OPEN_MS.id(), StatId.COUNT_MS.id(), StatId.CLOSE_MS.id(),
            StatId.OQC_MS.id());

    private ReferenceDifferences() {
    }

    /** The table of a run's {@code setting}; empty where no ratio differs by more than 1.5 times. */
    public static Optional<Block.Table> table(RunResults results, String setting) {
        ReportRun ctx = ReportRun.of(results);
        ReferenceFigures reference = ReferenceFigures.load();
        List<List<Text>> rows = new ArrayList<>();
        boolean counters = false;
        for (String e : ctx.engines()) {
            String base = VisitCost.base(e);
            for (String stat : ROWS) {
                Optional<double[]> r = VisitCost.differing(ctx, reference, setting, e, stat);
                if (r.isEmpty()) {
                    continue;
                }
                Optional<VisitCost.Differing> c = VisitCost.mostDifferent(ctx, setting, e, base);
                counters |= c.isPresent();
                rows.add(List.of(Text.of(engineTitle(e) + (base.equals(AgainstReference.BASE) ? ""
                                : " over " + engineTitle(base)) + ": " + ctx.label(stat)),
                        Text.of(Summary.ratio(r.get()[0])),
                        Text.of(Summary.ratio(r.get()[1]) + " (" + Stat.number(ctx.value(e, setting, stat)
                                .orElseThrow(), 3) + " / " + Stat.number(ctx.value(base, setting, stat)
                                .orElseThrow(), 3) + " ms)"),
                        Text.of(c.map(VisitCost.Differing::said).orElse("\u2013"))));
            }
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        if (!counters) {
            rows.replaceAll(r -> r.subList(0, 3));
        }
        return Optional.of(counters ? Block.Table.of(Text.list("ratio to SQLite", "reference", "kept run",
                "the open runs' counter that differs most"), "LRRL", rows)
                : Block.Table.ofFigures(Text.list("ratio to SQLite", "reference", "kept run"), rows));
    }
}
