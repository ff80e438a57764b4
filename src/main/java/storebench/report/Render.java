package storebench.report;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Re-renders a run's reports (report.md, report.html) from its output files:
 * {@code mvn -q compile exec:java -Dexec.mainClass=storebench.report.Render -Dexec.args=target/bench}.
 */
public final class Render {
    private Render() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: Render <run folder>   (a folder with results.jsonl, e.g. target/bench)");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        if (!Files.isDirectory(dir)) {
            System.err.println("Render: " + dir + " is not a folder; give a run's folder such as target/bench");
            System.exit(2);
        }
        try {
            System.out.println("wrote " + MarkdownReport.write(dir));
            System.out.println("wrote " + HtmlReport.write(dir));
        } catch (Exception e) {
            System.err.println("Render: cannot render " + dir + ": " + e.getMessage());
            System.exit(1);
        }
    }
}
