package storebench.trial.child;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A closed store's files, read once into memory, written out as new stores: the capacity and traffic phases' stores. Creating
 * 20,000 stores through the engine (each with its commits' syncs) was most of that phase's time, and it measures
 * holding stores open, not creating them. The template is read right after the engine created and closed it, before
 * anything opened it again, so every copy is the store the engine wrote, byte for byte. Writing never replaces a
 * file: a copy goes only into a directory the loop itself makes.
 */
final class StoreCopy {
    private final List<Path> names = new ArrayList<>();
    private final List<byte[]> contents = new ArrayList<>();
    private final List<Path> dirs = new ArrayList<>();

    private StoreCopy() {
    }

    /** The files and subdirectories under {@code dir}, as they are now. */
    static StoreCopy of(Path dir) throws IOException {
        StoreCopy copy = new StoreCopy();
        try (Stream<Path> tree = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) tree.sorted()::iterator) { // sorted: a directory before its files
                if (p.equals(dir)) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    copy.dirs.add(dir.relativize(p));
                } else if (Files.isRegularFile(p)) {
                    copy.names.add(dir.relativize(p));
                    copy.contents.add(Files.readAllBytes(p));
                } else {
                    throw new IOException("the template store " + dir + " holds " + p + ", neither a file nor a"
                            + " directory: it cannot be copied");
                }
            }
        }
        if (copy.names.isEmpty()) {
            throw new IOException("the template store " + dir + " holds no file: the engine wrote it elsewhere");
        }
        return copy;
    }

    /** Makes {@code dir} and writes the template's files into it; an existing directory or file is refused. */
    void writeTo(Path dir) throws IOException {
        Files.createDirectory(dir);
        for (Path d : dirs) {
            Files.createDirectory(dir.resolve(d));
        }
        for (int k = 0; k < names.size(); k++) {
            Files.write(dir.resolve(names.get(k)), contents.get(k), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
        }
    }

    /**
     * The same, each file synced before it is closed: a copy that a store's first commit must not write back (the
     * traffic phase's, under the engines' synced commits).
     */
    void writeSyncedTo(Path dir) throws IOException {
        Files.createDirectory(dir);
        for (Path d : dirs) {
            Files.createDirectory(dir.resolve(d));
        }
        for (int k = 0; k < names.size(); k++) {
            try (FileChannel out = FileChannel.open(dir.resolve(names.get(k)), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(contents.get(k));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(true);
            }
        }
    }

    /** Its files' paths relative to the store's directory. */
    List<Path> files() {
        return List.copyOf(names);
    }
}
