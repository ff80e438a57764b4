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
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.answer.CheckAnswer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The stores a trial's phases work on: its pool, made once (created, or reused where bench.reuse allows: its create and
 * disk figures recorded as it is made), and the directories of the phases' own stores.
 */
final class TrialPool implements PhaseStores {
    private final Bench bench;
    private final Trial trial;
    private final EngineDescriptor engine;
    private final StoreDirectories dirs;
    private final TrialProcesses processes;
    private final TrialResults results;
    private boolean ready;
    private int created;
    private int reused;

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
        results.append(results.line("pool").put("created", created).put("reused", reused));
        if (bench.options.phases.contains(Phases.DISK)) {
            results.record(Phases.DISK, DiskPhase.measureFiles(trial, dir));
        }
        ready = true;
    }

    /**
     * The kept stores of the pool that are still valid (bench.reuse: same engine, versions and workload, and each one
     * opens and counts W); every other store of the first N found is deleted, to be made anew. Kept stores beyond N (a
     * run with fewer stores than the one that kept them) are no part of this run: they are left as they are, said
     * once, for a later run with more stores.
     */
    private Set<Integer> reusable(Path dir) throws Exception {
        Set<Integer> valid = new TreeSet<>();
        List<Integer> existing = StorePool.existingStores(dir);
        boolean sameMaker = bench.options.reuse && !existing.isEmpty() && dirs.sameIdentity(identity());
        if (sameMaker) {
            List<Integer> candidates = new ArrayList<>();
            existing.stream().filter(i -> i < bench.options.stores).forEach(candidates::add);
            ObjectNode check = trial.processes().request(CheckAnswer.OP);
            check.set("stores", Protocol.ints(candidates.stream().mapToInt(Integer::intValue).toArray()));
            valid.addAll(trial.processes().send(new Phase.Step(CheckAnswer.OP, false, null), check, candidates.size(),
                    CheckAnswer::of, (l, reply) -> { }).result().valid());
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

    /** What the kept stores were made by: engine, its versions, workload. Reuse requires the same. */
    private JsonNode identity() throws Exception {
        ObjectNode id = Protocol.JSON.createObjectNode().put("engine", engine.id()).put("workload", workload().id());
        id.set("versions", engineInfo());
        return id;
    }

    /** The engine's versions and settings as its trial process reports them. */
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
