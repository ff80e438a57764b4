package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;

import storebench.results.OpenStoreMemory;
import storebench.results.RunResults.Measurement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static storebench.report.model.Titles.engineTitle;
import static storebench.report.model.Titles.settingTitle;

/**
 * "Against the reference": its figures came from Python on a workstation, so only its ratios between engines compare:
 * per row, each engine over SQLite there and here, this run's base the SQLite of the engine's own runtime, as the
 * reference's engines all shared Python.
 */
final class AgainstReference {
    /** The reference's rows, in its order; stores per second is create's inverse and load is the machine's. */
    static final List<String> ROWS = List.of(StatId.CREATE_MS.id(), StatId.OPEN_MS.id(), StatId.COUNT_MS.id(),
            StatId.OQC_MS.id(), StatId.OQC_P99_MS.id(), StatId.CLOSE_MS.id(), StatId.MEM_RESIDENT_KB.id(),
            StatId.MEM_ANON_KB.id(), OpenStoreMemory.TOTAL, StatId.DISK_KB.id());
    /** A Python heap is not pre-touched, so the reference's resident growth is its total: our row set beside it. */
    private static final Map<String, String> THERE = Map.of(OpenStoreMemory.TOTAL, StatId.MEM_RESIDENT_KB.id());
    /** The reference's base column. */
    static final String BASE = "sqlite";

    /** Where the lab notebook says why a ratio differs from the reference's by more than 1.5 times. */
    static final String WHY = "docs/engines.md#against-the-reference-why-some-ratios-differ";

    private final ReportRun ctx;
    private final ReferenceFigures reference;
    private final UnaryOperator<String> links;

    AgainstReference(ReportRun ctx, ReferenceFigures reference, UnaryOperator<String> links) {
        this.ctx = ctx;
        this.reference = reference;
        this.links = links;
    }

    /** The section; none where the workload is not the reference's or none of its engines and settings ran. */
    Optional<Section> section() {
        if (!reference.workload().equals(ctx.results().runLine().scale().workload())
                || reference.notesPerStore() != ctx.notesPerStore()) {
            return Optional.empty();
        }
        List<Block> blocks = new ArrayList<>();
        for (String setting : ctx.settings()) {
            if (!reference.has(setting)) {
                continue;
            }
            List<String> engines = ctx.engines().stream().filter(e -> !e.equals(BASE))
                    .filter(e -> reference.figure(setting, e, StatId.OQC_MS.id()).isPresent())
                    .filter(e -> ROWS.stream().anyMatch(stat -> here(setting, e, stat).isPresent()))
                    .toList();
            if (engines.isEmpty()) {
                continue;
            }
            List<List<Text>> rows = new ArrayList<>();
            for (String stat : ROWS.stream().filter(st -> ctx.stat(st).isPresent()).toList()) {
                rows.add(Text.row(ctx.label(stat) + (THERE.containsKey(stat) ? "; the reference's: resident" : ""),
                        engines.stream().map(e -> cell(reference.ratio(setting, e, THERE.getOrDefault(stat, stat)))
                                + " \u2192 " + cell(here(setting, e, stat))).toList()));
            }
            blocks.add(Block.Table.ofFigures(Text.row(settingTitle(setting) + ": reference \u2192 here",
                    engines.stream().map(e -> engineTitle(e)).toList()), rows));
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        blocks.add(0, Block.Paragraph.of("The reference write-up, " + reference.citation() + ", measured "
                + reference.how() + ". Its absolute figures cannot be set beside this run's (another runtime, another"
                + " machine), but its ratios between engines can: each cell is an engine's figure divided by SQLite's"
                + " under the same setting, the reference's first, this run's after the arrow. This run divides by the"
                + " SQLite of the engine's own runtime: the JVM's (sqlite-jdbc) for the JVM engines, SQLite (Node.js)"
                + " for those of the Node worker, as the reference's engines all ran in one Python. The memory total is"
                + " set beside the reference's resident row: a Python process' heap grows into resident memory, as the"
                + " Node worker's does, where a trial JVM's pre-touched heap does not. Above 1: slower or bigger than"
                + " SQLite; \u2013 where a figure is missing."));
        blocks.add(new Block.Paragraph(Text.withCodeSpans("Where a ratio here differs from the reference's by more than"
                + " 1.5 times, the lab notebook says why, with its measurements and commands (the runtime, the"
                + " versions, the machine's cost of mapping and faulting pages, N): [" + WHY + "](" + WHY + ")."
        ).withLinks(links)));
        return Optional.of(new Section(Block.Heading.of(2, "Against the reference"), blocks));
    }

    /** This run's ratio, where the engine and its base were measured on one machine. */
    private Optional<Double> here(String setting, String engine, String stat) {
        String base = VisitCost.base(engine);
        Optional<Measurement> of = ctx.results().measurement(engine, setting, stat);
        Optional<Measurement> by = ctx.results().measurement(base, setting, stat);
        if (of.isEmpty() || by.isEmpty() || by.get().value() <= 0 || !ctx.results().machine(engine, setting)
                .equals(ctx.results().machine(base, setting))) {
            return Optional.empty();
        }
        return Optional.of(of.get().value() / by.get().value());
    }

    private static String cell(Optional<Double> ratio) {
        return ratio.map(Summary::ratio).orElse("\u2013");
    }
}
