package storebench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A fixed piece of work the size of a store's open (docs/measuring.md, "Noise"): a scratch file opened, read, sized and
 * closed, then 256 KiB of memory touched. The host's speed moves system calls and memory together, so dividing by it
 * (oqc_yard) divides the host out. Timed only around a run, never between visits: there it evicted what memory-mapped
 * engines had warm (docs/noise.md).
 */
public final class Yardstick {
    public static final int FILE_BYTES = 4096;
    public static final int MEMORY_BYTES = 256 * 1024;
    /** Yardsticks in each block before and after a run: 1,000 a run, as many as a 1,000-store run had between its stores. */
    public static final int BLOCK = 500;
    private static final int CACHE_LINE = 64;

    /** The scratch file's name: the prefix, the process' id, the suffix (the Node worker's is named alike). */
    public static final String FILE_PREFIX = "storebench-yardstick-";
    public static final String FILE_SUFFIX = ".bin";
    /** The system property naming the directory of the scratch file, where java.io.tmpdir is not the system's. */
    public static final String SCRATCH_DIR = "storebench.scratchDir";

    private final Path file;
    private final byte[] memory = new byte[MEMORY_BYTES];
    private final ByteBuffer buffer = ByteBuffer.allocate(FILE_BYTES);

    public Yardstick() {
        try {
            // named by the process, in the system's temporary directory even where java.io.tmpdir is the run's own,
            // so that a run finds and deletes the file of a process killed before its deleteOnExit ran
            file = Path.of(System.getProperty(SCRATCH_DIR, System.getProperty("java.io.tmpdir")))
                    .resolve(FILE_PREFIX + ProcessHandle.current().pid() + FILE_SUFFIX);
            file.toFile().deleteOnExit();
            Files.write(file, new byte[FILE_BYTES]);
        } catch (IOException e) {
            throw new UncheckedIOException("the yardstick's scratch file in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** {@link #BLOCK} yardsticks back to back, each in nanoseconds, into {@code samples} from {@code from}. */
    public void block(long[] samples, int from) {
        for (int k = 0; k < BLOCK; k++) {
            samples[from + k] = once();
        }
    }

    /** One yardstick, in nanoseconds. */
    public long once() {
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
