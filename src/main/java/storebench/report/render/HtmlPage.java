package storebench.report.render;

import java.util.Locale;

/** What every storebench HTML page shares: escaping, shell, inline style. A page is one file that fetches nothing. */
public final class HtmlPage {
    private HtmlPage() {
    }

    private static final String CSS = String.join("\n",
            ":root { --ink: #1d2330; --muted: #5d6677; --line: #d9dde5; --soft: #f4f6f9; --accent: #2f5f9e;",
            "  --worse: #b42318; --worse-bg: #fdecea; --better: #1e7a3c; --better-bg: #e8f5ec; }",
            "* { box-sizing: border-box; }",
            "body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif;",
            "  color: var(--ink); background: #fff; }",
            "main { max-width: 1360px; margin: 0 auto; padding: 24px 32px 64px; }",
            "h1 { font-size: 28px; margin: 8px 0 4px; }",
            "h2 { font-size: 21px; margin: 40px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }",
            "h3 { font-size: 17px; margin: 24px 0 8px; }",
            "p, li { max-width: 1100px; }",
            "a { color: var(--accent); }",
            "code, pre { font-family: 'DejaVu Sans Mono', ui-monospace, monospace; font-size: 13px; }",
            "code { background: var(--soft); padding: 1px 4px; border-radius: 3px; }",
            "pre { background: var(--soft); padding: 10px 14px; border-radius: 4px; overflow-x: auto; }",
            "pre code { background: none; padding: 0; }",
            "nav.toc { background: var(--soft); border-radius: 6px; padding: 8px 16px; margin: 16px 0; }",
            "nav.toc a { margin-right: 18px; white-space: nowrap; }",
            ".lead { color: var(--muted); }",
            ".table-wrap { overflow-x: auto; }",
            "table { border-collapse: collapse; margin: 8px 0 12px; font-variant-numeric: tabular-nums; }",
            "th, td { border: 1px solid var(--line); padding: 5px 10px; vertical-align: top; }",
            "thead th { background: var(--soft); text-align: center; }",
            "tbody th { text-align: left; font-weight: 600; background: #fafbfc; }",
            "td.num { text-align: right; white-space: nowrap; }",
            "td.none { color: var(--muted); text-align: center; }",
            "td.failed { color: var(--worse); text-align: center; font-weight: 600; }",
            "table.stats tbody th { min-width: 200px; max-width: 260px; }",
            ".spread { display: block; font-size: 12px; color: var(--muted); }",
            "table.kv { width: 100%; max-width: 1100px; }",
            "table.kv th { width: 260px; }",
            "table.moved td:nth-child(1), table.moved td:nth-child(7) { white-space: nowrap; }",
            "table.kv td { word-break: break-word; max-width: 1000px; }",
            ".status-FAIL, .worse { color: var(--worse); background: var(--worse-bg); font-weight: 600; }",
            ".status-PASS, .better { color: var(--better); background: var(--better-bg); }",
            ".status-NOT_EVALUATED { color: var(--muted); }",
            ".status-INCONCLUSIVE { color: var(--ink); font-style: italic; }",
            ".mark { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 3px; margin-left: 4px; }",
            ".ratio { display: block; font-size: 12px; color: var(--muted); white-space: normal; }",
            ".charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 16px 24px; }",
            "figure.chart { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; }",
            "figure.chart svg { display: block; width: 100%; height: auto; }",
            "figure.chart figcaption { font-size: 13px; color: var(--muted); padding: 4px 6px 0; }",
            "details summary { cursor: pointer; color: var(--accent); }",
            "footer { margin-top: 48px; font-size: 13px; color: var(--muted); }");

    /** The whole document: head with the inline style sheet, then the body's HTML inside main. */
    public static String document(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + CSS + "\n</style>\n</head>\n<body>\n<main>\n"
                + body + "</main>\n</body>\n</html>\n";
    }

    /** Escapes text for an element's content or a double-quoted attribute. */
    public static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A percentage for a spread or tolerance: 0.084 becomes "8.4%". */
    public static String percent(double fraction) {
        double p = fraction * 100;
        String text = String.format(Locale.US, p < 10 ? "%.1f" : "%.0f", p);
        return (text.endsWith(".0") ? text.substring(0, text.length() - 2) : text) + "%";
    }
}
