package storebench.tools;

import storebench.report.render.HtmlReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cost over N of runs of one workload, as OUT_DIR/cost-over-n.md and .html: {@code mvn -q compile exec:java
 * -Dexec.mainClass=storebench.tools.CostOverN -Dexec.args="OUT_DIR RUN_DIR RUN_DIR..."}. Bad input is one line naming
 * the folder, exit 2.
 */
public final class CostOverN {
    private CostOverN() {
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Writes the page; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 3) {
            err.println("usage: CostOverN OUT_DIR RUN_DIR RUN_DIR...   (two or more run folders of one workload at"
                    + " different N; writes OUT_DIR/" + storebench.report.compare.CostOverN.MARKDOWN + " and "
                    + storebench.report.compare.CostOverN.HTML + ")");
            return Tool.BAD_INPUT;
        }
        Path outDir = Path.of(args[0]);
        try {
            List<storebench.report.compare.CostOverN.Run> runs = new ArrayList<>();
            for (int k = 1; k < args.length; k++) {
                runs.add(new storebench.report.compare.CostOverN.Run(args[k], Tool.load(Path.of(args[k]))));
            }
            storebench.report.compare.CostOverN page = new storebench.report.compare.CostOverN(runs);
            HtmlReport.headless();
            Tool.writePages(outDir, storebench.report.compare.CostOverN.MARKDOWN, page.markdown(),
                    storebench.report.compare.CostOverN.HTML, page.html(), out);
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("CostOverN: " + Tool.firstLine(e, true));
            return Tool.BAD_INPUT;
        }
    }
}
