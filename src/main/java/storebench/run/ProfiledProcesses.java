package storebench.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.model.TrialRuntime;
import storebench.profile.Profiler;
import storebench.results.ProfileLine;
import storebench.results.ResultsFile;
import storebench.trial.TrialProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The processes one trial started under profilers, each serving only the phase that started it; once it has exited,
 * the profilers' lines.
 */
final class ProfiledProcesses {
    /** A command wrapped by profilers, with the directory they write in. */
    record Wrapped(List<String> command, Path out, List<Profiler> profilers, String phase) {
    }

    private record Entry(Wrapped wrapped, String label, List<Profiler.Request> requests) {
    }

    private final Path outputDir;
    private final Path dir;
    private final TrialRuntime runtime;
    private final Map<TrialProcess, Entry> entries = Collections.synchronizedMap(new java.util.IdentityHashMap<>());
    private int started;

    /** {@code dir}: the trial's own folder under the run's profile/ folder. */
    ProfiledProcesses(Path outputDir, Path dir, TrialRuntime runtime) {
        this.outputDir = outputDir;
        this.dir = dir;
        this.runtime = runtime;
    }

    /** The command under these profilers (none: as it is), each process with a fresh folder of its own. */
    synchronized Wrapped wrap(List<String> command, List<Profiler> profilers, String phase) throws IOException {
        if (profilers.isEmpty()) {
            return new Wrapped(command, null, profilers, phase);
        }
        started++;
        Path out = dir.resolve(phase + "-" + started);
        if (Files.exists(out)) {
            throw new IOException(out + " exists already: a profiled process needs a folder of its own");
        }
        Files.createDirectories(out);
        return new Wrapped(Profiler.wrap(command, profilers, runtime, out), out, profilers, phase);
    }

    void started(TrialProcess process, Wrapped wrapped, String label) {
        if (wrapped.out() != null) {
            // named by its folder (the phase and the how-manieth profiled process), and its role where it has one
            String name = wrapped.out().getFileName() + (label.isEmpty() ? "" : " (" + label + ")");
            entries.put(process, new Entry(wrapped, name, Collections.synchronizedList(new ArrayList<>())));
        }
    }

    boolean profiled(TrialProcess process) {
        return entries.containsKey(process);
    }

    /** A request the process answered (ignored for a process no profiler watches, or an op not worth it). */
    void answered(TrialProcess process, String op, Instant from, Instant to, int items) {
        Entry e = entries.get(process);
        if (e != null && Profiler.OPS.contains(op)) {
            e.requests().add(new Profiler.Request(op, from, to, items));
        }
    }

    /** What the profilers found in a process that has exited. */
    List<ObjectNode> finish(TrialProcess process, Function<String, ObjectNode> line)
            throws IOException, InterruptedException {
        Entry e = entries.remove(process);
        if (e == null) {
            return List.of();
        }
        Watched watched = new Watched(e.wrapped().phase(), e.label(), outputDir.relativize(e.wrapped().out())
                .toString());
        List<ObjectNode> lines = new ArrayList<>();
        for (Profiler p : e.wrapped().profilers()) {
            for (Record found : p.read(e.wrapped().out(), runtime, List.copyOf(e.requests()), outputDir)) {
                lines.add(ResultsFile.with(ResultsFile.with(line.apply(ProfileLine.KIND), found), watched));
            }
        }
        return lines;
    }

    /** Where a profiler's finding comes from: the bench phase that started the process, its label and its folder. */
    record Watched(String benchPhase, String process, String profileDir) {
    }
}
