package storebench.tools;

import storebench.report.render.HtmlReport;
import storebench.results.RunFolder;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cost over N of runs of one workload, as OUT_DIR/cost-over-n.md and .html: {@code mvn -q compile exec:java
 * -Dexec.mainClass=storebench.tools.CostOverN -Dexec.args="OUT_DIR RUN_DIR RUN_DIR..."}. Bad input is one line naming
 * the folder, exit 2.
 */
public final class CostOverN {
    static final int BAD_INPUT = 2;

    private CostOverN() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Writes the page; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 3) {
            err.println("usage: CostOverN OUT_DIR RUN_DIR RUN_DIR...   (two or more run folders of one workload at"
                    + " different N; writes OUT_DIR/" + storebench.report.compare.CostOverN.MARKDOWN + " and "
                    + storebench.report.compare.CostOverN.HTML + ")");
            return BAD_INPUT;
        }
        Path outDir = Path.of(args[0]);
        try {
            List<storebench.report.compare.CostOverN.Run> runs = new ArrayList<>();
            for (int k = 1; k < args.length; k++) {
                Path dir = Path.of(args[k]);
                if (!Files.isDirectory(dir)) {
                    throw new IOException(dir + " is not a folder; give a run's folder such as target/bench");
                }
                runs.add(new storebench.report.compare.CostOverN.Run(args[k], RunResults.load(dir)));
            }
            storebench.report.compare.CostOverN page = new storebench.report.compare.CostOverN(runs);
            HtmlReport.headless();
            RunFolder.requireOurs(outDir, "OUT_DIR " + outDir);
            Files.createDirectories(outDir);
            RunFolder.mark(outDir);
            Path md = outDir.resolve(storebench.report.compare.CostOverN.MARKDOWN);
            Path html = outDir.resolve(storebench.report.compare.CostOverN.HTML);
            Files.writeString(md, page.markdown(), StandardCharsets.UTF_8);
            Files.writeString(html, page.html(), StandardCharsets.UTF_8);
            out.println("wrote " + md + " and " + html);
            return 0;
        } catch (IOException | RuntimeException e) {
            String message = e instanceof java.nio.file.FileSystemException fs ? RunFolder.reason(fs)
                    : e.getMessage() == null ? e.toString() : e.getMessage();
            err.println("CostOverN: " + message.lines().findFirst().orElse(message));
            return BAD_INPUT;
        }
    }
}
