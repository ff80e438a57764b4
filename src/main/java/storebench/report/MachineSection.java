package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.EnvironmentFile;
import storebench.results.EnvironmentFile.Prices;
import storebench.results.RunLine;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * "The machine": this run's prices beside those of the kept run its plan was estimated from, and their ratio, by which
 * the plan scaled each phase (docs/measuring.md, "The machine"); from the run line's {@code plan.calibration} and
 * environment.json.
 */
public final class MachineSection {
    static final String WHERE = "docs/measuring.md#the-machine";

    /** A machine probe figure: its field in environment.json's {@code machine}, label, unit, divisor, value. */
    record Figure(String field, String label, String unit, double divide, Function<Prices, OptionalDouble> of) {
        /** The figure in its unit, 3 decimals ("1.240 µs"), where measured. */
        Optional<String> shown(Prices prices) {
            OptionalDouble v = of.apply(prices);
            return v.isPresent() ? Optional.of(Stat.number(v.getAsDouble() / divide, 3) + " " + unit)
                    : Optional.empty();
        }
    }

    static final List<Figure> FIGURES = List.of(
            new Figure("faultNs", "A minor page fault", "µs", 1000, Prices::faultNs),
            new Figure("mapUs", "Mapping, touching and unmapping a 100-page file", "µs", 1, Prices::mapUs),
            new Figure("syncMs", "A 4 KiB write and its fdatasync, bench root", "ms", 1, Prices::syncMs),
            new Figure("yardMs", "The yardstick (4 KiB file read, 256 KiB memory touched)", "ms", 1, Prices::yardMs));

    private MachineSection() {
    }

    /** The section; none where the run did not probe the machine (environment.json's {@code machine}). */
    static Optional<Section> of(ReportRun ctx, UnaryOperator<String> links) {
        Optional<RunLine.Calibration> calibration = ctx.results().runLine().plan()
                .flatMap(RunLine.Plan::calibration);
        Optional<Prices> here = ctx.results().environmentFile().costs().probed();
        if (here.isEmpty()) {
            return Optional.empty();
        }
        Prices kept = calibration.map(c -> Prices.of(c.kept())).orElse(Prices.NONE);
        String keptRun = calibration.map(RunLine.Calibration::keptRun).orElse("");
        List<List<Text>> rows = new ArrayList<>();
        for (Figure f : FIGURES) {
            OptionalDouble h = f.of().apply(here.get());
            OptionalDouble k = f.of().apply(kept);
            String ratio = h.isPresent() && k.isPresent() && k.getAsDouble() > 0
                    ? "x" + Stat.number(h.getAsDouble() / k.getAsDouble(), 2) : "\u2013";
            rows.add(List.of(Text.of(f.label()), Text.of(f.shown(here.get()).orElse("\u2013")),
                    Text.of(f.shown(kept).orElse("not recorded")), Text.of(ratio)));
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Paragraph(Text.withCodeSpans("What this machine charges for the kernel's work, probed in"
                + " seconds when the run was planned, beside the same figures of the kept run its plan was estimated"
                + " from" + (keptRun.isEmpty() ? "" : " (`docs/runs/" + keptRun + "`)") + ": the ratio is how much"
                + " dearer this machine is. The plan scaled each phase by the one that matches its work (which one, and"
                + " why): ["
                + WHERE + "](" + WHERE + ").").withLinks(links)));
        blocks.add(Block.Table.ofFigures(Text.list("", "this run", "kept run", "ratio"), rows));
        mergedMachines(ctx.results().environmentFile()).ifPresent(blocks::addAll);
        return Optional.of(new Section(Block.Heading.of(2, "The machine"), blocks));
    }

    /** A merged run whose parts' machines charged differently: a row of prices per part. */
    static Optional<List<Block>> mergedMachines(EnvironmentFile environment) {
        List<List<Text>> rows = new ArrayList<>();
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (EnvironmentFile.Source source : environment.sources()) {
            Optional<Prices> m = source.environment().costs().probed();
            if (m.isEmpty()) {
                continue;
            }
            List<Text> row = Text.row(source.machine(), FIGURES.stream().map(f -> f.shown(m.get()).orElse("\u2013"))
                    .toList());
            distinct.add(row.subList(1, row.size()).stream().map(Text::plain).toList().toString());
            rows.add(row);
        }
        if (distinct.size() < 2) {
            return Optional.empty();
        }
        return Optional.of(List.of(Block.Paragraph.of("This run was merged from runs on machines that charged"
                + " differently: each part's prices, probed when it was planned."), Block.Table.ofFigures(Text.row(
                "merged part's machine", FIGURES.stream().map(Figure::label).toList()), rows)));
    }

    /** A machine's prices in one line for a comparison: its probe's, else its {@code mapping}'s, else "not probed". */
    public static String prices(EnvironmentFile environment) {
        EnvironmentFile.Mapping mapping = environment.costs().mapping();
        Prices m = environment.costs().probed().orElse(new Prices(
                mapping.minorFault().map(f -> OptionalDouble.of(f.medianNs())).orElse(OptionalDouble.empty()),
                mapping.file().map(f -> OptionalDouble.of(f.times().medianUs())).orElse(OptionalDouble.empty()),
                OptionalDouble.empty(), OptionalDouble.empty()));
        if (m.isEmpty()) {
            return "not probed";
        }
        return String.join(", ", FIGURES.stream().flatMap(f -> f.shown(m).map(shown -> f.field()
                .replaceAll("(Ns|Us|Ms)$", "") + " " + shown).stream()).toList());
    }
}
