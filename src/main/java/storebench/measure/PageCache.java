package storebench.measure;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The page cache from user space without root (JNA): a file's resident pages ({@code mincore}) and dropping its clean
 * pages ({@code fsync}, {@code POSIX_FADV_DONTNEED}). The kernel may refuse; {@link #residency} tells what happened.
 */
public final class PageCache {
    static final int O_RDONLY = 0;
    private static final int ENOENT = 2;
    static final int PROT_READ = 1;
    static final int MAP_SHARED = 1;
    static final int POSIX_FADV_DONTNEED = 4;
    static final int SC_PAGESIZE = 30;

    interface LibC extends Library {
        int open(String path, int flags);

        int close(int fd);

        int fsync(int fd);

        int posix_fadvise(int fd, long offset, long len, int advice);

        Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

        int munmap(Pointer addr, long length);

        int madvise(Pointer addr, long length, int advice);

        int mincore(Pointer addr, long length, byte[] vec);

        long sysconf(int name);
    }

    private static volatile LibC libc;

    private PageCache() {
    }

    static LibC libc() {
        if (libc == null) {
            synchronized (PageCache.class) {
                if (libc == null) {
                    libc = Native.load("c", LibC.class);
                }
            }
        }
        return libc;
    }

    /** Whether this JVM can call into libc (JNA loads); empty if it can, else why not. */
    public static java.util.Optional<String> unavailable() {
        try {
            libc().sysconf(SC_PAGESIZE);
            return java.util.Optional.empty();
        } catch (Throwable e) {
            return java.util.Optional.of("JNA cannot load libc: " + e);
        }
    }

    public static long pageSize() {
        return libc().sysconf(SC_PAGESIZE);
    }

    /** Resident and total pages of one or more files. */
    public record Residency(long residentPages, long pages) {
        public static final Residency NONE = new Residency(0, 0);

        public Residency plus(Residency o) {
            return new Residency(residentPages + o.residentPages, pages + o.pages);
        }

        /** The resident fraction, 0..1; 1 for no pages at all (nothing to miss). */
        public double fraction() {
            return pages == 0 ? 1.0 : (double) residentPages / pages;
        }
    }

    public static long pagesOf(long bytes, long pageSize) {
        return (bytes + pageSize - 1) / pageSize;
    }

    /** The resident pages in a mincore vector: a page is resident when the low bit of its byte is set. */
    public static long residentPages(byte[] vec, int n) {
        return java.util.stream.IntStream.range(0, n).filter(k -> (vec[k] & 1) != 0).count();
    }

    /** Residency of one regular file (mapping it does not fault its pages in: mincore only looks). */
    public static Residency residency(Path file) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            return Residency.NONE;
        }
        LibC c = libc();
        long page = pageSize();
        int fd = open(c, file);
        try {
            Pointer map = c.mmap(null, size, PROT_READ, MAP_SHARED, fd, 0);
            if (map == null || Pointer.nativeValue(map) == -1L) {
                throw new IOException("mmap(" + file + ", " + size + " bytes) failed: errno " + Native.getLastError());
            }
            try {
                long pages = pagesOf(size, page);
                if (pages > Integer.MAX_VALUE) {
                    throw new IOException(file + " is too large for one mincore vector");
                }
                byte[] vec = new byte[(int) pages];
                if (c.mincore(map, size, vec) != 0) {
                    throw new IOException("mincore(" + file + ") failed: errno " + Native.getLastError());
                }
                return new Residency(residentPages(vec, vec.length), pages);
            } finally {
                c.munmap(map, size);
            }
        } finally {
            c.close(fd);
        }
    }

    /** open(2), read-only; NoSuchFileException where the file is gone (ENOENT), so that callers can tell. */
    private static int open(LibC c, Path file) throws IOException {
        int fd = c.open(file.toString(), O_RDONLY);
        if (fd >= 0) {
            return fd;
        }
        int errno = Native.getLastError();
        throw errno == ENOENT ? new NoSuchFileException(file.toString())
                : new IOException("open(" + file + ") failed: errno " + errno);
    }

    /** Writes back and drops the cached pages of one regular file; throws if the kernel says no. */
    public static void evict(Path file) throws IOException {
        LibC c = libc();
        int fd = open(c, file);
        try {
            if (c.fsync(fd) != 0) {
                throw new IOException("fsync(" + file + ") failed: errno " + Native.getLastError());
            }
            int rc = c.posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); // returns the error number itself
            if (rc != 0) {
                throw new IOException("posix_fadvise(" + file + ", DONTNEED) failed: error " + rc);
            }
        } finally {
            c.close(fd);
        }
    }

    /** The regular files under the given directories (a store's files), symbolic links not followed. */
    public static List<Path> filesUnder(List<Path> dirs) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).forEach(files::add);
            }
        }
        return files;
    }

    /** The files' residency together; a file gone since it was listed (an engine replaced it) counts for nothing. */
    public static Residency residency(List<Path> files) throws IOException {
        Residency total = Residency.NONE;
        for (Path f : files) {
            try {
                total = total.plus(residency(f));
            } catch (NoSuchFileException gone) {
                // replaced by the engine since it was listed: nothing of it is in the page cache any more
            }
        }
        return total;
    }

    /** Evicts the files; a file gone since it was listed has nothing left to evict. */
    public static void evict(List<Path> files) throws IOException {
        for (Path f : files) {
            try {
                evict(f);
            } catch (NoSuchFileException gone) {
                // replaced by the engine since it was listed
            }
        }
    }
}
