package storebench.measure;

import storebench.results.EnvironmentFile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

/**
 * What one page read past the page cache costs on the bench root's device (4 KiB O_DIRECT random reads of a synced
 * scratch file), so cold figures can be read on another machine. A median far below tens of microseconds says the host
 * caches the guest's disk.
 */
public final class DeviceLatency {
    static final int READ_BYTES = 4096;
    static final long FILE_BYTES = 16L << 20;
    static final int READS = 300;

    private DeviceLatency() {
    }

    /**
     * The reads' median and p99 (ms), count and file, as environment.json's {@code benchRoot.directRead}, measured
     * under {@code dir} (the bench root) in a scratch file of the bench's own, always deleted.
     */
    public static EnvironmentFile.DirectRead measure(Path dir) throws IOException {
        Path scratch = dir.resolve(".storebench-device-" + ProcessHandle.current().pid() + ".tmp");
        try {
            write(scratch);
            return read(scratch, new Random(42));
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    private static void write(Path scratch) throws IOException {
        byte[] chunk = new byte[1 << 20];
        Random random = new Random(7); // random bytes: no device or filesystem may shortcut zeros
        try (FileChannel ch = FileChannel.open(scratch, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long written = 0; written < FILE_BYTES; written += chunk.length) {
                random.nextBytes(chunk);
                ByteBuffer b = ByteBuffer.wrap(chunk);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
            }
            ch.force(true);
        }
    }

    private static EnvironmentFile.DirectRead read(Path scratch, Random random) throws IOException {
        int block = (int) Math.max(READ_BYTES, Files.getFileStore(scratch).getBlockSize());
        ByteBuffer buffer = ByteBuffer.allocateDirect(2 * block).alignedSlice(block);
        buffer.limit(READ_BYTES);
        long slots = FILE_BYTES / block;
        long[] ns = new long[READS];
        try (FileChannel ch = FileChannel.open(scratch, StandardOpenOption.READ,
                com.sun.nio.file.ExtendedOpenOption.DIRECT)) {
            for (int k = 0; k < READS; k++) {
                long at = (long) (random.nextDouble() * slots) * block;
                buffer.clear().limit(READ_BYTES);
                long t0 = System.nanoTime();
                int n = ch.read(buffer, at);
                ns[k] = System.nanoTime() - t0;
                if (n != READ_BYTES) {
                    throw new IOException("a direct read of " + READ_BYTES + " bytes at " + at + " of " + scratch
                            + " read " + n);
                }
            }
        }
        Arrays.sort(ns);
        return new EnvironmentFile.DirectRead(ns[READS / 2] / 1e6, ns[(int) Math.ceil(0.99 * READS) - 1] / 1e6, READS,
                FILE_BYTES, READ_BYTES, true, null);
    }
}
