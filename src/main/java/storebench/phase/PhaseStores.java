package storebench.phase;

import java.io.IOException;
import java.nio.file.Path;

/** The stores a phase works on (its {@link PhaseRun#stores()}): the trial's pool, and directories of its own. */
public interface PhaseStores {
    /** The pool exists: made once per trial; every phase that visits it begins here, so any one can run alone. */
    void ensure() throws Exception;

    /** The pool's directory, made by {@link #ensure}. */
    Path pool();

    /** A directory of the phase's own under the bench root, emptied of what an earlier run left. */
    Path own(String name) throws IOException;

    /** As {@link #own}, on the run's tmpfs root; {@link java.io.FileNotFoundException} where there is none. */
    Path ownTmpfs(String name) throws IOException;

    /** Deletes the stores of a directory from {@link #own} or {@link #ownTmpfs} (never anything else). */
    void deleteOwn(Path dir) throws IOException;
}
