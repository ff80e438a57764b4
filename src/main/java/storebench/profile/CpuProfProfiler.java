package storebench.profile;

import storebench.model.TrialRuntime;
import storebench.results.FramesLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code node --cpu-prof} on the Node worker: per op, the top frames of samples inside the op's function. */
final class CpuProfProfiler implements Profiler {
    /** What the Node engines' top frames are and are not. */
    static final String NOTE = "node --cpu-prof (V8's sampling profiler, 1 ms): a native addon's work"
            + " shows as the binding's JS-visible function that runs it (exec, run, get, prepare, the Database"
            + " constructor, close), never as frames inside the engine's own C/Rust code (that would need perf with"
            + " native symbols)";

    @Override
    public String id() {
        return "cpuprof";
    }

    @Override
    public String describe() {
        return "node --cpu-prof every 1 ms (Node engines): the top frames of each op's function";
    }

    @Override
    public Optional<String> unavailable(TrialRuntime runtime) {
        return runtime == TrialRuntime.NODE ? Optional.empty()
                : Optional.of("--cpu-prof is Node's; a JVM engine's frames come from the profiler jfr");
    }

    @Override
    public List<String> runtimeOptions(TrialRuntime runtime, Path out) {
        return List.of("--cpu-prof", "--cpu-prof-dir=" + out, "--cpu-prof-interval=1000");
    }

    @Override
    public List<Record> read(Path out, TrialRuntime runtime, List<Request> requests, Path outputDir)
            throws IOException, InterruptedException {
        Path profile = null;
        for (int k = 0; k < 50 && profile == null; k++) {
            try (var files = Files.list(out)) {
                profile = files.filter(f -> f.toString().endsWith(".cpuprofile")).findFirst().orElse(null);
            }
            if (profile == null) {
                Thread.sleep(100); // written as the worker exits
            }
        }
        Map<String, Integer> items = new LinkedHashMap<>();
        requests.forEach(r -> items.merge(r.op(), r.items(), Integer::sum));
        List<Record> found = new ArrayList<>();
        for (Map.Entry<String, Integer> e : items.entrySet()) {
            FramesLine l = new FramesLine(id(), e.getKey(), Frames.phaseOf(e.getKey()), e.getValue(),
                    new FramesLine.Sampling("1 ms", e.getKey(), NOTE));
            found.add(profile == null ? l.unavailable("the worker wrote no .cpuprofile")
                    : l.sampled(outputDir.relativize(profile).toString(), null, e.getKey(),
                    NodeCpuProfile.top(profile, e.getKey(), Integer.MAX_VALUE), Frames.TOP));
        }
        return found;
    }
}
