package storebench.tools;

import storebench.results.RunResults;
import storebench.results.Stat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The comparison of two fixed runs (src/test/resources/report/compare/before and after, written by hand so every
 * ratio is known): sqlite's open-query-close 1.000 → 1.200 ms moves beyond its spread (5%), its count query
 * 0.200 → 0.150 ms too, the other way; open 0.500 → 0.510 ms stays within its 10%; create +5% stays within 10%,
 * stores/s +25% and resident memory +10% do not.
 */
class CompareTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(CompareTest.class.getResource("/report/compare/" + name + "/results.jsonl").toURI()).getParent();
    }

    private int compare(Path before, Path after, Path outDir) {
        return Compare.run(new String[]{before.toString(), after.toString(), outDir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesCompareMdWithRatiosAndMarks() throws Exception {
        assertThat(compare(fixture("before"), fixture("after"), tmp.resolve("out"))).isEqualTo(0);
        String md = Files.readString(tmp.resolve("out/compare.md"), StandardCharsets.UTF_8);
        assertThat(md).startsWith("# storebench comparison: before → after")
                .contains("## Moved beyond the noise: 2 worse, 2 better")
                .contains("| defaults | SQLite | Open, query, close (median) | 1.000 ms | 1.200 ms | ×1.20 | spread 5% | **worse** |")
                .contains("| defaults | SQLite | Stores per second | 100 | 125 | ×1.25 | tolerance 10% | **better** |")
                .contains("| Open, query, close (median) | 0.600 ms → – | 1.000 → 1.200 ms, ×1.20 **worse** |")
                .contains("| Open (median) | – | 0.500 → 0.510 ms, ×1.02 |")
                .contains("| Create, write 1,000 objects, close (median) | 8.00 → 8.10 ms, ×1.01 | 10.00 → 10.50 ms, ×1.05 |")
                .contains("| Memory per open store (50 open), resident | – | 1,000 → 1,100 KB, ×1.10 **worse** |")
                .contains("| Load at start of the warm open runs (max) | – | 1.00 → 3.00, ×3.00 |")
                .contains("-1.5 → 1.2 KB |")
                .contains("| complete | yes | yes |")
                .doesNotContain("The runs differ in").doesNotContain("incomplete");
        assertThat(md.indexOf("## defaults")).isGreaterThan(md.indexOf("## Moved"));
        assertThat(md).as("where a mark and the gate differ, the page says why").contains("Worse here is not the"
                + " gate's verdict").contains("a move marked worse here may pass the gate");
        assertThat(errText()).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("compare.md").contains("compare.html");
    }

    @Test
    void writesCompareHtmlAsOneSelfContainedPage() throws Exception {
        assertThat(compare(fixture("before"), fixture("after"), tmp)).isEqualTo(0);
        String html = Files.readString(tmp.resolve("compare.html"), StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<style>").doesNotContain("<script").doesNotContain("<link");
        Matcher refs = Pattern.compile("(?:src|href)\\s*=\\s*[\"']([^\"']*)[\"']").matcher(html);
        while (refs.find()) {
            assertThat(refs.group(1)).startsWith("#");
        }
        for (Stat stat : RunResults.stats(List.of(RunResults.load(fixture("before")), RunResults.load(fixture("after"))))) {
            if (stat.optional()) {
                continue; // measured only where a run asks for it (a thread count): this fixture did not
            }
            assertThat(html).contains("<tr data-stat=\"" + stat.id() + "\">");
        }
        assertThat(html).contains("<th data-engine=\"objectbox\">ObjectBox, sync every open</th>")
                .contains("<th data-engine=\"sqlite\">SQLite</th>")
                .contains("data-move=\"worse\">1.000 → 1.200 ms<span class=\"ratio\">×1.20 · spread 5%<span class=\"mark worse\">worse</span>")
                .contains("data-move=\"better\">0.200 → 0.150 ms")
                .contains("<td class=\"better\">better</td>");
    }

    @Test
    void saysWhenTheRunsDifferInTheirParameters() throws Exception {
        Path after = Files.createDirectories(tmp.resolve("after"));
        String lines = Files.readString(fixture("after").resolve("results.jsonl"), StandardCharsets.UTF_8)
                .replace("\"kind\":\"run\",\"stores\":50", "\"kind\":\"run\",\"stores\":200");
        Files.writeString(after.resolve("results.jsonl"), lines, StandardCharsets.UTF_8);
        assertThat(compare(fixture("before"), after, tmp.resolve("out"))).isEqualTo(0);
        assertThat(Files.readString(tmp.resolve("out/compare.md"), StandardCharsets.UTF_8))
                .contains("**The runs differ in: stores (N) 50 vs 200.**");
    }

    @Test
    void runsThatShareNoColumnSaySoAndCompareNothing() throws Exception {
        Path after = Files.createDirectories(tmp.resolve("after"));
        String lines = Files.readString(fixture("after").resolve("results.jsonl"), StandardCharsets.UTF_8)
                .replace("\"setting\":\"default\"", "\"setting\":\"tuned\"").replace("\"default\"", "\"tuned\"");
        Files.writeString(after.resolve("results.jsonl"), lines, StandardCharsets.UTF_8);

        assertThat(compare(fixture("before"), after, tmp.resolve("out"))).isEqualTo(0);

        String md = Files.readString(tmp.resolve("out/compare.md"), StandardCharsets.UTF_8);
        assertThat(md).contains("**The two runs share no column (an engine under a setting measured in both), so"
                + " nothing is compared: before has sqlite under default").contains("after has sqlite under tuned")
                .doesNotContain("Nothing moved beyond its spread or tolerance");
        assertThat(errText()).contains("Compare: The two runs share no column");
    }

    @Test
    void marksAFigureMeasuredUnderAProfilerAndDoesNotJudgeIt() throws Exception {
        Path after = Files.createDirectories(tmp.resolve("after"));
        String marked = "\"stat\":\"oqc_ms\",";
        String lines = Files.readString(fixture("after").resolve("results.jsonl"), StandardCharsets.UTF_8).lines()
                .map(l -> l.contains("\"engine\":\"sqlite\"") && l.contains(marked)
                        ? l.replace(marked, marked + "\"profilers\":[\"strace\"],") : l)
                .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        Files.writeString(after.resolve("results.jsonl"), lines, StandardCharsets.UTF_8);

        assertThat(compare(fixture("before"), after, tmp.resolve("out"))).isEqualTo(0);

        String md = Files.readString(tmp.resolve("out/compare.md"), StandardCharsets.UTF_8);
        assertThat(md).contains("## Moved beyond the noise: 1 worse, 2 better")
                .contains("| Open, query, close (median) | 0.600 ms → – | 1.000 → 1.200 ms, ×1.20 *profiled (after:"
                        + " strace)* |")
                .contains("**Measured under profilers**: the after run (strace) took figures under bench.profilers")
                .doesNotContain("| 1.000 ms | 1.200 ms | ×1.20 | spread 5% | **worse** |");
        assertThat(Files.readString(tmp.resolve("out/compare.html"), StandardCharsets.UTF_8))
                .contains("<span class=\"mark profiled\">profiled (after: strace)</span>");
        assertThat(errText()).startsWith("Compare: the after run (strace) took figures under bench.profilers");
    }

    @Test
    void saysWhichRunIsIncompleteAndWhyOnItsOutputAndInBothPages() throws Exception {
        Path after = Files.createDirectories(tmp.resolve("after"));
        String lines = Files.readString(fixture("after").resolve("results.jsonl"), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.contains("\"kind\":\"end\"")).collect(java.util.stream.Collectors.joining("\n", "",
                        "\n{\"kind\":\"status\",\"status\":\"interrupted\",\"reason\":\"the suite was stopped before"
                        + " the run ended\"}\n"));
        Files.writeString(after.resolve("results.jsonl"), lines, StandardCharsets.UTF_8);

        assertThat(compare(fixture("before"), after, tmp.resolve("out"))).isEqualTo(0);

        String why = after + ": it was interrupted (the suite was stopped before the run ended). It holds only what"
                + " finished before it stopped: a figure it lacks shows as –.";
        assertThat(errText()).isEqualTo("Compare: The after run is incomplete: " + why + System.lineSeparator());
        assertThat(Files.readString(tmp.resolve("out/compare.md"), StandardCharsets.UTF_8))
                .contains("**The after run is incomplete**: " + why)
                .contains("| complete | yes | no: it was interrupted (the suite was stopped before the run ended) |")
                .doesNotContain("The before run is incomplete");
        assertThat(Files.readString(tmp.resolve("out/compare.html"), StandardCharsets.UTF_8))
                .contains("<strong>The after run is incomplete</strong>: " + why);
    }

    @Test
    void aFolderWithoutResultsIsOneLineNamingTheFileAndExitsTwo() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThat(compare(fixture("before"), empty, tmp.resolve("out"))).isEqualTo(2);
        assertThat(errText()).isEqualTo("Compare: no results file at " + empty.resolve("results.jsonl")
                + " (a run's target/bench/results.jsonl)" + System.lineSeparator());
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void aGarbageLineIsOneLineNamingFileAndLineAndExitsTwo() throws IOException, URISyntaxException {
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve("results.jsonl"), "{\"kind\":\"run\"}\n{\"kind\":\"stat\"}\n{oops\n");
        assertThat(compare(bad, fixture("after"), tmp.resolve("out"))).isEqualTo(2);
        assertThat(errText()).startsWith("Compare: " + bad.resolve("results.jsonl") + ":3: not a JSON line")
                .doesNotContain("\tat ").hasLineCount(1);
    }

    @Test
    void aFolderWithSomeoneElsesCompareMdIsRefusedAndLeftAsItIs() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(dir.resolve("compare.md"), "my own notes\n");

        assertThat(compare(fixture("before"), fixture("after"), dir)).isEqualTo(2);

        assertThat(errText()).isEqualTo("Compare: OUT_DIR " + dir + " holds files storebench did not write"
                + " (compare.md) and no marker .storebench-out: storebench writes only into a folder of its own and"
                + " overwrites nothing of anyone else's; give a folder that is absent, empty, or one storebench wrote"
                + System.lineSeparator());
        assertThat(Files.readString(dir.resolve("compare.md"))).isEqualTo("my own notes\n");
        try (var files = Files.list(dir)) {
            assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("compare.md");
        }
    }

    @Test
    void aComparisonIsWrittenAgainIntoTheFolderItWroteBefore() throws Exception {
        Path dir = tmp.resolve("out");
        assertThat(compare(fixture("before"), fixture("after"), dir)).isEqualTo(0);
        assertThat(dir.resolve(".storebench-out")).exists();
        Files.writeString(dir.resolve("compare.md"), "stale\n");

        assertThat(compare(fixture("before"), fixture("after"), dir)).isEqualTo(0);

        assertThat(Files.readString(dir.resolve("compare.md"))).startsWith("# storebench comparison");
    }

    @Test
    void anOutputThatIsAFileIsNamedAsOne() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "mine\n");

        assertThat(compare(fixture("before"), fixture("after"), file)).isEqualTo(2);

        assertThat(errText()).isEqualTo("Compare: OUT_DIR " + file + " is a file, not a folder: give a folder that is"
                + " absent, empty, or one storebench wrote (it carries the marker .storebench-out)"
                + System.lineSeparator());
        assertThat(Files.readString(file)).isEqualTo("mine\n");
    }

    @Test
    void aMissingFolderOrWrongArgumentsExitTwoWithUsage() throws Exception {
        assertThat(compare(tmp.resolve("nowhere"), fixture("after"), tmp)).isEqualTo(2);
        assertThat(errText()).isEqualTo("Compare: " + tmp.resolve("nowhere") + " is not a folder; give a run's folder such as"
                + " target/bench" + System.lineSeparator());
        err.reset();
        assertThat(Compare.run(new String[]{"one"}, new PrintStream(out), new PrintStream(err))).isEqualTo(2);
        assertThat(errText()).startsWith("usage: Compare BEFORE_DIR AFTER_DIR OUT_DIR");
    }
}
