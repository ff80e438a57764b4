package storebench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No method (or constructor) in src/main is longer than {@value #MOST} lines, counted from the line of its name to
 * the line of its closing brace: a longer one does several things that want names of their own. The count
 * is made on the source, braces matched once comments, strings and text blocks are blanked out.
 */
class MethodLengthTest {
    static final int MOST = 60;

    /**
     * Methods allowed over the limit while a split is under way, as "package/File.java name"; an entry whose method is
     * no longer too long fails below, so the list only shrinks.
     */
    static final Set<String> NOT_YET_SPLIT = Set.of();

    private static final Path MAIN = Path.of("src/main/java/storebench");

    @Test
    void noMethodInSrcMainIsLongerThanSixtyLines() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Method m : mainMethods()) {
            if (m.lines() > MOST && !NOT_YET_SPLIT.contains(m.key())) {
                tooLong.add(m.toString());
            }
        }
        assertThat(tooLong).as("methods over %d lines in src/main (split each into named steps)", MOST).isEmpty();
    }

    @Test
    void everyMethodNotYetSplitIsStillTooLong() throws IOException {
        List<String> stillLong = mainMethods().stream().filter(m -> m.lines() > MOST).map(Method::key).toList();
        assertThat(stillLong).as("NOT_YET_SPLIT names only methods still over %d lines: remove those split", MOST)
                .containsAll(NOT_YET_SPLIT);
    }

    @Test
    void countsAMethodFromItsNameToItsClosingBrace() {
        String source = String.join("\n",
                "class A {",                                      // 1
                "    /** Javadoc { is not counted } */",          // 2
                "    @Override",                                   // 3
                "    public void run(int a,",                      // 4
                "                    int b) throws java.io.IOException, RuntimeException {",
                "        if (a > b) {",                            // 6
                "            Runnable r = () -> {",                // 7
                "                String s = \"}}} \\\" {\";",      // 8
                "            };",                                  // 9
                "        }",                                       // 10
                "        char c = '}';",                           // 11
                "        // a brace in a comment }",               // 12
                "        String t = \"\"\"",                       // 13
                "            } text block {",                      // 14
                "            \"\"\";",                             // 15
                "        new Thread() {",                          // 16
                "            public void start() {",               // 17
                "            }",                                   // 18
                "        };",                                      // 19
                "    }",                                           // 20
                "    A() {",                                       // 21
                "    }",                                           // 22
                "    record R(int x) {",                           // 23
                "    }",                                           // 24
                "    synchronized void m() { for (int i = 0; i < 2; i++) { } }",
                "}");
        List<Method> methods = methods("A.java", source);
        assertThat(methods).extracting(Method::name, Method::first, Method::lines).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("run", 4, 17),
                org.assertj.core.groups.Tuple.tuple("start", 17, 2),
                org.assertj.core.groups.Tuple.tuple("A", 21, 2),
                org.assertj.core.groups.Tuple.tuple("m", 25, 1));
    }

    /** A method of src/main: its file (relative to storebench/), name, first line and length. */
    record Method(String file, String name, int first, int lines) {
        String key() {
            return file + " " + name;
        }

        @Override
        public String toString() {
            return file + ":" + first + " " + name + " (" + lines + " lines)";
        }
    }

    private static List<Method> mainMethods() throws IOException {
        List<Method> all = new ArrayList<>();
        mainSources().forEach((file, code) -> all.addAll(methods(file, code)));
        assertThat(all).as("methods found in %s", MAIN).hasSizeGreaterThan(100);
        return all;
    }

    /** Every source file of src/main, by its path relative to storebench/ ("phase/Phase.java"), in path order. */
    static java.util.Map<String, String> mainSources() throws IOException {
        java.util.Map<String, String> all = new java.util.LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                all.put(MAIN.relativize(f).toString().replace('\\', '/'), Files.readString(f));
            }
        }
        return all;
    }

    private static final Set<String> NOT_A_METHOD = Set.of("if", "for", "while", "switch", "catch", "synchronized",
            "try", "return", "new", "else", "do", "assert", "throw", "case");
    /** A closing parenthesis and an optional throws clause right before an opening brace. */
    private static final Pattern CLOSES_PARAMETERS = Pattern.compile("\\)\\s*(throws\\s+[\\w.,\\s<>]+)?$");
    private static final int HEADER_REACH = 400;

    /** The methods and constructors of one source file, nested ones (in anonymous or local classes) too. */
    static List<Method> methods(String file, String source) {
        String code = blankCommentsAndStrings(source);
        List<Method> found = new ArrayList<>();
        Deque<int[]> open = new ArrayDeque<>(); // per open brace: the method's name start and line, or -1
        int line = 1;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c == '{') {
                open.push(new int[]{methodNameAt(code, i), 0});
                if (open.peek()[0] >= 0) {
                    open.peek()[1] = lineOf(code, open.peek()[0]);
                }
            } else if (c == '}' && !open.isEmpty()) {
                int[] o = open.pop();
                if (o[0] >= 0) {
                    found.add(new Method(file, identifierAt(code, o[0]), o[1], line - o[1] + 1));
                }
            }
        }
        return found;
    }

    /** Where the name of the method whose body opens at {@code brace} starts, or -1 where the brace opens no method. */
    private static int methodNameAt(String code, int brace) {
        int from = Math.max(0, brace - HEADER_REACH);
        Matcher m = CLOSES_PARAMETERS.matcher(code.substring(from, brace));
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
        int end = skipSpaceBack(code, p - 1) + 1;
        int start = end;
        while (start > 0 && Character.isJavaIdentifierPart(code.charAt(start - 1))) {
            start--;
        }
        String name = code.substring(start, end);
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0)) || NOT_A_METHOD.contains(name)) {
            return -1;
        }
        int before = skipSpaceBack(code, start - 1);
        int wordStart = before + 1;
        while (wordStart > 0 && Character.isJavaIdentifierPart(code.charAt(wordStart - 1))) {
            wordStart--;
        }
        String word = code.substring(wordStart, before + 1);
        // an anonymous class (new Foo() {, new a.Foo() {) or a record's header: not a method
        boolean notMethod = word.equals("new") || word.equals("record") || before >= 0 && code.charAt(before) == '.';
        return notMethod ? -1 : start;
    }

    private static int skipSpaceBack(String code, int i) {
        while (i >= 0 && Character.isWhitespace(code.charAt(i))) {
            i--;
        }
        return i;
    }

    private static String identifierAt(String code, int start) {
        int end = start;
        while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
            end++;
        }
        return code.substring(start, end);
    }

    /** The 1-based line of {@code index} in {@code code} (the Node twin counts its functions' lines with it too). */
    static int lineOf(String code, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (code.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The source with comments, string and char literals and text blocks blanked (their line breaks kept). */
    static String blankCommentsAndStrings(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
            } else if (s.startsWith("\"\"\"", i)) {
                end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                end = endOfLiteral(s, i);
            } else {
                out.append(s.charAt(i++));
                continue;
            }
            for (int k = i; k < end; k++) {
                out.append(s.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return out.toString();
    }

    private static int endOfLiteral(String s, int start) {
        char quote = s.charAt(start);
        int j = start + 1;
        while (j < s.length() && s.charAt(j) != quote && s.charAt(j) != '\n') {
            j += s.charAt(j) == '\\' ? 2 : 1;
        }
        return Math.min(j + 1, s.length());
    }
}
