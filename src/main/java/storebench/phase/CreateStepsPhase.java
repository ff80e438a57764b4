package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.Engines;
import storebench.measure.Latency;
import storebench.measure.LoadAverage;
import storebench.measure.Mounts;
import storebench.results.CreateStepsLine;
import storebench.results.ProfileLine;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Create, step by step (the profile's first table): N stores of its own, each step timed, on the bench root and on the
 * run's tmpfs root, where no device waits under the same work. Under a profiler it also runs open runs over them, so
 * the profiler sees the open path too. Its figures are profile lines, not statistics.
 */
public final class CreateStepsPhase extends Phase {
    static final Step STEPS = new Step(CreateAnswer.PROFILE_OP, false, null);
    static final Step OPENS = new Step(VisitsAnswer.OP, false, null);
    private static final Path SHM = Path.of("/dev/shm");
    static final List<String> STEP_NAMES = List.of("open", "build", "put", "close", "total");

    CreateStepsPhase() {
        super("createsteps", Processes.FRESH, List.of(STEPS, OPENS), List.of());
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        int n = run.params().stores();
        Path disk = run.stores().own(id());
        try {
            createSteps(run, disk, "disk");
            if (!run.params().profilers().isEmpty()) {
                WarmColdPhase.visit(run, OPENS, disk, WarmColdPhase.inOrder(n), 0);
                for (int r = 1; r <= run.params().runs(); r++) {
                    WarmColdPhase.openRun(run, OPENS, disk, r);
                }
            }
        } finally {
            run.stores().deleteOwn(disk);
        }
        if (run.params().profilers().isEmpty()) {
            Path tmpfs = null;
            try {
                tmpfs = run.stores().ownTmpfs(id());
                run.processes().fresh(); // the tmpfs root's own process, as the disk's
                createSteps(run, tmpfs, "tmpfs");
            } catch (FileNotFoundException e) {
                run.results().append(ProfileLine.KIND, new CreateStepsLine("tmpfs", LoadAverage.load1(),
                        e.getMessage(), null, null));
            } finally {
                if (tmpfs != null) {
                    run.stores().deleteOwn(tmpfs);
                }
            }
        }
        return new Measured(this);
    }

    private static void createSteps(PhaseRun run, Path dir, String rootName) throws Exception {
        int n = run.params().stores();
        ObjectNode request = run.processes().request(CreateAnswer.PROFILE_OP, new StoresRequest(dir.toString(),
                run.params().workload().id(), WarmColdPhase.inOrder(n)));
        double load1 = LoadAverage.load1();
        CreateAnswer result = run.processes().send(STEPS, request, n, CreateAnswer::of, (l, reply) -> { }).result();
        Map<String, Double> steps = new LinkedHashMap<>();
        for (String step : STEP_NAMES) {
            steps.put(step, Latency.p50Ms(Latency.histogram(result.samples(step))));
        }
        long wallNs = result.wallNs();
        Path root = rootOf(dir, run.params().root(), rootName);
        Mounts.Mount m = Mounts.of(root);
        run.results().append(ProfileLine.KIND, new CreateStepsLine(rootName, LoadAverage.load1(), null,
                new CreateStepsLine.Where(root.toString(), m.fsType(), m.options()), new CreateStepsLine.Made(n,
                wallNs / 1e6, n / (wallNs / 1e9), load1, steps, Engines.of(run.params().engineId()).put(),
                run.params().profilers())));
    }

    /** The root a store directory is on: the bench root, or the tmpfs root (a directory of /dev/shm) it is under. */
    private static Path rootOf(Path dir, Path benchRoot, String rootName) {
        Path p = dir;
        while (rootName.equals("tmpfs") && p.getParent() != null && !p.getParent().equals(SHM)) {
            p = p.getParent();
        }
        return rootName.equals("tmpfs") && p.getParent() != null ? p : benchRoot;
    }
}
