package storebench.tools;

import storebench.gate.Verdicts;
import storebench.results.RunFolder;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the command-line tools share: the exit code of bad input, how a main exits, how a failure is said. */
final class Tool {
    /** Bad arguments or input: one line naming what, as every tool says it. */
    static final int BAD_INPUT = 2;

    /** The run was judged and its reports written, and a rule of the thresholds file failed. */
    static final int GATE_FAILED = 1;

    private Tool() {
    }

    /** Exits with a tool's code, where it is not 0 (a main that returns lets exec:java end as it does). */
    static void exit(int code) {
        if (code != 0) {
            System.exit(code);
        }
    }

    /** What went wrong: the exception's message, or the exception itself where it has none. */
    static String message(Exception e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** The first line of what went wrong; with {@code fileSystem}, a file system's failure said as its reason. */
    static String firstLine(Exception e, boolean fileSystem) {
        String message = fileSystem && e instanceof java.nio.file.FileSystemException fs ? RunFolder.reason(fs)
                : message(e);
        return message.lines().findFirst().orElse(message);
    }

    /** Says the gate's headline and each failure; returns the exit code, {@link #GATE_FAILED} where a rule failed. */
    static int gate(Verdicts verdicts, PrintStream out) {
        out.println("gate " + verdicts.headline());
        verdicts.failures().forEach(f -> out.println("  " + f.message()));
        return verdicts.failures().isEmpty() ? 0 : GATE_FAILED;
    }

    /** The results of a run's folder, which must be one. */
    static RunResults load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + " is not a folder; give a run's folder such as target/bench");
        }
        return RunResults.load(dir);
    }

    /** Writes a page's Markdown and HTML into OUT_DIR, a folder of storebench's ({@link RunFolder}), and says so. */
    static void writePages(Path outDir, String markdownName, String markdown, String htmlName, String html,
                           PrintStream out) throws IOException {
        RunFolder.requireOurs(outDir, "OUT_DIR " + outDir);
        try {
            Files.createDirectories(outDir);
            RunFolder.mark(outDir);
        } catch (IOException e) {
            throw new IOException("OUT_DIR " + outDir + " cannot be made: " + RunFolder.reason(e)
                    + "; give a folder you can write", e);
        }
        Path md = outDir.resolve(markdownName);
        Path page = outDir.resolve(htmlName);
        Files.writeString(md, markdown, StandardCharsets.UTF_8);
        Files.writeString(page, html, StandardCharsets.UTF_8);
        out.println("wrote " + md + " and " + page);
    }
}
