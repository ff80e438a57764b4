package storebench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * No method or constructor in src/main takes more than {@value #MOST} parameters, a record's header (its canonical
 * constructor) included: more are parts that want a record naming them (Verdict's Subject, Figures and Source), not a
 * longer list of positions to get right. Counted on the source, comments and strings blanked, as MethodLengthTest
 * counts lines.
 */
class ParameterCountTest {
    static final int MOST = 7;

    /**
     * Declarations still over {@link #MOST}, as "package/File.java name"; an entry no longer over it fails below, so
     * the list only shrinks.
     */
    static final Set<String> NOT_YET_NARROWED = Set.of();

    private static final Path MAIN = Path.of("src/main/java/storebench");

    @Test
    void noMethodOrConstructorInSrcMainTakesMoreThanSevenParameters() throws IOException {
        List<String> over = new ArrayList<>();
        for (Declaration d : mainDeclarations()) {
            if (d.parameters() > MOST && !NOT_YET_NARROWED.contains(d.key())) {
                over.add(d.toString());
            }
        }
        assertThat(over).as("methods and constructors of more than %d parameters in src/main (pass records that name"
                + " their parts)", MOST).isEmpty();
    }

    @Test
    void everyDeclarationNotYetNarrowedStillTakesTooMany() throws IOException {
        List<String> still = mainDeclarations().stream().filter(d -> d.parameters() > MOST).map(Declaration::key)
                .toList();
        assertThat(still).as("NOT_YET_NARROWED names only declarations still over %d parameters: remove those"
                + " narrowed", MOST).containsAll(NOT_YET_NARROWED);
    }

    @Test
    void countsTheParametersOfDeclarationsNotTheArgumentsOfCalls() {
        String source = String.join("\n",
                "class A {",                                                             // 1
                "    /** m(a, b, c) in a comment */",                                    // 2
                "    public <T> List<T> m(Map<String, Long> a, int b, T... c) throws IOException {",
                "        call(1, 2, 3, 4);",                                             // 4
                "        return other(1, 2, \"(, , ,)\");",                              // 5
                "    }",                                                                 // 6
                "    A(int a,",                                                          // 7
                "      int b) {",                                                        // 8
                "        this(a, b, 0);",                                                // 9
                "        new Thread(x, y) {",                                            // 10
                "            public void run() { }",                                     // 11
                "        };",                                                            // 12
                "        int r = switch (a) { case 1 -> f(1, 2, 3); default -> 0; };",   // 13
                "    }",                                                                 // 14
                "    record R<K>(K key, List<Map<K, String>> values) implements Q {",    // 15
                "    }",                                                                 // 16
                "    interface I {",                                                     // 17
                "        String[] named(int a, @Ann(x = 1) String b);",                  // 18
                "    }",                                                                 // 19
                "}");
        assertThat(declarations("A.java", source)).extracting(Declaration::name, Declaration::line,
                Declaration::parameters).containsExactlyInAnyOrder(tuple("m", 3, 3), tuple("A", 7, 2),
                tuple("run", 11, 0), tuple("R", 15, 2), tuple("named", 18, 2));
    }

    /** A method, constructor or record header of src/main: its file (relative to storebench/), name, line, arity. */
    record Declaration(String file, String name, int line, int parameters) {
        String key() {
            return file + " " + name;
        }

        @Override
        public String toString() {
            return file + ":" + line + " " + name + " (" + parameters + " parameters)";
        }
    }

    private static List<Declaration> mainDeclarations() throws IOException {
        List<Declaration> all = new ArrayList<>();
        MethodLengthTest.mainSources().forEach((file, code) -> all.addAll(declarations(file, code)));
        assertThat(all).as("declarations found in %s", MAIN).hasSizeGreaterThan(100);
        return all;
    }

    /** Words that open a statement with parentheses, or stand before a call: never a declaration's name or type. */
    private static final Set<String> NOT_A_DECLARATION = Set.of("if", "for", "while", "switch", "catch",
            "synchronized", "try", "return", "new", "else", "do", "assert", "throw", "case", "yield", "this", "super");
    /** A closing parenthesis and an optional throws clause right before a body's brace or an abstract method's ';'. */
    private static final Pattern CLOSES_PARAMETERS = Pattern.compile("\\)\\s*(throws\\s+[\\w.,\\s<>]+)?$");
    private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*(<[^>]*>)?\\s*\\(");
    private static final int HEADER_REACH = 400;

    /** The declarations of one source file: methods and constructors (with a body or abstract), record headers. */
    static List<Declaration> declarations(String file, String source) {
        String code = MethodLengthTest.blankCommentsAndStrings(source);
        List<Declaration> found = new ArrayList<>();
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{' || c == ';') {
                int open = parametersBefore(code, i, c == ';');
                if (open >= 0) {
                    int start = nameStart(code, open);
                    found.add(new Declaration(file, code.substring(start, open).trim(),
                            MethodLengthTest.lineOf(code, start), parameters(code, open + 1)));
                }
            }
        }
        Matcher m = RECORD.matcher(code);
        while (m.find()) {
            found.add(new Declaration(file, m.group(1), MethodLengthTest.lineOf(code, m.start(1)),
                    parameters(code, m.end())));
        }
        return found;
    }

    /**
     * Where the parameter list of the declaration ending at {@code end} opens, or -1 where what ends there is no
     * declaration (a statement, a call, an anonymous class, a record's header: those are found apart).
     */
    private static int parametersBefore(String code, int end, boolean abstractOnly) {
        int from = Math.max(0, end - HEADER_REACH);
        Matcher m = CLOSES_PARAMETERS.matcher(code.substring(from, end));
        if (!m.find()) {
            return -1;
        }
        int p = from + m.start();
        for (int depth = 0; p >= 0; p--) {
            depth += code.charAt(p) == ')' ? 1 : code.charAt(p) == '(' ? -1 : 0;
            if (depth == 0) {
                break;
            }
        }
        if (p < 0) {
            return -1;
        }
        int start = nameStart(code, p);
        String name = code.substring(start, p).trim();
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0)) || NOT_A_DECLARATION.contains(name)) {
            return -1;
        }
        int before = skipSpaceBack(code, start - 1);
        String word = wordEndingAt(code, before);
        if (word.equals("new") || word.equals("record") || before >= 0 && code.charAt(before) == '.') {
            return -1;
        }
        // an abstract method has a type before its name; a call statement has ';', '{', '=', '->' or a keyword there
        boolean typed = before >= 0 && (Character.isJavaIdentifierPart(code.charAt(before))
                || code.charAt(before) == ']' || code.charAt(before) == '>' && code.charAt(before - 1) != '-');
        if (abstractOnly && (!typed || NOT_A_DECLARATION.contains(word))) {
            return -1;
        }
        return p;
    }

    /** Where the identifier that ends right before {@code open} (spaces between allowed) starts. */
    private static int nameStart(String code, int open) {
        int end = skipSpaceBack(code, open - 1) + 1;
        int start = end;
        while (start > 0 && Character.isJavaIdentifierPart(code.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    private static String wordEndingAt(String code, int end) {
        int start = end + 1;
        while (start > 0 && Character.isJavaIdentifierPart(code.charAt(start - 1))) {
            start--;
        }
        return code.substring(start, end + 1);
    }

    private static int skipSpaceBack(String code, int i) {
        while (i >= 0 && Character.isWhitespace(code.charAt(i))) {
            i--;
        }
        return i;
    }

    /** The parameters of a list that opens just before {@code from}: its commas outside brackets, plus one. */
    static int parameters(String code, int from) {
        int depth = 0;
        int commas = 0;
        boolean any = false;
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == ')' && depth == 0) {
                break;
            }
            depth += c == '(' || c == '<' || c == '{' ? 1 : c == ')' || c == '>' || c == '}' ? -1 : 0;
            commas += c == ',' && depth == 0 ? 1 : 0;
            any |= !Character.isWhitespace(c);
        }
        return any ? commas + 1 : 0;
    }
}
