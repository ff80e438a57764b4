package storebench.report;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * "The machine": this run's prices (a minor fault, a 100-page mapping, a 4 KiB write and its fdatasync, the yardstick)
 * beside those of the kept run its plan was estimated from, and their ratio; the plan's estimate scaled each phase by
 * the one that matches its work (docs/measuring.md, "The machine"). From the run line's {@code plan.calibration} (the
 * probe at plan time, the kept run's figures) and environment.json ({@code machine}, {@code mapping}).
 */
public final class MachineSection {
    static final String WHERE = "docs/measuring.md#the-machine";
    /** The figures, as environment.json's {@code machine} names them: label, unit, decimals. */
    static final List<String[]> FIGURES = List.of(new String[]{"faultNs", "A minor page fault", "µs", "1000"},
            new String[]{"mapUs", "Mapping, touching and unmapping a 100-page file", "µs", "1"},
            new String[]{"syncMs", "A 4 KiB write and its fdatasync, bench root", "ms", "1"},
            new String[]{"yardMs", "The yardstick (4 KiB file read, 256 KiB memory touched)", "ms", "1"});

    private MachineSection() {
    }

    /** The section; none where the run recorded neither its probe nor a calibration (a run before them). */
    static Optional<Section> of(ReportRun ctx, UnaryOperator<String> links) {
        JsonNode calibration = ctx.run().path("plan").path("calibration");
        JsonNode here = here(ctx.results().environment(), calibration);
        if (here.isEmpty()) {
            return Optional.empty();
        }
        JsonNode kept = calibration.path("kept");
        String keptRun = calibration.path("keptRun").asText("");
        List<List<Text>> rows = new ArrayList<>();
        for (String[] f : FIGURES) {
            double divide = Double.parseDouble(f[3]);
            String h = here.path(f[0]).isNumber() ? Stat.number(here.path(f[0]).asDouble() / divide, 3) + " " + f[2]
                    : "\u2013";
            String k = kept.path(f[0]).isNumber() ? Stat.number(kept.path(f[0]).asDouble() / divide, 3) + " " + f[2]
                    : "not recorded";
            String ratio = here.path(f[0]).isNumber() && kept.path(f[0]).isNumber() && kept.path(f[0]).asDouble() > 0
                    ? "x" + Stat.number(here.path(f[0]).asDouble() / kept.path(f[0]).asDouble(), 2) : "\u2013";
            rows.add(List.of(Text.of(f[1]), Text.of(h), Text.of(k), Text.of(ratio)));
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Paragraph(Text.withCodeSpans("What this machine charges for the kernel's work, probed in"
                + " seconds when the run was planned, beside the same figures of the kept run its plan was estimated"
                + " from" + (keptRun.isEmpty() ? "" : " (`docs/runs/" + keptRun + "`)") + ": the ratio is how much"
                + " dearer this machine is. The plan scaled each phase by the one that matches its work (which one, and"
                + " why): ["
                + WHERE + "](" + WHERE + ").").withLinks(links)));
        blocks.add(new Block.Table(List.of(Text.of(""), Text.of("this run"), Text.of("kept run"), Text.of("ratio")),
                List.of(Block.Align.LEFT, Block.Align.RIGHT, Block.Align.RIGHT, Block.Align.RIGHT), rows));
        mergedMachines(ctx.results().environment()).ifPresent(blocks::addAll);
        return Optional.of(new Section(Block.Heading.of(2, "The machine"), blocks));
    }

    /**
     * A merged run whose parts' machines charged differently (Merge keeps each part's environment.json under
     * {@code sources}): each part's prices, a row per part; empty where they agree or the parts did not probe them.
     */
    static Optional<List<Block>> mergedMachines(JsonNode environment) {
        List<List<Text>> rows = new ArrayList<>();
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (JsonNode source : environment.path("sources")) {
            JsonNode m = source.path("environment").path("machine");
            if (!m.isObject() || m.isEmpty()) {
                continue;
            }
            List<Text> row = new ArrayList<>();
            row.add(Text.of(source.path("machine").asText("?")));
            for (String[] f : FIGURES) {
                row.add(Text.of(m.path(f[0]).isNumber() ? Stat.number(m.path(f[0]).asDouble()
                        / Double.parseDouble(f[3]), 3) + " " + f[2] : "\u2013"));
            }
            distinct.add(row.subList(1, row.size()).stream().map(Text::plain).toList().toString());
            rows.add(row);
        }
        if (distinct.size() < 2) {
            return Optional.empty();
        }
        List<Text> header = new ArrayList<>(List.of(Text.of("merged part's machine")));
        List<Block.Align> align = new ArrayList<>(List.of(Block.Align.LEFT));
        for (String[] f : FIGURES) {
            header.add(Text.of(f[1]));
            align.add(Block.Align.RIGHT);
        }
        return Optional.of(List.of(Block.Paragraph.of("This run was merged from runs on machines that charged"
                + " differently: each part's prices, probed when it was planned."), new Block.Table(header, align,
                rows)));
    }

    /**
     * A machine's prices in one line, for a comparison's table: its probe's, or, for a run before the probe, the fault
     * and mapping its environment.json's {@code mapping} measured ("not probed" where it has neither).
     */
    public static String prices(JsonNode environment) {
        JsonNode m = environment.path("machine");
        if (!m.isObject() || m.isEmpty()) {
            com.fasterxml.jackson.databind.node.ObjectNode old = storebench.results.ResultsFile.JSON.createObjectNode();
            JsonNode fault = environment.path("mapping").path("minorFault").path("medianNs");
            JsonNode map = environment.path("mapping").path("file").path("medianUs");
            if (fault.isNumber()) {
                old.put("faultNs", fault.asDouble());
            }
            if (map.isNumber()) {
                old.put("mapUs", map.asDouble());
            }
            m = old;
        }
        if (m.isEmpty()) {
            return "not probed";
        }
        List<String> parts = new ArrayList<>();
        for (String[] f : FIGURES) {
            if (m.path(f[0]).isNumber()) {
                parts.add(f[0].replaceAll("(Ns|Us|Ms)$", "") + " " + Stat.number(m.path(f[0]).asDouble()
                        / Double.parseDouble(f[3]), 3) + " " + f[2]);
            }
        }
        return String.join(", ", parts);
    }

    /** This run's figures: environment.json's {@code machine}, else the plan's probe. */
    static JsonNode here(JsonNode environment, JsonNode calibration) {
        JsonNode m = environment.path("machine");
        return m.isObject() && !m.isEmpty() ? m : calibration.path("probe");
    }
}
