package storebench.tools;

import storebench.model.Setting;
import storebench.report.AtAGlanceBuilder;
import storebench.report.ReportBuilder;
import storebench.report.model.AtAGlance;
import storebench.report.model.Block;
import storebench.report.model.Text;
import storebench.report.model.Titles;
import storebench.report.render.AtAGlanceChart;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes README's result from a kept run (the table between its markers and the chart's SVG) so neither goes stale:
 * {@code mvn -q compile exec:java -Dexec.mainClass=storebench.tools.ReadmeFigures}, or {@code -Dexec.args="RUN_DIR
 * README SVG"}.
 */
public final class ReadmeFigures {
    /** The kept run at the reference's scale, README.md and the chart, from the project's top. */
    public static final Path RUN = Path.of("docs/runs/10k/all");
    public static final Path README = Path.of("README.md");
    public static final Path CHART = Path.of("docs/figures/oqc-10k.svg");
    static final String BEGIN = "<!-- result table: written by storebench.tools.ReadmeFigures; do not edit -->";
    static final String END = "<!-- end of result table -->";
    static final Markers MARKERS = new Markers(BEGIN, END);

    private ReadmeFigures() {
    }

    /** The figures README shows: the run's default setting. */
    public static AtAGlance figures(Path run) throws IOException {
        return AtAGlanceBuilder.of(RunResults.load(run), Setting.DEFAULT.id());
    }

    /** The Markdown between the markers: the report's opening, a line linking the whole report, the table. */
    public static String table(AtAGlance figures, Path run, Path readme) throws IOException {
        Path base = readme.toAbsolutePath().getParent();
        String report = base.relativize(run.toAbsolutePath().resolve("report.md")).toString().replace('\\', '/');
        // who wins first, in the words of the run's own report, so that README answers before it shows the table
        Block.Paragraph opening = Block.Paragraph.of(String.join(" ", ReportBuilder.opening(RunResults.load(run))));
        Block.Paragraph scope = new Block.Paragraph(Text.of(capitalized(figures.scope()) + "; medians of "
                + figures.shape().runs() + " open runs, each in a fresh process; memory with "
                + Titles.fmt(figures.shape().hold(), 0) + " stores open; ").plusStrong("bold").plus(
                ": the reference write-up's engines. The whole report: [" + report + "](" + report + ")."));
        return MarkdownReport.render(List.of(opening, scope, figures.table()));
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Writes README's table and the chart; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 0 && args.length != 3) {
            err.println("usage: ReadmeFigures [RUN_DIR README SVG]   (default: " + RUN + " " + README + " " + CHART
                    + ")");
            return Tool.BAD_INPUT;
        }
        Path run = args.length == 0 ? RUN : Path.of(args[0]);
        Path readme = args.length == 0 ? README : Path.of(args[1]);
        Path chart = args.length == 0 ? CHART : Path.of(args[2]);
        try {
            AtAGlance figures = figures(run);
            String text = Files.readString(readme, StandardCharsets.UTF_8);
            Files.writeString(readme, MARKERS.replace(text, table(figures, run, readme), readme),
                    StandardCharsets.UTF_8);
            out.println("wrote the table in " + readme);
            if (chart.getParent() != null) {
                Files.createDirectories(chart.getParent());
            }
            Files.writeString(chart, AtAGlanceChart.svg(figures), StandardCharsets.UTF_8);
            out.println("wrote " + chart);
            return 0;
        } catch (Exception e) {
            err.println("ReadmeFigures: " + Tool.firstLine(e, false));
            return Tool.BAD_INPUT;
        }
    }
}
