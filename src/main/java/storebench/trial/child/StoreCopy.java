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
 * A closed store's files, read once into memory, written out as the capacity and traffic phases' stores: those phases
 * measure holding stores open, not creating them. The template is read right after the engine created and closed it,
 * so every copy is the store the engine wrote, byte for byte; a copy goes only into a directory the loop makes.
 */
final class StoreCopy {
    private final List<Path> names = new ArrayList<>();
    private final List<byte[]> contents = new ArrayList<>();
    private final List<Path> dirs = new ArrayList<>();

    private StoreCopy() {
    }

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

    /** The same, each file synced: the traffic phase's copies, which a first commit must not write back. */
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

    List<Path> files() {
        return List.copyOf(names);
    }
}
