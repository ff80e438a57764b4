package storebench.tools;

import storebench.report.compare.CompareReport;
import storebench.report.compare.CompareRuns;
import storebench.report.render.HtmlReport;
import storebench.results.RunFolder;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders two runs side by side as OUT_DIR/compare.md and compare.html: {@code mvn -q compile exec:java
 * -Dexec.mainClass=storebench.tools.Compare -Dexec.args="BEFORE_DIR AFTER_DIR OUT_DIR"}. Bad input is one line naming
 * file and line, exit 2. OUT_DIR must be storebench's ({@link storebench.results.RunFolder}). An incomplete run is
 * compared, and said so.
 */
public final class Compare {
    static final int BAD_INPUT = 2;

    private Compare() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the comparison; returns the exit code (0, or 2 for bad arguments or input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 3) {
            err.println("usage: Compare BEFORE_DIR AFTER_DIR OUT_DIR   (run folders such as target/bench; writes"
                    + " OUT_DIR/" + CompareReport.MARKDOWN + " and " + CompareReport.HTML + ")");
            return BAD_INPUT;
        }
        Path before = Path.of(args[0]);
        Path after = Path.of(args[1]);
        Path outDir = Path.of(args[2]);
        try {
            RunResults b = load(before);
            RunResults a = load(after);
            HtmlReport.headless();
            CompareReport report = new CompareReport(new CompareRuns(b, a), before.toString(), after.toString());
            RunFolder.requireOurs(outDir, "OUT_DIR " + outDir);
            try {
                Files.createDirectories(outDir);
                RunFolder.mark(outDir);
            } catch (IOException e) {
                throw new IOException("OUT_DIR " + outDir + " cannot be made: " + RunFolder.reason(e)
                        + "; give a folder you can write", e);
            }
            Path md = outDir.resolve(CompareReport.MARKDOWN);
            Path html = outDir.resolve(CompareReport.HTML);
            Files.writeString(md, report.markdown(), StandardCharsets.UTF_8);
            Files.writeString(html, report.html(), StandardCharsets.UTF_8);
            out.println("wrote " + md + " and " + html);
            report.incomplete().forEach(note -> err.println("Compare: " + note));
            report.profiled().ifPresent(note -> err.println("Compare: " + note));
            report.nothingShared().ifPresent(note -> err.println("Compare: " + note));
            return 0;
        } catch (IOException | RuntimeException e) {
            String message = e instanceof java.nio.file.FileSystemException fs ? RunFolder.reason(fs)
                    : e.getMessage() == null ? e.toString() : e.getMessage();
            err.println("Compare: " + message.lines().findFirst().orElse(message));
            return BAD_INPUT;
        }
    }

    private static RunResults load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + " is not a folder; give a run's folder such as target/bench");
        }
        return RunResults.load(dir);
    }
}
