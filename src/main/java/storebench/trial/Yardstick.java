package storebench.trial;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A fixed piece of work the size of a store's open, timed between stores in every open run (never inside an engine's
 * timed region): open, read 4 KiB, size and close one scratch file, then touch 256 KiB of memory (one write per cache
 * line). On a shared machine the host's speed moves system calls and memory access together, in plateaus longer
 * than a store's visit (README, "Noise"); an open run's figures divided by its yardstick's are the host's speed
 * divided out (the statistic oqc_yard). The Node worker's yardstick does the same work (worker.js).
 */
final class Yardstick {
    static final int FILE_BYTES = 4096;
    static final int MEMORY_BYTES = 256 * 1024;
    private static final int CACHE_LINE = 64;

    private final Path file;
    private final byte[] memory = new byte[MEMORY_BYTES];
    private final ByteBuffer buffer = ByteBuffer.allocate(FILE_BYTES);

    Yardstick() {
        try {
            file = Files.createTempFile("storebench-yardstick", ".bin");
            file.toFile().deleteOnExit();
            Files.write(file, new byte[FILE_BYTES]);
        } catch (IOException e) {
            throw new UncheckedIOException("the yardstick's scratch file in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** One yardstick, in nanoseconds. */
    long once() {
        long t0 = System.nanoTime();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            buffer.clear();
            channel.read(buffer, 0);
            if (channel.size() != FILE_BYTES) {
                throw new IllegalStateException(file + " changed size: the yardstick's work would not be fixed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < MEMORY_BYTES; i += CACHE_LINE) {
            memory[i]++;
        }
        return System.nanoTime() - t0;
    }
}
