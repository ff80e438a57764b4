package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;

import storebench.gate.Verdict;
import storebench.gate.Verdict.Status;
import storebench.gate.Verdicts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The report's "Regression gate" section: failures first, then passes with margins; rules not evaluated counted. */
public final class VerdictSection {
    private static final Block.Heading HEADING = Block.Heading.of(2, "Regression gate");

    private VerdictSection() {
    }

    /** The section, with the thresholds file and baseline named. */
    public static Section section(Verdicts verdicts) {
        Text intro = Text.of("Rules from ").plusCode(fileName(verdicts.thresholds())).plus("; baseline: ")
                .plus(verdicts.baseline().map(Text::code).orElse(Text.of("none (-Dbench.baseline unset)"))).plus(". ");
        List<Block> blocks = new ArrayList<>();
        List<Verdict> failed = only(verdicts.all(), Status.FAIL);
        List<Verdict> passed = only(verdicts.all(), Status.PASS);
        List<Verdict> undecided = only(verdicts.all(), Status.INCONCLUSIVE);
        int open = verdicts.notEvaluated();
        if (failed.isEmpty() && passed.isEmpty() && undecided.isEmpty() && open == 0) {
            blocks.add(new Block.Paragraph(intro.plusStrong("No rules")
                    .plus(": the thresholds file has none, so nothing was checked.")));
            return new Section(HEADING, blocks);
        }
        String verdict = !failed.isEmpty() ? "Failed" : !passed.isEmpty() ? "Passed"
                : !undecided.isEmpty() ? "Inconclusive" : "Nothing checked";
        blocks.add(new Block.Paragraph(intro.plusStrong(verdict).plus(": " + failed.size() + " failed, "
                + passed.size() + " passed, " + undecided.size() + " inconclusive, " + open + " not evaluated"
                + " (never counted as passed; mostly rules of engines, settings or phases the run left out)."
                + " A margin is the room left before the rule fails (negative: by how much it failed), as a share of"
                + " the limit in brackets.")));
        if (failed.isEmpty() && passed.isEmpty() && undecided.isEmpty()) {
            blocks.add(new Block.Paragraph(Text.strong("No rule was evaluated").plus(": the thresholds file has no"
                    + " rules for the engines, settings and workload of this run.")));
        }
        if (!failed.isEmpty() || !passed.isEmpty()) {
            blocks.add(table(Stream.concat(failed.stream(), passed.stream()).toList()));
        }
        if (!undecided.isEmpty()) {
            blocks.add(Block.Paragraph.of("Inconclusive (never counted as passed): the two runs' figures cannot tell a"
                    + " change of the rule's tolerance apart (the 95% interval of the ratio of medians straddles it;"
                    + " the detail gives the smallest change they can tell). More runs (-Dbench.runs) or"
                    + " -Dbench.resample narrow the interval."));
            blocks.add(table(undecided));
        }
        return new Section(HEADING, blocks);
    }

    private static Block.Table table(List<Verdict> verdicts) {
        return Block.Table.of(Text.list("verdict", "rule", "engine", "setting", "statistic", "measured", "limit",
                "margin", "line", "detail"), "LLLLLRRRRL", verdicts.stream().map(VerdictSection::row).toList());
    }

    private static List<Text> row(Verdict v) {
        Double pct = v.marginPercent();
        Text status = v.status() == Status.FAIL ? Text.strong("FAIL")
                : Text.of(v.status() == Status.INCONCLUSIVE ? "inconclusive" : "pass");
        return List.of(status, text(v.rule()),
                text(v.engine()), text(v.setting()), text(v.stat()), Text.of(v.figure().format(v.measured())),
                Text.of(v.figure().format(v.limit())), Text.of(v.figure().format(v.margin())
                        + (pct == null ? "" : String.format(Locale.ROOT, " (%+.0f%%)", pct))),
                Text.of(v.line() > 0 ? String.valueOf(v.line()) : StatsTable.NONE), text(v.detail()));
    }

    private static Text text(String text) {
        return Text.of(text == null ? "" : text);
    }

    private static List<Verdict> only(List<Verdict> verdicts, Status status) {
        return verdicts.stream().filter(v -> v.status() == status).collect(Collectors.toList());
    }

    private static String fileName(String file) {
        Path p = Path.of(file).getFileName();
        return p == null ? file : p.toString();
    }
}
