package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.EngineDescriptor;
import storebench.measure.DiskFull;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.Protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where one trial's stores live: its pool (the N stores every phase visits, with the identity of what made them, for
 * bench.reuse) and the directories its phases make stores of their own in, on the bench root or the run's tmpfs root.
 * Nothing it did not make is deleted.
 */
final class StoreDirectories {
    static final String POOL_IDENTITY = "pool.json";

    private final Bench bench;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    /** The directories of stores a phase made itself (the capacity phase's), until it deletes them. */
    private final Set<Path> ownDirs = ConcurrentHashMap.newKeySet();
    private final String poolFolder;
    private volatile Path pool;
    private boolean deleted;
    /** Whether what a stopped run left in the phases' own directories of this engine and setting was deleted yet. */
    private boolean leftoversDeleted;

    /** {@code poolFolder}: the pool's folder under its workload's and engine's, the setting's id for a trial's own. */
    StoreDirectories(Bench bench, EngineDescriptor engine, Setting setting, String name, String poolFolder) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.name = name;
        this.poolFolder = poolFolder;
    }

    /** The pool's directory under the bench root (made if missing). */
    Path pool(Workload workload) throws IOException {
        deleteLeftovers();
        if (pool == null) {
            pool = bench.pool.trialDir(workload.id(), engine.id(), poolFolder);
        }
        return pool;
    }

    /** The pool's directory; null before {@link #pool(Workload)}. */
    Path pool() {
        return pool;
    }

    /**
     * Deletes, once, before this trial makes a store, the stores a killed run of this engine and setting left in the
     * phases' own directories on the bench root ({@code <phase>/<engine>/<setting>}: every folder of the root that is
     * no workload's pool), whichever phases this run measures: a phase's own stores are deleted when it ends, so any
     * found now are a stopped run's, which no later run would otherwise reach (the traffic phase's N copies, a run
     * without the traffic phase after a kill -9 in it). The pools of the workloads are bench.keep's and left alone.
     */
    private synchronized void deleteLeftovers() throws IOException {
        if (leftoversDeleted) {
            return;
        }
        leftoversDeleted = true;
        List<Path> owns = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> dirs = Files.newDirectoryStream(bench.pool.root())) {
            for (Path d : dirs) {
                boolean pool = Workload.isId(d.getFileName().toString());
                Path own = d.resolve(engine.id()).resolve(setting.id());
                if (!pool && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)
                        && Files.isDirectory(d.resolve(engine.id()), LinkOption.NOFOLLOW_LINKS)
                        && Files.isDirectory(own, LinkOption.NOFOLLOW_LINKS)) {
                    owns.add(own);
                }
            }
        }
        for (Path own : owns) {
            int left = StorePool.existingStores(own).size();
            if (left > 0) {
                bench.console.println("[storebench] " + name + ": deleting " + left + " stores a stopped run left in "
                        + own + " (a phase's own stores, deleted when it ends)");
                bench.pool.deleteStores(own);
            }
        }
    }

    /** A directory of the phase's own under the bench root, emptied of what an earlier run left there. */
    Path own(String phase) throws IOException {
        deleteLeftovers();
        Path own = bench.pool.trialDir(phase, engine.id(), setting.id()); // never a workload's name: not the pool
        bench.pool.deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    /** The same on the run's tmpfs root. */
    Path ownTmpfs(String phase) throws IOException {
        ScratchRoot tmpfs = bench.scratch();
        Path own = tmpfs.trialDir(phase, engine.id(), setting.id());
        tmpfs.pool().deleteStores(own);
        ownDirs.add(own);
        return own;
    }

    void deleteOwn(Path own) throws IOException {
        StorePool root = own.startsWith(bench.pool.root()) ? bench.pool : bench.scratch().pool();
        root.deleteStores(own);
        ownDirs.remove(own);
        root.settle();
    }

    /** A store's directory is made by the trial process; anything already there is not ours to replace. */
    static void requireNothingAt(Path store) throws IOException {
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
    boolean sameIdentity(JsonNode identity) throws IOException {
        Path file = pool.resolve(POOL_IDENTITY);
        if (!Files.isRegularFile(file)) {
            bench.console.println("[storebench] " + name + ": kept stores have no " + POOL_IDENTITY + "; not reused");
            return false;
        }
        JsonNode kept;
        try {
            kept = Protocol.JSON.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // what made the stores is unknown: none is reused, each is made anew, and pool.json written again
            bench.console.println("[storebench] " + name + ": " + file + " is damaged (not JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse("") + "), so what made the kept stores is"
                    + " unknown; not reused: the stores are made anew (bench.reuse)");
            return false;
        }
        boolean same = identity.equals(kept);
        if (!same) {
            bench.console.println("[storebench] " + name + ": kept stores were made by another engine version; not reused");
        }
        return same;
    }

    void writeIdentity(JsonNode identity) throws IOException {
        Protocol.JSON.writeValue(pool.resolve(POOL_IDENTITY).toFile(), identity);
    }

    /**
     * Names the bench root and its free space when an engine ran out of disk: it said so, or the root has less left than
     * one of its stores needs (an engine may fail without saying why: H2 writes in the background).
     */
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

    /** Deletes the pool, once, unless bench.keep. */
    synchronized void deletePool() throws IOException {
        if (pool != null && !bench.options.keep && !deleted) {
            bench.pool.deleteStores(pool);
            bench.pool.settle();
            deleted = true;
        }
    }

    /**
     * Deletes the stores of a trial whose run was stopped, as its end would have (from the shutdown hook, without the
     * trial's lock, which the interrupted phase may hold): a phase's own stores always, the pool's unless bench.keep.
     */
    void deleteOnInterrupt() throws IOException {
        for (Path own : List.copyOf(ownDirs)) {
            deleteOwn(own);
        }
        Path p = pool;
        if (p != null && !bench.options.keep) {
            bench.pool.deleteStores(p);
        }
    }
}
