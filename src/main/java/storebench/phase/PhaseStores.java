package storebench.phase;

import java.io.IOException;
import java.nio.file.Path;

/** The stores a phase works on (its {@link PhaseRun#stores()}): the trial's pool, and directories of its own. */
public interface PhaseStores {
    /**
     * The stores exist: created (their create and disk figures recorded), or reused where bench.reuse allows. Once per
     * trial; every phase that visits the pool begins with it, so any one phase can run alone (from an IDE).
     */
    void ensure() throws Exception;

    /**
     * The directory of this trial's pool (store-0 .. store-N-1 of its workload), made by {@link #ensure}: where a phase
     * finds the pool's files (the cold phase drops their pages from the page cache).
     */
    Path pool();

    /**
     * A directory of its own under the bench root for the stores a phase makes itself ({@code name} tells it from the
     * pool), emptied of any store an earlier run left there. {@link #deleteOwn} deletes them.
     */
    Path own(String name) throws IOException;

    /**
     * As {@link #own}, on the run's tmpfs root (/dev/shm) instead of the bench root: the same work without a device
     * under it. Throws {@link java.io.FileNotFoundException}, saying why, where there is no tmpfs root.
     */
    Path ownTmpfs(String name) throws IOException;

    /** Deletes the stores of a directory from {@link #own} or {@link #ownTmpfs} (never anything else). */
    void deleteOwn(Path dir) throws IOException;
}
