package storebench.run;

import storebench.measure.Mounts;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The profile's tmpfs root in /dev/shm, claimed like the bench root; at the end, what it made goes if empty. */
public final class ScratchRoot implements AutoCloseable {
    public static final Path SHM = Path.of("/dev/shm");

    private final StorePool pool;
    private final List<Path> madeDirs = new ArrayList<>();

    /** Claims {@code root} as {@link StorePool#claim} claims the bench root. */
    ScratchRoot(Path root) throws IOException {
        this.pool = StorePool.claim(root);
    }

    /** Why there is no tmpfs root here (no /dev/shm, or it is not a tmpfs); empty if there is. */
    public static Optional<String> unavailable() {
        if (!Files.isDirectory(SHM) || !Files.isWritable(SHM)) {
            return Optional.of(SHM + " is missing or not writable");
        }
        Mounts.Mount m = Mounts.of(SHM);
        if (!m.fsType().equals("tmpfs")) {
            return Optional.of(SHM + " is " + m.fsType() + ", not tmpfs");
        }
        return Optional.empty();
    }

    public static ScratchRoot claim() throws IOException {
        return new ScratchRoot(SHM.resolve("storebench-profile-" + ProcessHandle.current().pid()));
    }

    public StorePool pool() {
        return pool;
    }

    public Path root() {
        return pool.root();
    }

    /** A trial directory in this root; remembered so close() can remove it once empty. */
    public Path trialDir(String workload, String engine, String setting) throws IOException {
        Path dir = pool.trialDir(workload, engine, setting);
        for (Path p = dir; !p.equals(pool.root()); p = p.getParent()) {
            if (!madeDirs.contains(p)) {
                madeDirs.add(p);
            }
        }
        return dir;
    }

    @Override
    public void close() throws IOException {
        madeDirs.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
        for (Path d : madeDirs) {
            pool.deleteStores(d);
            deleteIfEmpty(d);
        }
        Path marker = pool.root().resolve(StorePool.MARKER);
        try (var entries = Files.list(pool.root())) {
            if (entries.allMatch(marker::equals)) {
                Files.deleteIfExists(marker);
                deleteIfEmpty(pool.root());
            }
        }
    }

    private static void deleteIfEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.delete(dir);
        } catch (DirectoryNotEmptyException e) {
            // something else lives there: left alone
        }
    }
}
