package storebench.run;

import java.util.Optional;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The options of the small real runs the harness' tests make (sqlite or a few JVM engines, small workload, default
 * setting, one run, a warm-up of 10 visits, a capacity phase of 20 stores): each test gives only what it is about.
 * The harness' tests check what a run does and records, not its figures: a warm-up long enough for figures (thousands
 * of visits per fresh process) would be most of their time.
 */
final class SmallRuns {
    private SmallRuns() {
    }

    /** Options with output in {@code out}, stores under {@code root}, then {@code more} over the defaults. */
    static BenchOptions options(Path out, Path root, Map<String, String> more) {
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", System.getProperty("bench.projectDir", System.getProperty("user.dir")));
        p.put("bench.out", out.toString());
        p.put("bench.root", root.toString());
        p.put("bench.engines", "sqlite");
        p.put("bench.settings", "default");
        p.put("bench.workload", "small");
        p.put("bench.stores", "5");
        p.put("bench.runs", "1");
        p.put("bench.warmupOpens", "10");
        p.put("bench.jitVisits", "0"); // the JIT floor (10,000 visits) is WarmUpRunTest's
        p.put("bench.trialHeapMb", "64"); // pre-touching 256 MiB costs 1.4 s per trial process here
        p.put("bench.capacityMax", "20");
        p.put("bench.capacityMarginMb", "512");
        p.put("bench.phases", "all"); // the tests pick phases by their selectors, not by it.test
        p.put("bench.trafficSeconds", "0.2"); // the traffic phase's open loop: 5 s per run by default
        p.put("bench.trafficPerKind", "0"); // and no floor of 10,000 reads and writes a run
        p.putAll(more);
        return new BenchOptions(p::get, k -> null, Optional.empty());
    }

    /** A stand-in suite's -D of the machine probe ({@link MachineProbe#SWITCH}): as this test JVM has it. */
    static String machineProbe() {
        return "-D" + MachineProbe.SWITCH + "=" + System.getProperty(MachineProbe.SWITCH, "on");
    }
}
