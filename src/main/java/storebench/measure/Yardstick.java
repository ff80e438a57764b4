package storebench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A fixed piece of work the size of a store's open: open, read 4 KiB, size and close one scratch file, then touch
 * 256 KiB of memory (one write per cache line). On a shared machine the host's speed moves system calls and memory
 * access together, in plateaus longer than a store's visit (docs/measuring.md, "Noise"); an open run's figures divided by its
 * yardstick's are the host's speed divided out (the statistic oqc_yard). The Node worker's yardstick does the same
 * work (src/main/node/lib/yardstick.js).
 *
 * <p>It is timed in blocks right before and right after a run, never between two of its visits: its file and memory
 * work evicts the caches and TLB entries an engine that reads through a memory map had warm (ObjectBox's and LMDB's
 * open-query-close read 12-55% higher with it after every store in the pairs of docs/noise.md).
 * The plan's machine probe times the same work in the parent (storebench.run.MachineProbe).
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
