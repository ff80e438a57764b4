package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.Measured;
import storebench.phase.Phase;
import storebench.phase.PhaseStores;
import storebench.phase.Phases;
import storebench.phase.StoresRequest;
import storebench.results.PoolLine;
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.answer.CheckAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The stores a trial's phases work on: its pool, made once (or reused under bench.reuse), and the phases' own. */
class TrialPool implements PhaseStores {
    final Bench bench;
    final Trial trial;
    private final EngineDescriptor engine;
    final StoreDirectories dirs;
    final TrialProcesses processes;
    private final TrialResults results;
    private boolean ready;
    private int created;
    private int reused;
    private final List<String> notReused = new ArrayList<>();

    TrialPool(Bench bench, Trial trial, EngineDescriptor engine, StoreDirectories dirs, TrialProcesses processes,
              TrialResults results) {
        this.bench = bench;
        this.trial = trial;
        this.engine = engine;
        this.dirs = dirs;
        this.processes = processes;
        this.results = results;
    }

    @Override
    public synchronized void ensure() throws Exception {
        if (ready) {
            return;
        }
        Path dir = dirs.pool(workload());
        Set<Integer> valid = reusable(dir);
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < bench.options.stores; i++) {
            if (!valid.contains(i)) {
                missing.add(i);
                StoreDirectories.requireNothingAt(StoreLayout.storeDir(dir, i));
            }
        }
        reused = valid.size();
        created = missing.size();
        dirs.writeIdentity(identity());
        if (!missing.isEmpty()) {
            DiskEstimate.requireSpace(dir, engine.diskEstimateBytes(workload(), DiskEstimate.opensPerStore(
                    bench.options)) * missing.size(), "creating " + missing.size() + " stores of " + engine.id());
            // the pool is made whatever bench.phases says; its figures are the create phase's only where it was asked
            boolean createAsked = bench.options.phases.contains(Phases.CREATE);
            Measured made = CreatePhase.create(trial, missing, createAsked);
            if (createAsked) {
                results.record(Phases.CREATE, made);
            }
        }
        results.append(PoolLine.KIND, new PoolLine(trial.params().column(), created, reused, notReused));
        if (bench.options.phases.contains(Phases.DISK)) {
            results.record(Phases.DISK, DiskPhase.measureFiles(trial, dir));
        }
        ready = true;
    }

    /**
     * The kept stores still valid (same identity, each opens and counts W); the others of the first N are deleted.
     * Stores beyond N are left for a later run with more stores.
     */
    private Set<Integer> reusable(Path dir) throws Exception {
        Set<Integer> valid = new TreeSet<>();
        List<Integer> existing = StorePool.existingStores(dir);
        boolean sameMaker = bench.options.reuse && !existing.isEmpty() && dirs.sameIdentity(identity());
        if (sameMaker) {
            List<Integer> candidates = new ArrayList<>();
            existing.stream().filter(i -> i < bench.options.stores).forEach(candidates::add);
            ObjectNode check = trial.processes().request(CheckAnswer.OP, new StoresRequest(candidates.stream()
                    .mapToInt(Integer::intValue).toArray()));
            valid.addAll(trial.processes().send(new Phase.Step(CheckAnswer.OP, false, null), check, candidates.size(),
                    CheckAnswer::of, (l, reply) -> { }).result().valid());
            List<Integer> failed = candidates.stream().filter(i -> !valid.contains(i)).toList();
            if (!failed.isEmpty()) {
                say(failed.size() + " kept store" + (failed.size() == 1 ? "" : "s") + " failed the check ("
                        + stores(failed) + ": damaged, unreadable, or not " + workload().notesPerStore()
                        + " notes): made anew");
            }
        } else if (bench.options.reuse && existing.isEmpty()) {
            say("nothing to reuse: no kept stores in " + dir + otherSettings(dir));
        }
        List<Integer> beyond = new ArrayList<>();
        for (int i : existing) {
            if (sameMaker && i >= bench.options.stores) {
                beyond.add(i);
            } else if (!valid.contains(i)) {
                bench.pool.deleteStore(dir, i); // fresh by default; with reuse, an invalid store is made anew
            }
        }
        if (!beyond.isEmpty()) {
            java.util.Collections.sort(beyond);
            bench.console.println("[storebench] " + trial + ": " + beyond.size() + " kept stores beyond N = "
                    + bench.options.stores + " (store-" + beyond.get(0) + " to store-" + beyond.get(beyond.size() - 1)
                    + ") are not used by this run and left as they are (bench.reuse)");
        }
        return valid;
    }

    /** Said on the console and kept in the pool line. */
    private void say(String what) {
        bench.console.println("[storebench] " + trial + ": " + what + " (bench.reuse)");
        notReused.add(what);
    }

    /** "store-3" or "store-3, store-7 and 2 more". */
    private static String stores(List<Integer> ids) {
        String named = ids.stream().limit(3).map(i -> "store-" + i).collect(java.util.stream.Collectors.joining(", "));
        return ids.size() > 3 ? named + " and " + (ids.size() - 3) + " more" : named;
    }

    /** This engine's pools under other settings, which are not reused under this one. */
    private static String otherSettings(Path dir) throws IOException {
        Path engineDir = dir.getParent();
        List<String> others = new ArrayList<>();
        if (engineDir != null && java.nio.file.Files.isDirectory(engineDir)) {
            try (java.util.stream.Stream<Path> settings = java.nio.file.Files.list(engineDir)) {
                for (Path other : settings.sorted().toList()) {
                    if (!other.equals(dir) && java.nio.file.Files.isDirectory(other)
                            && !StorePool.existingStores(other).isEmpty()) {
                        others.add(other.getFileName().toString());
                    }
                }
            }
        }
        return others.isEmpty() ? "" : "; this engine's kept stores are under " + String.join(", ", others)
                + ", and a pool is kept per setting: stores kept under one setting are not reused under another";
    }

    private JsonNode identity() throws Exception {
        return Protocol.JSON.valueToTree(new Identity(engine.id(), workload().id(), engineInfo()));
    }

    /** A pool's pool.json: the engine, the workload and the engine's versions its stores were made with. */
    private record Identity(String engine, String workload, JsonNode versions) {
    }

    private JsonNode engineInfo() throws Exception {
        if (processes.engineInfo() == null) {
            try {
                processes.current();
            } catch (TrialFailure | IOException | RuntimeException e) {
                throw trial.recordFailure("create", "starting the trial process", e);
            }
        }
        return processes.engineInfo();
    }

    private Workload workload() {
        return bench.options.workload;
    }

    @Override
    public synchronized Path pool() {
        if (!ready) {
            throw new IllegalStateException(trial + ": the pool is not made yet (ensure it first)");
        }
        return dirs.pool();
    }

    @Override
    public Path own(String name) throws IOException {
        return dirs.own(name);
    }

    @Override
    public Path ownTmpfs(String name) throws IOException {
        return dirs.ownTmpfs(name);
    }

    @Override
    public void deleteOwn(Path dir) throws IOException {
        dirs.deleteOwn(dir);
    }

    synchronized int created() {
        return created;
    }

    synchronized int reused() {
        return reused;
    }
}
