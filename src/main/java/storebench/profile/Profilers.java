package storebench.profile;

import storebench.model.TrialRuntime;

import java.util.ArrayList;
import java.util.List;

/** The profilers bench.profilers may name, registered once. */
public final class Profilers {
    public static final Profiler STRACE = new StraceProfiler();
    public static final Profiler JFR = new JfrProfiler();
    public static final Profiler CPUPROF = new CpuProfProfiler();
    public static final List<Profiler> ALL = List.of(STRACE, JFR, CPUPROF);

    private Profilers() {
    }

    /** The profilers of a comma-separated list of ids; the error names the input and every valid id. */
    public static List<Profiler> parse(String ids) {
        List<Profiler> chosen = new ArrayList<>();
        if (ids == null || ids.isBlank()) {
            return chosen;
        }
        for (String id : ids.split(",")) {
            String want = id.trim();
            Profiler p = ALL.stream().filter(x -> x.id().equals(want)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("bench.profilers: unknown profiler '" + want + "' in '" + ids
                            + "'; valid profilers: " + String.join(", ", ALL.stream().map(Profiler::id).toList())));
            if (!chosen.contains(p)) {
                chosen.add(p);
            }
        }
        return chosen;
    }

    /** What -Dbench.profile=true's profiled pass runs under: strace, and JFR in a JVM or --cpu-prof in Node. */
    public static List<Profiler> forProfile(TrialRuntime runtime) {
        return List.of(STRACE, runtime == TrialRuntime.JVM ? JFR : CPUPROF);
    }
}
