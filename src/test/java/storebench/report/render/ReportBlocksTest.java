package storebench.report.render;

import storebench.report.model.Block;
import storebench.report.model.ChartSet;
import storebench.report.model.Report;
import storebench.report.model.Text;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The report model's blocks as each renderer writes them: the Markdown of report.md and the HTML of report.html. */
class ReportBlocksTest {
    private static final Block.Table TABLE = new Block.Table(List.of(Text.of("engine"), Text.of("a | b")),
            List.of(Block.Align.LEFT, Block.Align.RIGHT),
            List.of(List.of(Text.code("sqlite"), Text.of("1.0\nms")), List.of(Text.of("<x>"), Text.strong("2"))));

    /** A block as report.html writes it: the page of a report whose preamble is that block, cut to the block. */
    private static String html(Block block) {
        Report report = new Report(Block.Heading.of(1, "t"), List.of(block), List.of(), List.of(), Optional.empty(),
                new Report.Page(Optional.empty(), Optional.empty(), new ChartSet(List.of(), List.of(),
                        Optional.empty(), List.of(), List.of(), List.of()), "?"));
        String page = new HtmlReport(report).render();
        return page.substring(page.indexOf("</h1>\n") + "</h1>\n".length(), page.indexOf("<nav class=\"toc\">"));
    }

    @Test
    void backquotedPartsOfAnEnginesTextAreCodeAndNothingElseIsMarkup() {
        assertThat(Text.withCodeSpans("in ObjectBox it is `box.count()`, **not** a `scan").spans()).containsExactly(
                new Text.Span(Text.Style.PLAIN, "in ObjectBox it is "), new Text.Span(Text.Style.CODE, "box.count()"),
                new Text.Span(Text.Style.PLAIN, ", **not** a `scan"));
        assertThat(Text.withCodeSpans("`SELECT count(*) FROM note`").plain()).isEqualTo("SELECT count(*) FROM note");
    }

    @Test
    void aCaveatsLinkToTheNotebookIsALinkThatEachRendererWritesItsWay() {
        Text caveat = Text.withCodeSpans("syncs nothing (measured: [docs/engines.md#rocksdb](docs/engines.md#rocksdb)),"
                + " see `LOG` [sic]").withLinks(href -> "../../" + href);

        assertThat(caveat.spans()).containsExactly(new Text.Span(Text.Style.PLAIN, "syncs nothing (measured: "),
                new Text.Span(Text.Style.LINK, "docs/engines.md#rocksdb", "../../docs/engines.md#rocksdb"),
                new Text.Span(Text.Style.PLAIN, "), see "), new Text.Span(Text.Style.CODE, "LOG"),
                new Text.Span(Text.Style.PLAIN, " [sic]"));
        assertThat(MarkdownReport.inline(caveat)).isEqualTo("syncs nothing (measured:"
                + " [docs/engines.md#rocksdb](../../docs/engines.md#rocksdb)), see `LOG` [sic]");
        assertThat(HtmlReport.inline(caveat)).isEqualTo("syncs nothing (measured: <a"
                + " href=\"../../docs/engines.md#rocksdb\">docs/engines.md#rocksdb</a>), see <code>LOG</code> [sic]");
    }

    @Test
    void markdownSeparatesBlocksByABlankLineAndEndsAtAClosingFence() {
        String md = MarkdownReport.render(List.of(Block.Heading.of(2, "Reproduce"),
                new Block.CodeBlock(List.of("mvn verify")), Block.Heading.of(2, "Regression gate"),
                new Block.Paragraph(Text.strong("Passed").plus(": see ").plusCode("thresholds.yaml").plus("."))));

        assertThat(md).isEqualTo("## Reproduce\n\n```\nmvn verify\n```\n\n## Regression gate\n\n"
                + "**Passed**: see `thresholds.yaml`.\n\n");
        assertThat(MarkdownReport.render(List.of(Block.Heading.of(2, "Reproduce"),
                new Block.CodeBlock(List.of("mvn verify"))))).endsWith("```\nmvn verify\n```\n");
    }

    @Test
    void markdownKeepsTheBlankLineOfAnEmptyListAndNumbersAList() {
        assertThat(MarkdownReport.render(List.of(Block.Paragraph.of("a"), new Block.BulletList(List.of()),
                new Block.NumberedList(List.of(Text.of("one"), Text.of("two")))))).isEqualTo("a\n\n\n1. one\n2. two\n\n");
    }

    @Test
    void markdownTablesAlignFiguresRightAndEscapeTheirCells() {
        assertThat(MarkdownReport.render(List.of(TABLE))).isEqualTo("| engine | a \\| b |\n| --- | ---: |\n"
                + "| `sqlite` | 1.0 ms |\n| <x> | **2** |\n\n");
    }

    @Test
    void htmlTablesNameTheirRowsInTheFirstCellAndMarkFigures() {
        assertThat(html(TABLE)).isEqualTo("<div class=\"table-wrap\"><table>\n<thead><tr><th>engine</th>"
                + "<th>a | b</th></tr></thead>\n<tbody>\n<tr><th scope=\"row\"><code>sqlite</code></th>"
                + "<td class=\"num\">1.0\nms</td></tr>\n<tr><th scope=\"row\">&lt;x&gt;</th>"
                + "<td class=\"num\"><strong>2</strong></td></tr>\n</tbody></table></div>\n");
    }

    @Test
    void htmlEscapesEveryTextAndLeavesAnEmptyListOut() {
        assertThat(html(new Block.Paragraph(Text.of("a < b & `c`").plusCode("<d>")))).isEqualTo(
                "<p>a &lt; b &amp; `c`<code>&lt;d&gt;</code></p>\n");
        assertThat(html(new Block.BulletList(List.of()))).isEmpty();
        assertThat(html(new Block.CodeBlock(List.of("a <b>", "c")))).isEqualTo("<pre><code>a &lt;b&gt;\nc\n</code></pre>\n");
        assertThat(html(Block.Heading.of(3, "Top frames"))).isEqualTo("<h3 id=\"top-frames\">Top frames</h3>\n");
    }

    @Test
    void aTableNeedsAnAlignmentPerColumn() {
        assertThatThrownBy(() -> new Block.Table(List.of(Text.of("a"), Text.of("b")), List.of(Block.Align.LEFT),
                List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a table of 2 columns needs 2 alignments, not 1");
    }
}
