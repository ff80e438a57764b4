package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.AgainstLine;
import storebench.results.AgainstRunLine;
import storebench.results.Comparison;
import storebench.results.PairedRatio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static storebench.report.model.Titles.fmt;

/**
 * An A/B comparison (bench.against), a section per compared column: per open-run statistic A's and B's medians over the
 * pairs, B/A with its 95% interval ({@link PairedRatio}), tolerance and decision, and a strip chart of the intervals.
 */
final class AgainstSection {
    /** The strip chart's scale: ratios from 1 - SPAN to 1 + SPAN across WIDTH characters. */
    private static final double SPAN = 0.10;
    private static final int WIDTH = 41;

    private final ReportRun ctx;

    AgainstSection(ReportRun ctx) {
        this.ctx = ctx;
    }

    List<Section> sections() {
        return ctx.results().comparisons().stream().map(this::section).toList();
    }

    /** "3.50.3.0 against the project's version, SQLite under default": the engine by its title, as the columns. */
    private String title(Comparison c) {
        AgainstLine end = c.end();
        String what = end.ofSetting() ? end.what().value().replaceFirst("^setting:", "") + " against "
                + c.column().setting() : end.what().value() + " against the project's version";
        return what + ", " + ctx.title(c.column().engine()) + " under " + c.column().setting();
    }

    private Section section(Comparison c) {
        AgainstLine end = c.end();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.Paragraph.of(String.format(Locale.ROOT, "Side A ran %s, side B %s, in %d pairs of open runs,"
                + " each run in a fresh process after its own warm-up, the sides taking turns A B, B A, B A, A B (and"
                + " again) so that the host's drift falls on both; both runs of a pair visit the stores in one seeded"
                + " order, %s, %s. B/A is the Hodges-Lehmann estimate over the pairs' log ratios, its interval the"
                + " signed-rank 95%% interval (docs/gate.md). Pairs were added until every statistic with a rule was"
                + " decided, from %d pairs on; sampling stopped: %s.%s", end.ran().a(), end.ran().b(), end.pairs(),
                end.ran().samePool() ? "over the same pool of stores" : "each side over its own pool (" + Optional.ofNullable(
                end.ran().ownPool()).orElse("a setting may make its stores differently") + "; two pools made alike"
                + " differed by a steady 2% here)", end.ran().inStep()
                > 0 ? "in step (" + end.ran().inStep() + " visits of one side, then of the other, so that a burst of"
                + " the host's noise falls on both)" : "one run after the other", PairedRatio.LEAST, end.stopped(),
                end.what().slowdown() > 0 ? String.format(Locale.ROOT, " Side B was slowed by %.0f%% on purpose"
                + " (bench.againstSlowdown): the comparison's own check.", end.what().slowdown() * 100) : "")));
        List<List<Text>> rows = new ArrayList<>();
        List<String> strip = new ArrayList<>();
        strip.add(String.format(Locale.ROOT, "%-14s %s", "", axis()));
        for (String stat : c.stats()) {
            Optional<PairedRatio> ratio = c.ratio(stat);
            Double tolerance = end.tolerances().get(stat);
            boolean higherBetter = ctx.results().stat(stat).map(s -> s.higherIsBetter()).orElse(false);
            String verdict = ratio.isEmpty() ? "fewer than two pairs" : tolerance == null ? "no rule"
                    : ratio.get().decide(tolerance, higherBetter).words();
            rows.add(List.of(Text.of(ctx.label(stat)), Text.of(ctx.format(stat, c.median(AgainstRunLine.A, stat))),
                    Text.of(ctx.format(stat, c.median(AgainstRunLine.B, stat))),
                    Text.of(ratio.map(PairedRatio::text).orElse("–")),
                    Text.of(tolerance == null ? "–" : fmt(tolerance * 100, 1) + "%"), Text.of(verdict)));
            ratio.ifPresent(r -> strip.add(String.format(Locale.ROOT, "%-14s %s  %s", stat, bar(r, tolerance),
                    r.text())));
        }
        blocks.add(Block.Table.of(Text.list("statistic", "A (median)", "B (median)", "B/A [95% interval]",
                "tolerance", "verdict"), "LRRRRL", rows));
        blocks.add(Block.Paragraph.of("The intervals against their tolerances (| marks 1 - t and 1 + t where a rule"
                + " gives t, * the ratio, [ ] its interval; the scale runs from " + fmt(1 - SPAN, 2) + " to "
                + fmt(1 + SPAN, 2) + "):"));
        blocks.add(new Block.CodeBlock(strip));
        return new Section(Block.Heading.of(2, title(c)), blocks);
    }

    private static String axis() {
        char[] line = " ".repeat(WIDTH).toCharArray();
        String[] labels = {fmt(1 - SPAN, 2), "1.00", fmt(1 + SPAN, 2)};
        int[] at = {0, WIDTH / 2 - 2, WIDTH - 4};
        for (int i = 0; i < labels.length; i++) {
            for (int k = 0; k < labels[i].length() && at[i] + k < WIDTH; k++) {
                line[at[i] + k] = labels[i].charAt(k);
            }
        }
        return new String(line);
    }

    private static String bar(PairedRatio r, Double tolerance) {
        char[] line = new char[WIDTH];
        java.util.Arrays.fill(line, '.');
        int low = column(r.low());
        int high = column(r.high());
        for (int i = low; i <= high; i++) {
            line[i] = '-';
        }
        line[low] = '[';
        line[high] = ']';
        if (tolerance != null) {
            line[column(1 - tolerance)] = '|';
            line[column(1 + tolerance)] = '|';
        }
        line[column(r.ratio())] = '*';
        return new String(line);
    }

    private static int column(double ratio) {
        double x = (ratio - (1 - SPAN)) / (2 * SPAN) * (WIDTH - 1);
        return (int) Math.max(0, Math.min(WIDTH - 1, Math.round(x)));
    }
}
