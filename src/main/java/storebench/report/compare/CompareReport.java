package storebench.report.compare;

import storebench.model.StatId;
import storebench.report.model.Block;
import storebench.report.model.StatsTable;
import storebench.report.model.Text;
import storebench.report.model.Titles;
import storebench.report.render.HtmlPage;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;

import storebench.results.EnvironmentFile;
import storebench.results.RunLine;
import storebench.results.RunResults;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** compare.md and compare.html: the report's tables with "before → after" and ratio per cell, moves first. */
public final class CompareReport {
    public static final String MARKDOWN = "compare.md";
    public static final String HTML = "compare.html";

    private final CompareRuns runs;
    private final String beforeName;
    private final String afterName;
    private final int notesPerStore;
    private final int held;

    public CompareReport(CompareRuns runs, String beforeName, String afterName) {
        this.runs = runs;
        this.beforeName = beforeName;
        this.afterName = afterName;
        RunLine run = runs.after.runLine().equals(RunLine.NONE) ? runs.before.runLine() : runs.after.runLine();
        this.notesPerStore = run.scale().notesPerStore();
        this.held = run.scale().hold();
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("# storebench comparison: before → after\n\n");
        MarkdownReport.table(md, Block.Table.of(Text.list("", "before", "after"), "LLL", runRows()));
        incomplete().forEach(run -> md.append("**").append(run.title()).append("**: ").append(run.detail())
                .append("\n\n"));
        md.append(legend()).append("\n\n");
        profiled().ifPresent(p -> md.append("**Measured under profilers**: ").append(p).append("\n\n"));
        List<String> differences = runs.differences();
        if (!differences.isEmpty()) {
            md.append("**The runs differ in: ").append(String.join("; ", differences))
                    .append(".** Their ratios compare unlike runs.\n\n");
        }
        List<CompareRuns.Row> moved = runs.moved();
        md.append("## ").append(movedTitle(moved)).append("\n\n");
        if (runs.nothingShared().isPresent()) {
            md.append("**").append(runs.nothingShared().get()).append("**\n\n");
        } else if (moved.isEmpty()) {
            md.append("Nothing moved beyond its spread or tolerance.\n\n");
        } else {
            MarkdownReport.table(md, Block.Table.of(Text.list("setting", "engine", "statistic", "before", "after",
                    "ratio", "against", ""), "LLLRRRLL", moved.stream().map(r -> List.of(
                    Text.of(Titles.settingTitle(r.setting())), Text.of(Titles.engineTitle(r.engine())),
                    Text.of(r.stat().label(notesPerStore, held)), Text.of(r.stat().format(r.before().value())),
                    Text.of(r.stat().format(r.after().value())), Text.of(ratio(r)), Text.of(r.thresholdText()),
                    Text.strong(word(r.move())))).toList()));
        }
        for (String setting : runs.settings) {
            md.append("## ").append(Titles.settingTitle(setting)).append("\n\n");
            MarkdownReport.table(md, Block.Table.ofFigures(Text.row("", runs.engines.stream().map(Titles::engineTitle)
                    .toList()), runs.stats.stream().map(stat -> Text.row(stat.label(notesPerStore, held), runs.engines
                    .stream().map(e -> runs.row(setting, e, stat).map(this::markdownCell).orElse(StatsTable.NONE))
                    .toList())).toList()));
        }
        md.append("Rendered with `mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Compare"
                + " -Dexec.args=\"BEFORE_DIR AFTER_DIR OUT_DIR\"`.\n");
        return md.toString();
    }

    public String html() {
        StringBuilder h = new StringBuilder("<h1>storebench comparison: before → after</h1>\n");
        h.append("<div class=\"table-wrap\"><table class=\"kv\"><thead><tr><th></th><th>before</th><th>after</th></tr></thead><tbody>\n");
        for (List<Text> row : runRows()) {
            h.append("<tr><th scope=\"row\">").append(HtmlReport.inline(row.get(0))).append("</th><td>")
                    .append(HtmlReport.inline(row.get(1))).append("</td><td>").append(HtmlReport.inline(row.get(2)))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
        incomplete().forEach(run -> h.append("<p class=\"worse\"><strong>").append(HtmlPage.esc(run.title()))
                .append("</strong>: ").append(HtmlPage.esc(run.detail())).append("</p>\n"));
        h.append("<p class=\"lead\">").append(HtmlPage.esc(legend())).append("</p>\n");
        profiled().ifPresent(p -> h.append("<p class=\"worse\"><strong>Measured under profilers</strong>: ")
                .append(HtmlPage.esc(p)).append("</p>\n"));
        List<String> differences = runs.differences();
        if (!differences.isEmpty()) {
            h.append("<p class=\"worse\">The runs differ in: ").append(HtmlPage.esc(String.join("; ", differences)))
                    .append(". Their ratios compare unlike runs.</p>\n");
        }
        htmlMoved(h);
        for (String setting : runs.settings) {
            h.append("<h2 id=\"").append(Titles.slug(setting)).append("\">").append(HtmlPage.esc(Titles.settingTitle(setting)))
                    .append("</h2>\n<div class=\"table-wrap\"><table class=\"stats compare\" data-setting=\"")
                    .append(HtmlPage.esc(setting)).append("\">\n<thead><tr><th></th>");
            runs.engines.forEach(e -> h.append("<th data-engine=\"").append(HtmlPage.esc(e)).append("\">")
                    .append(HtmlPage.esc(Titles.engineTitle(e))).append("</th>"));
            h.append("</tr></thead>\n<tbody>\n");
            for (Stat stat : runs.stats) {
                h.append("<tr data-stat=\"").append(stat.id()).append("\"><th scope=\"row\">")
                        .append(HtmlPage.esc(stat.label(notesPerStore, held))).append("</th>");
                for (String e : runs.engines) {
                    Optional<CompareRuns.Row> r = runs.row(setting, e, stat);
                    h.append(r.isPresent() ? htmlCell(r.get()) : "<td class=\"none\">" + StatsTable.NONE + "</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table></div>\n");
        }
        h.append("<footer>Rendered by storebench.tools.Compare from ").append(HtmlPage.esc(beforeName)).append(" and ")
                .append(HtmlPage.esc(afterName)).append(". One self-contained file: no script, nothing fetched.</footer>\n");
        return HtmlPage.document("storebench comparison: before → after", h.toString());
    }

    /** compare.html's section of what moved beyond the noise, or why nothing is compared. */
    private void htmlMoved(StringBuilder h) {
        List<CompareRuns.Row> moved = runs.moved();
        h.append("<h2 id=\"moved\">").append(HtmlPage.esc(movedTitle(moved))).append("</h2>\n");
        if (runs.nothingShared().isPresent()) {
            h.append("<p class=\"worse\"><strong>").append(HtmlPage.esc(runs.nothingShared().get()))
                    .append("</strong></p>\n");
        } else if (moved.isEmpty()) {
            h.append("<p>Nothing moved beyond its spread or tolerance.</p>\n");
        } else {
            h.append("<div class=\"table-wrap\"><table class=\"moved\"><thead><tr><th>setting</th><th>engine</th>"
                    + "<th>statistic</th><th>before</th><th>after</th><th>ratio</th><th>against</th><th></th></tr></thead><tbody>\n");
            for (CompareRuns.Row r : moved) {
                h.append("<tr><td>").append(HtmlPage.esc(Titles.settingTitle(r.setting()))).append("</td><td>")
                        .append(HtmlPage.esc(Titles.engineTitle(r.engine()))).append("</td><td>")
                        .append(HtmlPage.esc(r.stat().label(notesPerStore, held))).append("</td><td class=\"num\">")
                        .append(HtmlPage.esc(r.stat().format(r.before().value()))).append("</td><td class=\"num\">")
                        .append(HtmlPage.esc(r.stat().format(r.after().value()))).append("</td><td class=\"num\">")
                        .append(HtmlPage.esc(ratio(r))).append("</td><td>").append(HtmlPage.esc(r.thresholdText()))
                        .append("</td><td class=\"").append(word(r.move())).append("\">").append(word(r.move()))
                        .append("</td></tr>\n");
            }
            h.append("</tbody></table></div>\n");
        }
    }

    /** A run of the two that is incomplete (interrupted, killed, measured nothing): which, where, why. */
    public record Incomplete(String side, String dir, String why) {
        String title() {
            return "The " + side + " run is incomplete";
        }

        String detail() {
            return dir + ": " + why + ". It holds only what finished before it stopped: a figure it lacks shows as "
                    + StatsTable.NONE + ".";
        }

        @Override
        public String toString() {
            return title() + ": " + detail();
        }
    }

    /** The runs of the two that are incomplete; none where both are complete. */
    public List<Incomplete> incomplete() {
        List<Incomplete> out = new ArrayList<>();
        runs.before.incomplete().ifPresent(why -> out.add(new Incomplete("before", beforeName, why)));
        runs.after.incomplete().ifPresent(why -> out.add(new Incomplete("after", afterName, why)));
        return out;
    }

    public Optional<String> nothingShared() {
        return runs.nothingShared();
    }

    /** Which of the two runs took figures under profilers, said once above the tables; empty where neither did. */
    public Optional<String> profiled() {
        List<String> runsProfiled = Stream.of(Map.entry("before", runs.before), Map.entry("after", runs.after))
                .filter(r -> !r.getValue().profilers().isEmpty())
                .map(r -> "the " + r.getKey() + " run (" + String.join(", ", r.getValue().profilers()) + ")").toList();
        return runsProfiled.isEmpty() ? Optional.empty() : Optional.of(String.join(" and ", runsProfiled)
                + " took figures under bench.profilers, which slow"
                + " what they watch: those figures are marked profiled and not judged; their ratios are the profilers'"
                + " cost, not a change.");
    }

    private String markdownCell(CompareRuns.Row r) {
        StringBuilder c = new StringBuilder(span(r));
        ratioOf(r).ifPresent(x -> c.append(", ").append(x));
        r.profiled().ifPresent(p -> c.append(" *profiled (").append(p).append(")*"));
        CompareRuns.Move move = r.move();
        if (move == CompareRuns.Move.WORSE || move == CompareRuns.Move.BETTER) {
            c.append(" **").append(word(move)).append("**");
        }
        return c.toString();
    }

    private String htmlCell(CompareRuns.Row r) {
        CompareRuns.Move move = r.move();
        StringBuilder c = new StringBuilder("<td class=\"num\" data-engine=\"").append(HtmlPage.esc(r.engine()))
                .append("\" data-move=\"").append(move.name().toLowerCase(Locale.ROOT)).append("\">")
                .append(HtmlPage.esc(span(r)));
        c.append("<span class=\"ratio\">").append(HtmlPage.esc(ratio(r)));
        if (move != CompareRuns.Move.UNJUDGED) {
            c.append(" · ").append(HtmlPage.esc(r.thresholdText()));
        }
        if (move == CompareRuns.Move.WORSE || move == CompareRuns.Move.BETTER) {
            c.append("<span class=\"mark ").append(word(move)).append("\">").append(word(move)).append("</span>");
        }
        r.profiled().ifPresent(p -> c.append("<span class=\"mark profiled\">profiled (").append(HtmlPage.esc(p))
                .append(")</span>"));
        return c.append("</span></td>").toString();
    }

    /** "0.692 → 0.840 ms": both figures, the unit once. */
    private static String span(CompareRuns.Row r) {
        String unit = r.stat().unit() == Stat.Unit.COUNT ? "" : " " + r.stat().unitName();
        String b = r.before() == null ? StatsTable.NONE : Titles.fmt(r.before().value(), r.stat().decimals());
        String a = r.after() == null ? StatsTable.NONE : Titles.fmt(r.after().value(), r.stat().decimals());
        return b + (r.after() == null ? unit : "") + " → " + a + (r.after() == null ? "" : unit);
    }

    private static Optional<String> ratioOf(CompareRuns.Row r) {
        return r.ratio().map(x -> String.format(Locale.US, "×%.2f", x));
    }

    private static String ratio(CompareRuns.Row r) {
        return ratioOf(r).orElse(StatsTable.NONE);
    }

    private static String word(CompareRuns.Move move) {
        return move == CompareRuns.Move.WORSE ? "worse" : move == CompareRuns.Move.BETTER ? "better" : "";
    }

    private static String movedTitle(List<CompareRuns.Row> moved) {
        long worse = moved.stream().filter(r -> r.move() == CompareRuns.Move.WORSE).count();
        return "Moved beyond the noise: " + worse + " worse, " + (moved.size() - worse) + " better";
    }

    private String legend() {
        return "Ratios are after / before: below 1 the after run was faster or smaller (for stores per second, above 1"
                + " is faster). A statistic is marked worse or better where it moved beyond its noise: an open-run"
                + " statistic beyond the larger of the two runs' spreads ((max − min) / median of the R run figures);"
                + " create and stores per second beyond " + tolerance(StatId.CREATE_MS.id())
                + ", memory beyond " + tolerance(StatId.MEM_RESIDENT_KB.id()) + " and disk beyond "
                + tolerance(StatId.DISK_KB.id()) + " (one pass, no spread). Load is the machine's, not"
                + " judged; a figure that is not positive (a heap that shrank) has no ratio. Worse here is not the"
                + " gate's verdict: the gate compares a run with its baseline by the tolerances of its thresholds file's"
                + " baseline section, wide by default so as to fail only a regression larger than a shared machine's"
                + " noise, so a move marked worse here may pass the gate (docs/gate.md).";
    }

    /** A one-pass statistic's tolerance as the runs describe it ("10%"), or "its tolerance". */
    private String tolerance(String stat) {
        return runs.stats.stream().filter(s -> s.id().equals(stat) && s.tolerance() != null).findFirst()
                .map(s -> HtmlPage.percent(s.tolerance())).orElse("its tolerance");
    }

    /** The two runs side by side: folder, start, parameters, machine, commit. */
    private List<List<Text>> runRows() {
        List<List<Text>> rows = new ArrayList<>();
        EnvironmentFile be = runs.before.environmentFile();
        EnvironmentFile ae = runs.after.environmentFile();
        rows.add(List.of(Text.of("run folder"), Text.code(beforeName), Text.code(afterName)));
        rows.add(Text.list("complete", runs.before.incomplete().map(why -> "no: " + why).orElse("yes"),
                runs.after.incomplete().map(why -> "no: " + why).orElse("yes")));
        rows.add(Text.list("started", started(runs.before), started(runs.after)));
        rows.add(Text.list("workload, stores (N), runs (R), held (M)", params(runs.before), params(runs.after)));
        rows.add(Text.list("machine", machine(be), machine(ae)));
        String bp = storebench.report.MachineSection.prices(be);
        String ap = storebench.report.MachineSection.prices(ae);
        if (!bp.equals(ap)) { // the machines charged differently: a figure of each is partly its machine's
            rows.add(Text.list("machine's prices, probed at plan time (docs/measuring.md, \"The machine\")", bp, ap));
        }
        rows.add(Text.list("commit", be.suite().gitCommit(), ae.suite().gitCommit()));
        return rows;
    }

    private static String started(RunResults run) {
        String started = run.runLine().started();
        return started.isEmpty() ? "?" : started;
    }

    private static String params(RunResults run) {
        return CompareRuns.scale(run, RunLine.Scale::workload) + ", N " + CompareRuns.scale(run, RunLine.Scale::stores)
                + ", R " + CompareRuns.scale(run, RunLine.Scale::runs) + ", M "
                + CompareRuns.scale(run, RunLine.Scale::hold);
    }

    private static String machine(EnvironmentFile env) {
        return env.host().cpuModel().orElse("?") + ", " + CompareRuns.cores(env) + " cores, Linux "
                + env.host().kernel().orElse("?") + ", " + env.benchRoot().fsType().orElse("?");
    }
}
