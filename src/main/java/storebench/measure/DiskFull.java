package storebench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A full disk, as the engines and the system say it: a failure of the run, never a figure. The words are those the
 * engines gave on a full tmpfs (ENOSPC): SQLite's "database or disk is full" (SQLITE_FULL, JDBC and Node), RocksDB's,
 * DuckDB's and the JDK's "No space left on device", Xodus' OutOfDiskSpaceException, Turso's "no storage space" (Rust's
 * StorageFull). Some say nothing of the disk: LMDB and ObjectBox answer a short write with EIO ("Input/output error
 * (5)", "Could not commit tx (5)"), H2 writes in the background and its next query finds no table; there the free
 * space left says it ({@link #freeBytes}). A map that is full (LMDB's MDB_MAP_FULL, "Environment mapsize reached";
 * ObjectBox's DbFullException, its maximum database size) is the store's own limit, not the disk's, and says none of
 * these words.
 */
public final class DiskFull {
    private static final List<String> WORDS = List.of("no space left on device", "enospc", "disk is full",
            "sqlite_full", "no storage space", "storagefull", "outofdiskspace", "disk full");

    private DiskFull() {
    }

    /** Whether a failure's message (with its causes) says that the disk is full. */
    public static boolean says(String message) {
        if (message == null) {
            return false;
        }
        String m = message.toLowerCase(Locale.ROOT);
        return WORDS.stream().anyMatch(m::contains);
    }

    /** The space free to this process on the filesystem of {@code path}; -1 where it cannot be read. */
    public static long freeBytes(Path path) {
        try {
            return Files.getFileStore(path).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** "12.3 MiB free", or that the free space is unknown. */
    public static String free(long bytes) {
        return bytes < 0 ? "free space unknown" : String.format(Locale.ROOT, "%,.1f MiB free", bytes / 1024.0 / 1024.0);
    }

    /** A failure that already names the full bench root and its free space: nothing to add to it. */
    public static final class RootFull extends IOException {
        public RootFull(String message) {
            super(message);
        }
    }
}
