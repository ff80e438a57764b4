package storebench.measure;


import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/** A root's sync latency: {@code rounds} of 4 KiB at offset 0 and fdatasync ({@code force(false)}); median, p90 ms. */
public final class SyncProbe {
    public static final int BLOCK = 4096;
    public static final int ROUNDS = 200;

    private SyncProbe() {
    }

    public record Latency(double medianMs, double p90Ms, int rounds) {
    }

    public static Latency measure(Path file, int rounds) throws IOException {
        long[] ns = new long[rounds];
        ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (int k = 0; k < rounds; k++) {
                block.clear();
                block.put(0, (byte) k);
                long t0 = System.nanoTime();
                while (block.hasRemaining()) {
                    ch.write(block, block.position());
                }
                ch.force(false);
                ns[k] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(ns);
        return new Latency(median(ns) / 1e6, ns[(int) Math.min(ns.length - 1, Math.floor(ns.length * 0.9))] / 1e6, rounds);
    }

    static double median(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
