package storebench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

/**
 * MethodLengthTest's twin for the Node worker: no function (declaration, method or arrow function with a body) in
 * src/main/node (its tests and node_modules aside) is longer than {@value MethodLengthTest#MOST} lines, counted from
 * the line of its name (or its parameters) to the line of its closing brace. The count is made on the source, braces
 * matched once comments, strings and template literals are blanked out; a regular expression literal is read as code,
 * so one with a brace or a quote in it would need a RegExp constructor instead.
 */
class NodeFunctionLengthTest {
    private static final Path NODE = Path.of("src/main/node");
    private static final Set<String> NOT_A_FUNCTION = Set.of("if", "for", "while", "switch", "catch", "with",
            "return", "typeof", "await", "new", "delete", "void", "in", "of");
    /** A closing parenthesis, or an arrow, right before an opening brace. */
    private static final Pattern BEFORE_BODY = Pattern.compile("(\\)|=>)\\s*$");
    private static final int HEADER_REACH = 400;

    @Test
    void noFunctionInTheNodeWorkerIsLongerThanSixtyLines() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Function f : workerFunctions()) {
            if (f.lines() > MethodLengthTest.MOST) {
                tooLong.add(f.toString());
            }
        }
        assertThat(tooLong).as("functions over %d lines in %s (split each into named steps)", MethodLengthTest.MOST,
                NODE).isEmpty();
    }

    @Test
    void countsAFunctionFromItsNameToItsClosingBrace() {
        String source = String.join("\n",
                "'use strict';",                                        // 1
                "// a brace in a comment {",                            // 2
                "function run(a,",                                      // 3
                "             b) {",                                    // 4
                "  if (a > b) {",                                       // 5
                "    const s = '}}} \\' {';",                           // 6
                "    const t = `${a + `{`} } {`;",                      // 7
                "  }",                                                  // 8
                "  /* } */",                                            // 9
                "}",                                                    // 10
                "class A {",                                            // 11
                "  async open(req) {",                                  // 12
                "    return [1].map((x) => {",                          // 13
                "      return { x };",                                  // 14
                "    });",                                              // 15
                "  }",                                                  // 16
                "}",                                                    // 17
                "const ops = {",                                        // 18
                "  count(db) { return db; },",                          // 19
                "};",                                                   // 20
                "const f = async (x) => {",                             // 21
                "};");                                                  // 22
        assertThat(functions("a.js", source)).extracting(Function::name, Function::first, Function::lines)
                .containsExactlyInAnyOrder(tuple("run", 3, 8), tuple("open", 12, 5), tuple("(arrow)", 13, 3),
                        tuple("count", 19, 1), tuple("f", 21, 2));
    }

    /** A function of the worker: its file (relative to src/main/node), name, first line and length. */
    record Function(String file, String name, int first, int lines) {
        @Override
        public String toString() {
            return file + ":" + first + " " + name + " (" + lines + " lines)";
        }
    }

    private static List<Function> workerFunctions() throws IOException {
        List<Function> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(NODE)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".js")).sorted().toList()) {
                String rel = NODE.relativize(f).toString().replace('\\', '/');
                if (!rel.startsWith("node_modules/") && !rel.startsWith("test/")) {
                    all.addAll(functions(rel, Files.readString(f)));
                }
            }
        }
        assertThat(all).as("functions found in %s", NODE).hasSizeGreaterThan(50);
        return all;
    }

    /** The functions of one source file, nested ones too. */
    static List<Function> functions(String file, String source) {
        String code = blank(source);
        List<Function> found = new ArrayList<>();
        Deque<int[]> open = new ArrayDeque<>(); // per open brace: where its function's header starts, or -1
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{') {
                open.push(new int[]{headerAt(code, i)});
            } else if (c == '}' && !open.isEmpty()) {
                int header = open.pop()[0];
                if (header >= 0) {
                    int first = MethodLengthTest.lineOf(code, header);
                    int last = MethodLengthTest.lineOf(code, i);
                    found.add(new Function(file, nameAt(code, header), first, last - first + 1));
                }
            }
        }
        return found;
    }

    /**
     * Where the header of the function whose body opens at {@code brace} starts (its name, or the parameters of an
     * arrow function without one), or -1 where the brace opens a block, an object or a class.
     */
    private static int headerAt(String code, int brace) {
        int from = Math.max(0, brace - HEADER_REACH);
        Matcher m = BEFORE_BODY.matcher(code.substring(from, brace));
        if (!m.find()) {
            return -1;
        }
        boolean arrow = m.group(1).equals("=>");
        int p = skipSpaceBack(code, from + m.start() - (arrow ? 1 : 0));
        if (arrow && code.charAt(p) != ')') {
            return identifierStart(code, p); // x => {
        }
        if (!arrow) {
            p = from + m.start();
        }
        for (int depth = 0; p >= 0; p--) {
            depth += code.charAt(p) == ')' ? 1 : code.charAt(p) == '(' ? -1 : 0;
            if (depth == 0) {
                break;
            }
        }
        if (arrow) {
            return p;
        }
        int end = skipSpaceBack(code, p - 1);
        int start = identifierStart(code, end);
        String name = code.substring(start, end + 1);
        if (name.isEmpty()) {
            return -1;
        }
        return NOT_A_FUNCTION.contains(name) ? -1 : start;
    }

    /** The function's name: its own, or the one it is assigned to ("f" of {@code const f = (x) => {}}), or "(arrow)". */
    private static String nameAt(String code, int header) {
        if (code.charAt(header) != '(' && !code.startsWith("function", header)) {
            String own = code.substring(header, identifierEnd(code, header));
            if (!code.substring(identifierEnd(code, header)).stripLeading().startsWith("=>")) {
                return own;
            }
        }
        int p = skipSpaceBack(code, header - 1);
        if (p >= 4 && code.startsWith("async", p - 4)) {
            p = skipSpaceBack(code, p - 5);
        }
        if (p >= 0 && (code.charAt(p) == '=' || code.charAt(p) == ':') && (p == 0 || code.charAt(p - 1) != '=')) {
            int end = skipSpaceBack(code, p - 1);
            int start = identifierStart(code, end);
            if (start <= end) {
                return code.substring(start, end + 1);
            }
        }
        return code.charAt(header) == '(' ? "(arrow)" : code.substring(header, identifierEnd(code, header));
    }

    private static int identifierStart(String code, int end) {
        int start = end + 1;
        while (start > 0 && isIdentifierPart(code.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    private static int identifierEnd(String code, int start) {
        int end = start;
        while (end < code.length() && isIdentifierPart(code.charAt(end))) {
            end++;
        }
        return end;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int skipSpaceBack(String code, int i) {
        while (i >= 0 && Character.isWhitespace(code.charAt(i))) {
            i--;
        }
        return i;
    }

    /**
     * The source with comments, strings and template literals blanked (their line breaks kept); a template's
     * substitutions ({@code ${...}}) stay code, as they are.
     */
    static String blank(String s) {
        StringBuilder out = new StringBuilder(s);
        Deque<Integer> templates = new ArrayDeque<>(); // per open substitution: its brace depth at the "${"
        int depth = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
            } else if (c == '\'' || c == '"') {
                end = endOfString(s, i, c);
            } else if (c == '`' || c == '}' && !templates.isEmpty() && templates.peek() == depth) {
                if (c == '}') {
                    templates.pop();
                }
                end = endOfTemplatePart(s, i + 1);
                if (end < s.length() && s.charAt(end - 1) == '{') {
                    templates.push(depth); // a substitution opens: code until its closing brace
                    blankRange(out, i + (c == '}' ? 1 : 0), end - 2);
                    i = end;
                    continue;
                }
                blankRange(out, i + (c == '}' ? 1 : 0), end);
                i = end;
                continue;
            } else {
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                i++;
                continue;
            }
            blankRange(out, i, end);
            i = end;
        }
        return out.toString();
    }

    private static void blankRange(StringBuilder out, int from, int to) {
        for (int k = from; k < to && k < out.length(); k++) {
            if (out.charAt(k) != '\n') {
                out.setCharAt(k, ' ');
            }
        }
    }

    private static int endOfString(String s, int start, char quote) {
        int i = start + 1;
        while (i < s.length() && s.charAt(i) != quote && s.charAt(i) != '\n') {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i + 1, s.length());
    }

    /** From inside a template literal: just past its closing backquote, or just past the "${" of a substitution. */
    private static int endOfTemplatePart(String s, int from) {
        int i = from;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '`') {
                return i + 1;
            } else if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                return i + 2;
            } else {
                i++;
            }
        }
        return s.length();
    }
}
