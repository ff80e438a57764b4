package storebench.report;

import storebench.gate.Verdict;
import storebench.gate.Verdicts;

import storebench.gate.Verdict.Status;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report's "## Regression gate" section: every rule's verdict, failures first, then the passing ones with
 * their margins, then the rules that could not be evaluated and why.
 */
public final class VerdictSection {
    public static final String TITLE = "## Regression gate";

    private VerdictSection() {
    }

    /** The section for a run's folder, from its verdicts.json; empty if the gate did not run. */
    public static Optional<String> forRun(Path runDir) throws IOException {
        return Verdicts.readIfPresent(runDir).map(VerdictSection::render);
    }

    /** The section, with the thresholds file and baseline named. */
    public static String render(Verdicts verdicts) {
        String intro = "Rules from `" + fileName(verdicts.thresholds()) + "`; baseline: "
                + verdicts.baseline().map(b -> "`" + b + "`").orElse("none (-Dbench.baseline unset)") + ". ";
        return render(verdicts.all(), intro);
    }

    /** The section for a list of verdicts. */
    public static String render(List<Verdict> verdicts) {
        return render(verdicts, "");
    }

    private static String render(List<Verdict> verdicts, String intro) {
        StringBuilder md = new StringBuilder(TITLE).append("\n\n").append(intro);
        List<Verdict> failed = only(verdicts, Status.FAIL);
        List<Verdict> passed = only(verdicts, Status.PASS);
        List<Verdict> open = only(verdicts, Status.NOT_EVALUATED);
        if (verdicts.isEmpty()) {
            return md.append("**No rules**: the thresholds file has none, so nothing was checked.\n\n").toString();
        }
        String verdict = !failed.isEmpty() ? "**Failed**" : !passed.isEmpty() ? "**Passed**" : "**Nothing checked**";
        md.append(verdict).append(": ").append(failed.size()).append(" failed, ").append(passed.size())
                .append(" passed, ").append(open.size()).append(" not evaluated. A margin is the room left before the"
                        + " rule fails (negative: by how much it failed), as a share of the limit in brackets.\n\n");
        if (failed.isEmpty() && passed.isEmpty()) {
            md.append("**No rule was evaluated**: the thresholds file has no rules for the engines, settings and"
                    + " workload of this run.\n\n");
        }
        if (!failed.isEmpty() || !passed.isEmpty()) {
            md.append("| verdict | rule | engine | setting | statistic | measured | limit | margin | line | detail |\n")
                    .append("| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |\n");
            for (Verdict v : failed) {
                row(md, v);
            }
            for (Verdict v : passed) {
                row(md, v);
            }
            md.append('\n');
        }
        if (!open.isEmpty()) {
            md.append("Not evaluated (never counted as passed), one row per rule and reason:\n\n");
            md.append("| line | kind | statistic | engines | settings | why |\n")
                    .append("| ---: | --- | --- | --- | --- | --- |\n");
            Map<String, List<Verdict>> groups = new LinkedHashMap<>();
            for (Verdict v : open) {
                groups.computeIfAbsent(v.line() + "\u0000" + v.kind() + "\u0000" + v.stat() + "\u0000" + v.detail(),
                        k -> new ArrayList<>()).add(v);
            }
            for (List<Verdict> group : groups.values()) {
                Verdict first = group.get(0);
                md.append("| ").append(line(first)).append(" | ").append(first.kind().name().toLowerCase(Locale.ROOT))
                        .append(" | ").append(cell(first.stat())).append(" | ")
                        .append(cell(distinct(group, Verdict::engine))).append(" | ")
                        .append(cell(distinct(group, Verdict::setting))).append(" | ").append(cell(first.detail()))
                        .append(" |\n");
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static void row(StringBuilder md, Verdict v) {
        Double pct = v.marginPercent();
        md.append("| ").append(v.status() == Status.FAIL ? "**FAIL**" : "pass").append(" | ").append(cell(v.rule()))
                .append(" | ").append(cell(v.engine())).append(" | ").append(cell(v.setting())).append(" | ")
                .append(cell(v.stat())).append(" | ").append(Verdict.format(v.stat(), v.measured())).append(" | ")
                .append(Verdict.format(v.stat(), v.limit())).append(" | ")
                .append(Verdict.format(v.stat(), v.margin()))
                .append(pct == null ? "" : String.format(Locale.ROOT, " (%+.0f%%)", pct)).append(" | ")
                .append(line(v)).append(" | ").append(cell(v.detail())).append(" |\n");
    }

    /** A rule's line; "–" for a verdict about the file as a whole. */
    private static String line(Verdict v) {
        return v.line() > 0 ? String.valueOf(v.line()) : "–";
    }

    private static String distinct(List<Verdict> group, Function<Verdict, String> field) {
        return group.stream().map(field).distinct().collect(Collectors.joining(", "));
    }

    private static List<Verdict> only(List<Verdict> verdicts, Status status) {
        return verdicts.stream().filter(v -> v.status() == status).collect(Collectors.toList());
    }

    private static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
    }

    private static String fileName(String file) {
        Path p = Path.of(file).getFileName();
        return p == null ? file : p.toString();
    }
}
