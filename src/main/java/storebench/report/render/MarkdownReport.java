package storebench.report.render;

import storebench.report.model.Block;
import storebench.report.model.Report;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** report.md: the {@link Report} as Markdown (tables of figures only: their spreads are report.html's). */
public final class MarkdownReport {
    public static final String NAME = "report.md";

    private final Report report;

    public MarkdownReport(Report report) {
        this.report = report;
    }

    /** Writes report.md of a run's folder from its report; returns its path. */
    public static Path write(Path runDir, Report report) throws IOException {
        Path out = runDir.resolve(NAME);
        Files.writeString(out, new MarkdownReport(report).render(), StandardCharsets.UTF_8);
        return out;
    }

    public String render() {
        List<Block> blocks = new ArrayList<>();
        blocks.add(report.title());
        blocks.addAll(report.preamble());
        report.findings().forEach(s -> blocks.addAll(s.all()));
        report.details().forEach(s -> blocks.addAll(s.all()));
        report.gate().ifPresent(s -> blocks.addAll(s.all()));
        return render(blocks);
    }

    /** Blocks as Markdown, a blank line after each but a code block (report.md ends at its closing fence). */
    public static String render(List<Block> blocks) {
        StringBuilder md = new StringBuilder();
        for (Block block : blocks) {
            if (md.length() > 0 && !md.toString().endsWith("\n\n")) {
                md.append('\n');
            }
            block(md, block);
        }
        return md.toString();
    }

    private static void block(StringBuilder md, Block block) {
        if (block instanceof Block.Heading h) {
            md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
        } else if (block instanceof Block.Paragraph p) {
            md.append(inline(p.text())).append("\n\n");
        } else if (block instanceof Block.BulletList l) {
            l.items().forEach(item -> md.append("- ").append(inline(item)).append('\n'));
            md.append('\n');
        } else if (block instanceof Block.NumberedList l) {
            for (int k = 0; k < l.items().size(); k++) {
                md.append(k + 1).append(". ").append(inline(l.items().get(k))).append('\n');
            }
            md.append('\n');
        } else if (block instanceof Block.Table t) {
            table(md, t);
        } else if (block instanceof Block.CodeBlock c) {
            md.append("```\n");
            c.lines().forEach(line -> md.append(line).append('\n'));
            md.append("```\n");
        } else if (block instanceof StatsTable t) { // the figures, "–" or "failed"; no spreads
            table(md, Block.Table.ofFigures(Text.row("", t.columns().stream().map(StatsTable.Column::title).toList()),
                    t.rows().stream().map(r -> Text.row(r.label(), r.cells().stream().map(StatsTable.Cell::text)
                            .toList())).toList()));
        }
    }

    /** A table, then a blank line. */
    public static void table(StringBuilder md, Block.Table t) {
        row(md, t.header());
        md.append('|');
        t.align().forEach(a -> md.append(a == Block.Align.RIGHT ? " ---: |" : " --- |"));
        md.append('\n');
        t.rows().forEach(r -> row(md, r));
        md.append('\n');
    }

    /** "| a | b |"; a "|" in a cell is escaped, a line break becomes a space. */
    private static void row(StringBuilder md, List<Text> cells) {
        md.append('|');
        cells.forEach(c -> md.append(' ').append(inline(c).replace("|", "\\|").replace("\n", " ")).append(" |"));
        md.append('\n');
    }

    /** Inline text: `code`, **strong** and [links](href). */
    public static String inline(Text text) {
        StringBuilder md = new StringBuilder();
        for (Text.Span s : text.spans()) {
            switch (s.style()) {
                case CODE -> md.append('`').append(s.text()).append('`');
                case STRONG -> md.append("**").append(s.text()).append("**");
                case LINK -> md.append('[').append(s.text()).append("](").append(s.href()).append(')');
                default -> md.append(s.text());
            }
        }
        return md.toString();
    }
}
