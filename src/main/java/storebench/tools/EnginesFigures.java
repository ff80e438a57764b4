package storebench.tools;

import storebench.model.Setting;
import storebench.report.ReferenceDifferences;
import storebench.report.model.Block;
import storebench.report.model.Text;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes docs/engines.md's table of ratios that differ from the reference's from a kept run, between its markers
 * (EnginesFiguresTest checks it): {@code mvn -q compile exec:java -Dexec.mainClass=storebench.tools.EnginesFigures}, or
 * {@code -Dexec.args="RUN_DIR ENGINES_MD"}.
 */
public final class EnginesFigures {
    /** The kept default run, the reference's table at N=1,000, and the notebook, from the project's top. */
    public static final Path RUN = Path.of("docs/runs/1000/default-1b826d9");
    public static final Path ENGINES = Path.of("docs/engines.md");
    static final String BEGIN = "<!-- ratios against the reference: written by storebench.tools.EnginesFigures; do not"
            + " edit -->";
    static final String END = "<!-- end of ratios against the reference -->";
    static final Markers MARKERS = new Markers(BEGIN, END);

    private EnginesFigures() {
    }

    /** The Markdown between the markers: which run, then its table (or that no ratio differs that much). */
    public static String table(Path run, Path engines) throws IOException {
        RunResults results = RunResults.load(run);
        Path base = engines.toAbsolutePath().getParent();
        String folder = base.relativize(run.toAbsolutePath()).toString().replace('\\', '/');
        return MarkdownReport.render(List.of(new Block.Paragraph(Text.of("From the kept run [" + folder + "]("
                + folder + "/report.md) (" + storebench.report.model.Titles.fmt(results.runLine().scale().stores(), 0)
                + " stores, defaults, medians of " + results.runLine().scale().runs() + " open runs; measured on "
                + results.environmentFile().host().kernel().orElse("?") + "): each engine over the SQLite of its own"
                + " runtime, where its ratio differs from the reference's by more than 1.5 times. Where the run"
                + " recorded what a visit asks of the machine, the last column names the open runs' counter that"
                + " differs most between the two engines; a run kept before the counters has none.")),
                ReferenceDifferences.table(results, Setting.DEFAULT.id()).map(t -> (Block) t).orElse(Block.Paragraph
                        .of("No ratio of this run differs from the reference's by more than 1.5 times."))));
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Writes the table; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 0 && args.length != 2) {
            err.println("usage: EnginesFigures [RUN_DIR ENGINES_MD]   (default: " + RUN + " " + ENGINES + ")");
            return Tool.BAD_INPUT;
        }
        Path run = args.length == 0 ? RUN : Path.of(args[0]);
        Path engines = args.length == 0 ? ENGINES : Path.of(args[1]);
        try {
            String text = Files.readString(engines, StandardCharsets.UTF_8);
            Files.writeString(engines, MARKERS.replace(text, table(run, engines), engines), StandardCharsets.UTF_8);
            out.println("wrote the table in " + engines);
            return 0;
        } catch (Exception e) {
            err.println("EnginesFigures: " + Tool.firstLine(e, false));
            return Tool.BAD_INPUT;
        }
    }
}
