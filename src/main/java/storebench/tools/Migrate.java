package storebench.tools;

import storebench.phase.Phases;
import storebench.results.Migration;
import storebench.results.ResultsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link Migration} on the command line: {@code mvn -q exec:java -Dexec.mainClass=storebench.tools.Migrate
 * -Dexec.args=<folder>...}.
 */
public final class Migrate {
    /** The phases in the order they run, with their steps' ops: what a phase line that does not say is a step of. */
    public static final List<Migration.PhaseSteps> PHASES = Phases.ALL.stream().map(p -> new Migration.PhaseSteps(
            p.id(), p.steps().stream().map(storebench.phase.Phase.Step::op).toList())).toList();

    private Migrate() {
    }

    public static void main(String[] args) {
        Tool.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println("usage: Migrate <run folder>...   (a folder with results.jsonl, or of runs: each under it)");
            return Tool.BAD_INPUT;
        }
        int code = 0;
        for (String arg : args) {
            try {
                for (Path dir : Render.runsUnder(Path.of(arg))) {
                    int from = Migration.migrate(dir, PHASES);
                    out.println(dir + (from == ResultsFile.FORMAT ? ": format " + from + " already"
                            : ": format " + from + " -> " + ResultsFile.FORMAT));
                }
            } catch (IOException | RuntimeException e) {
                err.println("Migrate: " + e.getMessage());
                code = Tool.BAD_INPUT;
            }
        }
        return code;
    }
}
