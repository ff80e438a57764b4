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

/** Where one trial's stores live: its pool and its phases' own directories. Nothing it did not make is deleted. */
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
    private boolean leftoversDeleted;

    /** {@code poolFolder}: the pool's folder under its workload's and engine's, the setting's id for a trial's own. */
    StoreDirectories(Bench bench, EngineDescriptor engine, Setting setting, String name, String poolFolder) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.name = name;
        this.poolFolder = poolFolder;
    }

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
        if (pool != null && !bench.options.keep && !deleted) {
            bench.pool.deleteStores(pool);
            bench.pool.settle();
            deleted = true;
        }
    }

    /** From the shutdown hook, without the trial's lock (the interrupted phase may hold it). */
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
