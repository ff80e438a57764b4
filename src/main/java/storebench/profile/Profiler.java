package storebench.profile;

import storebench.model.TrialRuntime;
import storebench.trial.answer.CapacityAnswer;
import storebench.trial.answer.ConcurrentAnswer;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.HoldAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A profiler wraps a trial process as JMH's external profilers wrap a fork: it adds to the command that starts it and,
 * once it has exited, reads what it wrote, as a profile line per request. Any phase can run under one
 * (bench.profilers); register it in {@link Profilers}.
 */
public interface Profiler {
    /** The requests worth profiling: those that make or visit stores. */
    Set<String> OPS = Set.of(CreateAnswer.OP, CreateAnswer.PROFILE_OP, VisitsAnswer.OP, HoldAnswer.OP,
            CapacityAnswer.OP, ConcurrentAnswer.OP);

    /** Its name in bench.profilers and in its lines. */
    String id();

    /** What it records, for docs/options.md and the report. */
    String describe();

    /** Why it cannot profile a process of this runtime here (not installed, not this runtime's); empty if it can. */
    Optional<String> unavailable(TrialRuntime runtime);

    /** What goes before the trial's command (strace and its options); {@code out} is the process' own folder. */
    default List<String> commandPrefix(Path out) {
        return List.of();
    }

    /** What goes right after the runtime's executable (a JVM option, a Node flag); {@code out}: the process' folder. */
    default List<String> runtimeOptions(TrialRuntime runtime, Path out) throws IOException {
        return List.of();
    }

    /** A trial process' command under these profilers: their prefixes, the executable, their options, the rest. */
    static List<String> wrap(List<String> command, List<Profiler> profilers, TrialRuntime runtime, Path out)
            throws IOException {
        List<String> cmd = new java.util.ArrayList<>();
        for (Profiler p : profilers) {
            cmd.addAll(p.commandPrefix(out));
        }
        cmd.add(command.get(0));
        for (Profiler p : profilers) {
            cmd.addAll(p.runtimeOptions(runtime, out));
        }
        cmd.addAll(command.subList(1, command.size()));
        return cmd;
    }

    /** What it found, once the process exited: a line record per op; file names relative to {@code outputDir}. */
    List<Record> read(Path out, TrialRuntime runtime, List<Request> requests, Path outputDir)
            throws IOException, InterruptedException;

    /** One request the process answered: op, when sent and answered, stores visited or made. */
    record Request(String op, Instant from, Instant to, int items) {
    }
}
