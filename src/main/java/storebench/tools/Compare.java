package storebench.tools;

import storebench.report.compare.CompareReport;
import storebench.report.compare.CompareRuns;
import storebench.report.render.HtmlReport;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Renders two runs side by side as OUT_DIR/compare.md and compare.html: {@code mvn -q compile exec:java
 * -Dexec.mainClass=storebench.tools.Compare -Dexec.args="BEFORE_DIR AFTER_DIR OUT_DIR"}. Bad input is one line naming
 * file and line, exit 2. OUT_DIR must be storebench's ({@link storebench.results.RunFolder}). An incomplete run is
 * compared, and said so.
 */
public final class Compare {
    private Compare() {
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Runs the comparison; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 3) {
            err.println("usage: Compare BEFORE_DIR AFTER_DIR OUT_DIR   (run folders such as target/bench; writes"
                    + " OUT_DIR/" + CompareReport.MARKDOWN + " and " + CompareReport.HTML + ")");
            return Tool.BAD_INPUT;
        }
        Path before = Path.of(args[0]);
        Path after = Path.of(args[1]);
        Path outDir = Path.of(args[2]);
        try {
            RunResults b = Tool.load(before);
            RunResults a = Tool.load(after);
            HtmlReport.headless();
            CompareReport report = new CompareReport(new CompareRuns(b, a), before.toString(), after.toString());
            Tool.writePages(outDir, CompareReport.MARKDOWN, report.markdown(), CompareReport.HTML, report.html(), out);
            report.incomplete().forEach(note -> err.println("Compare: " + note));
            report.profiled().ifPresent(note -> err.println("Compare: " + note));
            report.nothingShared().ifPresent(note -> err.println("Compare: " + note));
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("Compare: " + Tool.firstLine(e, true));
            return Tool.BAD_INPUT;
        }
    }
}
