package storebench.tools;

import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.phase.Phases;
import storebench.report.ReportFiles;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.Verdicts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Re-renders a run's reports and exports from its files ({@link ReportFiles}):
 * {@code mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Render -Dexec.args=target/bench}; given a folder of
 * runs ({@code docs/runs}), every run under it. Given a thresholds file (a second argument or {@code
 * -Dbench.thresholds}), it first judges each run again, writing verdicts.json anew (exit 1 where a rule fails). Damaged
 * input the reports can do without is marked and said on stderr; bad input is one line naming file and line, exit 2.
 */
public final class Render {
    private Render() {
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    /** Renders (judging again first where a thresholds file is given); returns the exit code: 0, 1 or 2. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 1 && args.length != 2) {
            err.println("usage: Render <run folder> [thresholds file]   (a folder with results.jsonl, e.g. target/bench;"
                    + " a folder of runs, e.g. docs/runs, renders every run under it; with a thresholds file, or"
                    + " -Dbench.thresholds=FILE, each run is judged again by it first)");
            return Tool.BAD_INPUT;
        }
        Path dir = Path.of(args[0]);
        if (!Files.isDirectory(dir)) {
            err.println("Render: " + dir + " is not a folder; give a run's folder such as target/bench");
            return Tool.BAD_INPUT;
        }
        List<Path> runs;
        try {
            runs = runsUnder(dir);
        } catch (IOException e) {
            err.println("Render: cannot read " + dir + ": " + e.getMessage());
            return Tool.BAD_INPUT;
        }
        Optional<Path> thresholds = args.length == 2 ? Optional.of(Path.of(args[1]))
                : Optional.ofNullable(System.getProperty("bench.thresholds")).map(Path::of);
        int code = 0;
        for (Path run : runs) {
            code = Math.max(code, renderOne(run, thresholds, out, err));
        }
        return code;
    }

    /** The run folders {@code dir} stands for: itself where it holds a results file or no run, else each below it. */
    static List<Path> runsUnder(Path dir) throws IOException {
        if (Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
            return List.of(dir);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> runs = files.filter(p -> p.getFileName().toString().equals(ResultsFile.NAME))
                    .map(Path::getParent).sorted().toList();
            return runs.isEmpty() ? List.of(dir) : runs;
        }
    }

    private static int renderOne(Path dir, Optional<Path> thresholds, PrintStream out, PrintStream err) {
        try {
            Optional<Verdicts> judged = thresholds.isEmpty() ? Optional.empty()
                    : Optional.of(judge(dir, thresholds.get(), out));
            ReportFiles.write(dir, Phases.ALL, said -> (said.startsWith("damaged: ") ? err : out).println(said
                    .startsWith("damaged: ") ? "Render: " + said : said));
            return judged.map(v -> Tool.gate(v, out)).orElse(0);
        } catch (Exception e) {
            err.println("Render: cannot render " + dir + ": " + Tool.firstLine(e, false));
            return Tool.BAD_INPUT;
        }
    }

    /** Judges a run again by a thresholds file (and its verdicts' baseline, where there), writing verdicts.json. */
    static Verdicts judge(Path dir, Path thresholdsFile, PrintStream out) throws IOException {
        if (!Files.isRegularFile(thresholdsFile)) {
            throw new IOException("no thresholds file at " + thresholdsFile.toAbsolutePath() + ": give the file to judge"
                    + " the run by, e.g. thresholds.yaml");
        }
        RunResults results = RunResults.load(dir);
        Thresholds thresholds = Thresholds.load(thresholdsFile, knownStats(List.of(results)));
        Optional<String> recorded = Verdicts.readIfPresent(dir).flatMap(Verdicts::baseline);
        Optional<String> baseline = recorded.filter(b -> Files.exists(Path.of(b)));
        if (recorded.isPresent() && baseline.isEmpty()) {
            out.println("the baseline " + recorded.get() + " that verdicts.json names is gone: the comparison with it is"
                    + " not evaluated");
        }
        Optional<RunResults> baselineRun = baseline.isEmpty() ? Optional.empty()
                : Optional.of(Gate.loadBaseline(Path.of(baseline.get())));
        Verdicts verdicts = Verdicts.of(thresholds, baseline.orElse(null), results, baselineRun);
        out.println("wrote " + verdicts.write(dir) + " (judged by " + thresholdsFile + ")");
        return verdicts;
    }

    /** The statistics a thresholds file may name for these runs: the catalogue's and any the runs describe. */
    static List<Stat> knownStats(List<RunResults> runs) {
        List<Stat> known = new ArrayList<>(Phases.stats());
        RunResults.stats(runs).stream().filter(st -> !known.contains(st)).forEach(known::add);
        return known;
    }
}
