package storebench.report.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A run of inline text in the report model: plain, code and strong spans, in order. The Markdown renderer writes
 * code as {@code `code`} and strong as {@code **strong**}, the HTML renderer as {@code <code>} and {@code <strong>}.
 */
public record Text(List<Span> spans) {
    /** How a span is set. */
    public enum Style { PLAIN, CODE, STRONG }

    /** One span of the text. */
    public record Span(Style style, String text) {
    }

    public Text {
        spans = List.copyOf(spans);
    }

    /** Plain text. */
    public static Text of(String plain) {
        return new Text(List.of(new Span(Style.PLAIN, plain)));
    }

    /** Text set as code. */
    public static Text code(String code) {
        return new Text(List.of(new Span(Style.CODE, code)));
    }

    /** Strong text. */
    public static Text strong(String strong) {
        return new Text(List.of(new Span(Style.STRONG, strong)));
    }

    /**
     * Text whose backquoted parts are code: the engine descriptors write their count query and caveats that way
     * ("`box.count()`, a count of the entity's objects"). Nothing else is read as markup.
     */
    public static Text withCodeSpans(String text) {
        List<Span> spans = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int open = text.indexOf('`', at);
            int close = open < 0 ? -1 : text.indexOf('`', open + 1);
            if (close < 0) {
                spans.add(new Span(Style.PLAIN, text.substring(at)));
                break;
            }
            if (open > at) {
                spans.add(new Span(Style.PLAIN, text.substring(at, open)));
            }
            spans.add(new Span(Style.CODE, text.substring(open + 1, close)));
            at = close + 1;
        }
        return new Text(spans);
    }

    /** This text, then plain text. */
    public Text plus(String plain) {
        return plus(of(plain));
    }

    /** This text, then code. */
    public Text plusCode(String code) {
        return plus(code(code));
    }

    /** This text, then strong text. */
    public Text plusStrong(String strong) {
        return plus(strong(strong));
    }

    /** This text, then another. */
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
