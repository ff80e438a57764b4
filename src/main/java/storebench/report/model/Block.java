package storebench.report.model;

import java.util.List;

/** A block of the report model: what report.md and report.html both show, each renderer in its own syntax. */
public sealed interface Block permits Block.Heading, Block.Paragraph, Block.BulletList, Block.NumberedList,
        Block.Table, Block.CodeBlock, StatsTable {

    /** How a table column's cells are aligned. */
    enum Align { LEFT, RIGHT }

    /** A heading (1: the title, 2: a section, 3: a part); {@code id} is the HTML page's anchor. */
    record Heading(int level, String text, String id) implements Block {
        /** A heading anchored at its text's slug ("1,000 stores per engine, defaults": 1-000-stores-per-engine-defaults). */
        public static Heading of(int level, String text) {
            return new Heading(level, text, Titles.slug(text));
        }
    }

    record Paragraph(Text text) implements Block {
        public static Paragraph of(String plain) {
            return new Paragraph(Text.of(plain));
        }
    }

    /** A bulleted list; an empty one keeps its blank line in report.md (under a table without notes). */
    record BulletList(List<Text> items) implements Block {
        public BulletList {
            items = List.copyOf(items);
        }
    }

    record NumberedList(List<Text> items) implements Block {
        public NumberedList {
            items = List.copyOf(items);
        }
    }

    /** A table: header, each column's alignment (right for figures), rows named by their first cell. */
    record Table(List<Text> header, List<Align> align, List<List<Text>> rows) implements Block {
        public Table {
            if (align.size() != header.size()) {
                throw new IllegalArgumentException("a table of " + header.size() + " columns needs " + header.size()
                        + " alignments, not " + align.size());
            }
            header = List.copyOf(header);
            align = List.copyOf(align);
            rows = rows.stream().map(List::copyOf).toList();
        }

        /** A table aligned as {@code align} spells it, a letter a column: L left, R right ("LRRL"). */
        public static Table of(List<Text> header, String align, List<List<Text>> rows) {
            return new Table(header, align.chars().mapToObj(c -> c == 'R' ? Align.RIGHT : Align.LEFT).toList(), rows);
        }

        /** A table whose first column names the rows and whose other columns are figures, right-aligned. */
        public static Table ofFigures(List<Text> header, List<List<Text>> rows) {
            return of(header, "L" + "R".repeat(header.size() - 1), rows);
        }
    }

    /** Preformatted lines: a command to copy, for one. */
    record CodeBlock(List<String> lines) implements Block {
        public CodeBlock {
            lines = List.copyOf(lines);
        }
    }
}
