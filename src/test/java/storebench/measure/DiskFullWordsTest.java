package storebench.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The words of a full disk, tested against what each engine said when its capacity loop filled a 6 MiB tmpfs (ENOSPC,
 * 2026-12-02, the engines' versions of pom.xml and package-lock.json; the message as the trial process reports it,
 * with its causes; paths shortened).
 */
class DiskFullWordsTest {
    /** The engines that say it. */
    static final Map<String, String> SAYS_FULL = Map.of(
            "sqlite", "SQLiteException: [SQLITE_FULL] Insertion failed because database is full (database or disk is"
                    + " full)",
            "rocksdb", "RocksDBException: While appending to file: /r/capacity-large/rocksdb/default/store-11/000004.log:"
                    + " No space left on device",
            "xodus", "OutOfDiskSpaceException: No space left on device to complete current transaction; cause:"
                    + " IOException: No space left on device",
            "duckdb", "SQLException: IO Error: Could not write file \"/r/capacity-large/duckdb/default/store-8/"
                    + "store.duckdb\": No space left on device",
            "sqlite-node", "database or disk is full",
            "libsql", "database or disk is full",
            "turso", "step failed: I/O error (pwritev): no storage space");

    /** The engines that do not: a short write answered with EIO, or a background write that failed unseen. */
    static final Map<String, String> SAYS_NOTHING_OF_THE_DISK = Map.of(
            "lmdb", "ConstantDerivedException: Platform constant error code: EIO Input/output error (5)",
            "objectbox", "DbException: Could not commit tx (5)",
            "h2", "JdbcSQLSyntaxErrorException: Table \"NOTE\" not found (this database is empty); SQL statement:\n"
                    + "SELECT count(*) FROM note [42104-252]");

    @TempDir
    Path dir;

    @Test
    void theEnginesWordsForAFullDiskAreRecognised() {
        SAYS_FULL.forEach((engine, message) -> assertThat(DiskFull.says(message)).as(engine).isTrue());
        assertThat(DiskFull.says("FileSystemException: /r/capacity-small/sqlite/default/store-9: No space left on"
                + " device")).as("the JDK's, creating a store's directory").isTrue();
    }

    @Test
    void aFullMapOrAnotherFailureIsNotAFullDisk() {
        SAYS_NOTHING_OF_THE_DISK.forEach((engine, message) -> assertThat(DiskFull.says(message)).as(engine).isFalse());
        // lmdbjava's MDB_MAP_FULL, and ObjectBox's maximum size in the form of its DbExceptions ("(error code N)")
        assertThat(DiskFull.says("MapFullException: Environment mapsize reached (-30792)")).as("LMDB's map").isFalse();
        assertThat(DiskFull.says("DbFullException: Could not put (error code -30792)")).as("ObjectBox's maximum size")
                .isFalse();
        assertThat(DiskFull.says("ConstantDerivedException: Platform constant error code: EAGAIN Resource"
                + " temporarily unavailable (11)")).isFalse();
        assertThat(DiskFull.says(null)).isFalse();
    }

    @Test
    void theFreeSpaceOfARealDirectoryAndItsWords() {
        long free = DiskFull.freeBytes(dir);
        assertThat(free).isPositive();
        assertThat(DiskFull.free(free)).endsWith(" MiB free");
        assertThat(DiskFull.free(12_900_000)).isEqualTo("12.3 MiB free");
        assertThat(DiskFull.freeBytes(dir.resolve("missing"))).isEqualTo(-1);
        assertThat(DiskFull.free(-1)).isEqualTo("free space unknown");
    }
}
