package storebench.report.model;

import java.util.ArrayList;
import java.util.List;

/** Inline text of the report model: plain, code, strong and link spans, each renderer in its own syntax. */
public record Text(List<Span> spans) {
    public enum Style { PLAIN, CODE, STRONG, LINK }

    /** A span of the text; {@code href} only on a link. */
    public record Span(Style style, String text, String href) {
        public Span(Style style, String text) {
            this(style, text, null);
        }
    }

    public Text {
        spans = List.copyOf(spans);
    }

    public static Text of(String plain) {
        return new Text(List.of(new Span(Style.PLAIN, plain)));
    }

    /** Plain texts, one a string: a table's header or row. */
    public static List<Text> list(String... plain) {
        return java.util.Arrays.stream(plain).map(Text::of).toList();
    }

    /** A table's row or header: its first cell, then a cell per string of {@code rest}. */
    public static List<Text> row(String first, List<String> rest) {
        List<Text> row = new ArrayList<>(List.of(of(first)));
        rest.forEach(s -> row.add(of(s)));
        return row;
    }

    public static Text code(String code) {
        return new Text(List.of(new Span(Style.CODE, code)));
    }

    public static Text strong(String strong) {
        return new Text(List.of(new Span(Style.STRONG, strong)));
    }

    /** Text whose backquoted parts are code and {@code [text](href)} parts links, as descriptors write them. */
    public static Text withCodeSpans(String text) {
        List<Span> spans = new ArrayList<>();
        StringBuilder plain = new StringBuilder();
        int at = 0;
        while (at < text.length()) {
            char c = text.charAt(at);
            int close = c == '`' ? text.indexOf('`', at + 1) : c == '[' ? text.indexOf("](", at + 1) : -1;
            int end = c == '[' && close > 0 ? text.indexOf(')', close + 2) : close;
            if (end < 0) {
                plain.append(c);
                at++;
                continue;
            }
            if (plain.length() > 0) {
                spans.add(new Span(Style.PLAIN, plain.toString()));
                plain.setLength(0);
            }
            spans.add(c == '`' ? new Span(Style.CODE, text.substring(at + 1, close))
                    : new Span(Style.LINK, text.substring(at + 1, close), text.substring(close + 2, end)));
            at = end + 1;
        }
        if (plain.length() > 0 || spans.isEmpty()) {
            spans.add(new Span(Style.PLAIN, plain.toString()));
        }
        return new Text(spans);
    }

    /** This text with each link's href passed through {@code where} (a project path made relative to the report). */
    public Text withLinks(java.util.function.UnaryOperator<String> where) {
        return new Text(spans.stream().map(s -> s.style() == Style.LINK ? new Span(Style.LINK, s.text(),
                where.apply(s.href())) : s).toList());
    }

    public Text plus(String plain) {
        return plus(of(plain));
    }

    public Text plusCode(String code) {
        return plus(code(code));
    }

    public Text plusStrong(String strong) {
        return plus(strong(strong));
    }

    public Text plus(Text more) {
        List<Span> all = new ArrayList<>(spans);
        all.addAll(more.spans);
        return new Text(all);
    }

    /** The words without their markup. */
    public String plain() {
        StringBuilder s = new StringBuilder();
        spans.forEach(span -> s.append(span.text()));
        return s.toString();
    }
}
