package storebench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown that report.md is written in, as HTML: headings, paragraphs, "-" and "1." lists, pipe tables,
 * fenced code, `code` and **bold**. That small subset is all MarkdownReport writes, so report.html can show
 * report.md's sentences, notes and caveats word for word instead of a second copy of their logic.
 */
final class HtmlMarkdown {
    private static final Pattern HEADING = Pattern.compile("^(#{1,6}) (.*)$");
    private static final Pattern ORDERED = Pattern.compile("^\\d+\\. (.*)$");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");

    private HtmlMarkdown() {
    }

    /** Markdown lines to HTML. */
    static String toHtml(List<String> lines) {
        StringBuilder html = new StringBuilder();
        int k = 0;
        while (k < lines.size()) {
            String line = lines.get(k);
            Matcher h = HEADING.matcher(line);
            if (line.isBlank()) {
                k++;
            } else if (line.startsWith("```")) {
                html.append("<pre><code>");
                k++;
                while (k < lines.size() && !lines.get(k).startsWith("```")) {
                    html.append(HtmlPage.esc(lines.get(k))).append('\n');
                    k++;
                }
                html.append("</code></pre>\n");
                k++;
            } else if (h.matches()) {
                int level = h.group(1).length();
                html.append("<h").append(level).append(" id=\"").append(HtmlPage.slug(h.group(2))).append("\">")
                        .append(inline(h.group(2))).append("</h").append(level).append(">\n");
                k++;
            } else if (line.startsWith("|")) {
                List<String> block = new ArrayList<>();
                while (k < lines.size() && lines.get(k).startsWith("|")) {
                    block.add(lines.get(k++));
                }
                table(html, block);
            } else if (line.startsWith("- ") || ORDERED.matcher(line).matches()) {
                boolean ordered = !line.startsWith("- ");
                html.append(ordered ? "<ol>\n" : "<ul>\n");
                while (k < lines.size() && isItem(lines.get(k), ordered)) {
                    String text = ordered ? ORDERED.matcher(lines.get(k)).replaceFirst("$1") : lines.get(k).substring(2);
                    k++;
                    // an item's indented continuation lines belong to it
                    while (k < lines.size() && lines.get(k).startsWith("  ") && !lines.get(k).isBlank()) {
                        text += " " + lines.get(k++).trim();
                    }
                    html.append("<li>").append(inline(text)).append("</li>\n");
                }
                html.append(ordered ? "</ol>\n" : "</ul>\n");
            } else {
                StringBuilder text = new StringBuilder(line);
                k++;
                while (k < lines.size() && !lines.get(k).isBlank() && !startsBlock(lines.get(k))) {
                    text.append(' ').append(lines.get(k++));
                }
                html.append("<p>").append(inline(text.toString())).append("</p>\n");
            }
        }
        return html.toString();
    }

    private static boolean isItem(String line, boolean ordered) {
        return ordered ? ORDERED.matcher(line).matches() : line.startsWith("- ");
    }

    private static boolean startsBlock(String line) {
        return line.startsWith("```") || line.startsWith("|") || line.startsWith("- ")
                || HEADING.matcher(line).matches() || ORDERED.matcher(line).matches();
    }

    /** A pipe table: header row, alignment row, body rows; "---:" columns are right-aligned numbers. */
    private static void table(StringBuilder html, List<String> block) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : block) {
            rows.add(cells(line));
        }
        List<String> header = rows.get(0);
        List<String> align = rows.size() > 1 && rows.get(1).stream().allMatch(c -> c.matches(":?-+:?"))
                ? rows.get(1) : List.of();
        int bodyFrom = align.isEmpty() ? 1 : 2;
        html.append("<div class=\"table-wrap\"><table>\n<thead><tr>");
        header.forEach(c -> html.append("<th>").append(inline(c)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows.subList(bodyFrom, rows.size())) {
            html.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                boolean right = c < align.size() && align.get(c).endsWith(":");
                if (c == 0) {
                    html.append("<th scope=\"row\">").append(inline(row.get(c))).append("</th>");
                } else {
                    html.append(right ? "<td class=\"num\">" : "<td>").append(inline(row.get(c))).append("</td>");
                }
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }

    /** The cells of a pipe table row, trimmed ("| a | b |" gives a, b). */
    static List<String> cells(String line) {
        String inner = line.trim();
        inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String c : inner.split("\\|", -1)) {
            cells.add(c.trim());
        }
        return cells;
    }

    /** Inline markup: escapes the text, then `code` and **bold**. */
    static String inline(String text) {
        String escaped = HtmlPage.esc(text);
        escaped = CODE.matcher(escaped).replaceAll("<code>$1</code>");
        return BOLD.matcher(escaped).replaceAll("<strong>$1</strong>");
    }
}
