package storebench.run;

import storebench.model.StoreLayout;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The bench root and the stores in it. The root is a directory the bench owns,
 * marked by a file; the pool deletes only store directories ({@code store-<i>}) under a trial's directory in
 * such a root, never follows a symlink, and refuses a root it does not own.
 */
public final class StorePool {
    public static final String MARKER = ".storebench-root";

    private final Path root;

    private StorePool(Path root) {
        this.root = root;
    }

    /** Creates the root if missing; accepts it with the marker or empty; refuses anything else, saying what to do. */
    public static StorePool claim(Path root) throws IOException {
        Path r = root.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(r)) {
            throw new IOException("bench root " + r + " is a symbolic link; give the real directory as -Dbench.root");
        }
        if (Files.exists(r, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(r, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("bench root " + r + " exists and is not a directory; choose another -Dbench.root");
            }
            if (!Files.exists(r.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> entries = Files.list(r)) {
                    if (entries.findAny().isPresent()) {
                        throw new IOException("bench root " + r + " is not empty and lacks the marker file " + MARKER
                                + ", so storebench did not create it and will not write or delete there; choose an"
                                + " empty or new directory as -Dbench.root (or BENCH_ROOT)");
                    }
                }
            }
        }
        try {
            Files.createDirectories(r);
            if (!Files.exists(r.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
                Files.writeString(r.resolve(MARKER), "This directory belongs to storebench: it creates and deletes"
                        + " stores here (store-<i> directories).\n");
            }
        } catch (IOException e) {
            throw new IOException("bench root " + r + " is not writable (" + e.getMessage() + "); choose a writable"
                    + " directory as -Dbench.root (or BENCH_ROOT)", e);
        }
        if (!Files.isWritable(r)) {
            throw new IOException("bench root " + r + " is not writable; choose a writable directory as -Dbench.root");
        }
        return new StorePool(r);
    }

    public Path root() {
        return root;
    }

    /** A trial's directory: {@code root/<workload>/<engine>/<setting>}, created if missing. */
    public Path trialDir(String workload, String engine, String setting) throws IOException {
        Path dir = root.resolve(workload).resolve(engine).resolve(setting);
        for (Path p = root; !p.equals(dir); ) {
            p = p.resolve(dir.getName(p.getNameCount()));
            if (Files.isSymbolicLink(p)) {
                throw new IOException(p + " is a symbolic link inside the bench root; storebench does not follow it."
                        + " Remove it or choose another -Dbench.root");
            }
        }
        Files.createDirectories(dir);
        return dir;
    }

    public static List<Integer> existingStores(Path trialDir) throws IOException {
        List<Integer> found = new ArrayList<>();
        if (!Files.isDirectory(trialDir, LinkOption.NOFOLLOW_LINKS)) {
            return found;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(trialDir)) {
            for (Path p : entries) {
                int i = StoreLayout.indexOf(p.getFileName().toString());
                if (i >= 0 && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    found.add(i); // a plain file or a link named like a store is not a store: left alone
                }
            }
        }
        return found;
    }

    /** Deletes store i of a trial (a store-i directory under a trial directory of this root). */
    public synchronized void deleteStore(Path trialDir, int i) throws IOException {
        Path dir = StoreLayout.storeDir(trialDir, i).toAbsolutePath().normalize();
        if (!dir.startsWith(root) || dir.equals(root)) {
            throw new IOException("refusing to delete " + dir + ": it is not a store under the bench root " + root);
        }
        if (Files.isSymbolicLink(dir)) {
            return; // storebench never makes a link: neither it nor what it points to is ours to delete
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // gone already: an engine's temporary file
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Flushes the bench root's file system (syncfs through {@code sync -f}) after a trial's stores were deleted, so
     * the deletion's journal work does not slow the next trial's disk syncs (seen as ~50% slower creates).
     */
    public void settle() {
        try {
            Process p = new ProcessBuilder("sync", "-f", root.toString()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES);
        } catch (IOException e) {
            // no sync command: the next trial starts on a busier disk, nothing worse
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One deletion at a time: the shutdown hook may delete stores while the phase it stopped is deleting them. */
    public synchronized void deleteStores(Path trialDir) throws IOException {
        for (int i : existingStores(trialDir)) {
            deleteStore(trialDir, i);
        }
    }
}
