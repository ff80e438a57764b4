package storebench.run;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.concurrent.ConcurrentHashMap;
import storebench.measure.DiskFull;
import storebench.model.Setting;
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

/**
 * The stores a trial's phases work on: its pool, made once (or reused under bench.reuse), and the phases' own
 * directories. Nothing it did not make is deleted.
 */
class TrialPool implements PhaseStores {
    static final String POOL_IDENTITY = "pool.json";

    final Bench bench;
    final Trial trial;
    private final EngineDescriptor engine;
    private final Setting setting;
    final TrialProcesses processes;
    private final TrialResults results;
    /** The pool's folder under its workload's and engine's: the setting's id for a trial's own. */
    private final String poolFolder;
    private volatile Path poolDir;
    /** The directories of stores a phase made itself (the capacity phase's), until it deletes them. */
    private final Set<Path> ownDirs = ConcurrentHashMap.newKeySet();
    private boolean deleted;
    private boolean leftoversDeleted;
    private boolean ready;
    private int created;
    private int reused;
    private final List<String> notReused = new ArrayList<>();

    TrialPool(Bench bench, Trial trial, String poolFolder, TrialProcesses processes, TrialResults results) {
        this.bench = bench;
        this.trial = trial;
        this.engine = trial.engine();
        this.setting = trial.setting();
        this.poolFolder = poolFolder;
        this.processes = processes;
        this.results = results;
    }

    @Override
    public synchronized void ensure() throws Exception {
        if (ready) {
            return;
        }
        Path dir = poolDir(workload());
        Set<Integer> valid = reusable(dir);
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < bench.options.stores; i++) {
            if (!valid.contains(i)) {
                missing.add(i);
                requireNothingAt(StoreLayout.storeDir(dir, i));
            }
        }
        reused = valid.size();
        created = missing.size();
        Protocol.JSON.writeValue(dir.resolve(POOL_IDENTITY).toFile(), identity());
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
        boolean sameMaker = bench.options.reuse && !existing.isEmpty() && sameIdentity(identity());
        if (sameMaker) {
            List<Integer> candidates = existing.stream().filter(i -> i < bench.options.stores).toList();
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
        if (engineDir != null && Files.isDirectory(engineDir)) {
            try (java.util.stream.Stream<Path> settings = Files.list(engineDir)) {
                for (Path other : settings.sorted().toList()) {
                    if (!other.equals(dir) && Files.isDirectory(other) && !StorePool.existingStores(other).isEmpty()) {
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
        return poolDir;
    }

    synchronized int created() {
        return created;
    }

    synchronized int reused() {
        return reused;
    }

    private Path poolDir(Workload workload) throws IOException {
        deleteLeftovers();
        if (poolDir == null) {
            poolDir = bench.pool.trialDir(workload.id(), engine.id(), poolFolder);
        }
        return poolDir;
    }

    /** The pool's directory; null before {@link #ensure} chose it. */
    Path poolDir() {
        return poolDir;
    }

    /**
     * Deletes, once, what a killed run of this engine and setting left in the phases' own directories, whichever phases
     * this run measures: a phase deletes its own stores when it ends, so any found now no later run would reach.
     */
    private synchronized void deleteLeftovers() throws IOException {
        if (leftoversDeleted) {
            return;
        }
        leftoversDeleted = true;
        List<Path> owns = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> dirs = Files.newDirectoryStream(bench.pool.root())) {
            for (Path d : dirs) {
                Path own = d.resolve(engine.id()).resolve(setting.id());
                if (!Workload.isId(d.getFileName().toString()) && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)
                        && Files.isDirectory(d.resolve(engine.id()), LinkOption.NOFOLLOW_LINKS)
                        && Files.isDirectory(own, LinkOption.NOFOLLOW_LINKS)) {
                    owns.add(own);
                }
            }
        }
        for (Path own : owns) {
            int left = StorePool.existingStores(own).size();
            if (left > 0) {
                bench.console.println("[storebench] " + trial + ": deleting " + left + " stores a stopped run left in "
                        + own + " (a phase's own stores, deleted when it ends)");
                bench.pool.deleteStores(own);
            }
        }
    }

    /** A directory of the phase's own under the bench root, emptied of what an earlier run left there. */
    @Override
    public Path own(String phase) throws IOException {
        deleteLeftovers();
        Path own = bench.pool.trialDir(phase, engine.id(), setting.id()); // never a workload's name: not the pool
        bench.pool.deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    @Override
    public Path ownTmpfs(String phase) throws IOException {
        ScratchRoot tmpfs = bench.scratch();
        Path own = tmpfs.trialDir(phase, engine.id(), setting.id());
        tmpfs.pool().deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    @Override
    public void deleteOwn(Path own) throws IOException {
        StorePool root = own.startsWith(bench.pool.root()) ? bench.pool : bench.scratch().pool();
        root.deleteStores(own);
        ownDirs.remove(own);
        root.settle();
    }

    /** A store's directory is made by the trial process; anything already there is not ours to replace. */
    private static void requireNothingAt(Path store) throws IOException {
        if (!Files.exists(store, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String what = Files.isSymbolicLink(store) ? "a symbolic link (to " + Files.readSymbolicLink(store) + ")"
                : "a file, not a store directory";
        throw new IOException(store + " is " + what + " that storebench did not make: it creates each store's directory"
                + " itself and never writes through, or deletes, what it did not make. Remove it, or choose another"
                + " -Dbench.root");
    }

    /** Whether the kept pool was made by what would make it now ({@code identity}: engine, versions, workload). */
    private boolean sameIdentity(JsonNode identity) throws IOException {
        Path file = poolDir.resolve(POOL_IDENTITY);
        if (!Files.isRegularFile(file)) {
            bench.console.println("[storebench] " + trial + ": kept stores have no " + POOL_IDENTITY + "; not reused");
            return false;
        }
        JsonNode kept;
        try {
            kept = Protocol.JSON.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // what made the stores is unknown: none is reused, each is made anew, and pool.json written again
            bench.console.println("[storebench] " + trial + ": " + file + " is damaged (not JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse("") + "), so what made the kept stores is"
                    + " unknown; not reused: the stores are made anew (bench.reuse)");
            return false;
        }
        boolean same = identity.equals(kept);
        if (!same) {
            bench.console.println("[storebench] " + trial + ": kept stores were made by another engine version; not reused");
        }
        return same;
    }

    /** Names the bench root's free space where an engine ran out of disk (H2 may fail without saying why). */
    String diskFullHint(String message, Workload workload) {
        long free = DiskFull.freeBytes(bench.pool.root());
        long store = engine.diskEstimateBytes(workload);
        if (!DiskFull.says(message) && (free < 0 || free >= store)) {
            return "";
        }
        return "\nThe bench root " + bench.pool.root() + " is full (" + DiskFull.free(free) + "; a store of "
                + engine.id() + " needs about " + DiskEstimate.mib(store) + "). Stores that were"
                + " not finished are never reused: their count does not match.";
    }

    synchronized void deletePool() throws IOException {
        if (poolDir != null && !bench.options.keep && !deleted) {
            bench.pool.deleteStores(poolDir);
            bench.pool.settle();
            deleted = true;
        }
    }

    /** From the shutdown hook, without the trial's lock (the interrupted phase may hold it). */
    void deleteOnInterrupt() throws IOException {
        for (Path own : List.copyOf(ownDirs)) {
            deleteOwn(own);
        }
        Path p = poolDir;
        if (p != null && !bench.options.keep) {
            bench.pool.deleteStores(p);
        }
    }
}
