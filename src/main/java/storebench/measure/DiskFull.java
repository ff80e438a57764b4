package storebench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A full disk, as the engines and system say it (ENOSPC on tmpfs): SQLite's "database or disk is full", "No space left
 * on device", Xodus' OutOfDiskSpaceException, Turso's "no storage space"; LMDB and ObjectBox answer EIO, H2 loses its
 * table: there the free space says it ({@link #freeBytes}). A full map (MDB_MAP_FULL, DbFullException) is the store's
 * limit, not the disk's.
 */
public final class DiskFull {
    private static final List<String> WORDS = List.of("no space left on device", "enospc", "disk is full",
            "sqlite_full", "no storage space", "storagefull", "outofdiskspace", "disk full");

    private DiskFull() {
    }

    /** Whether a failure's message (with its causes) says that the disk is full. */
    public static boolean says(String message) {
        return message != null && WORDS.stream().anyMatch(message.toLowerCase(Locale.ROOT)::contains);
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
