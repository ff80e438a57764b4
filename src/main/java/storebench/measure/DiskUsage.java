package storebench.measure;

import storebench.model.StoreLayout;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Disk per store: its files' sizes (the reference's figure) and blocks (st_blocks x 512, as du), both read by one
 * {@code find -printf} over the trial's directory, since Java cannot read st_blocks.
 */
public final class DiskUsage {
    public static final class StoreDisk {
        public long bytes;
        public long allocatedBytes;
        /** Bytes in SQLite write-ahead logs ({@code *-wal}) that stayed after close. */
        public long walBytes;
    }

    private DiskUsage() {
    }

    /** Disk usage of every store directory under {@code trialRoot}, by store index. */
    public static Map<Integer, StoreDisk> of(Path trialRoot) throws IOException, InterruptedException {
        Process find = new ProcessBuilder("find", trialRoot.toString(), "-mindepth", "2", "-type", "f",
                "-printf", "%s %b %P\\n").redirectErrorStream(true).start();
        Map<Integer, StoreDisk> stores = new HashMap<>();
        String output = new String(find.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (find.waitFor() != 0) {
            throw new IOException("find over " + trialRoot + " failed: " + output.trim());
        }
        for (String line : output.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(" ", 3);
            int index = StoreLayout.indexOf(parts[2].split("/", 2)[0]);
            if (index < 0) {
                continue;
            }
            StoreDisk d = stores.computeIfAbsent(index, k -> new StoreDisk());
            d.bytes += Long.parseLong(parts[0]);
            if (parts[2].endsWith("-wal")) {
                d.walBytes += Long.parseLong(parts[0]);
            }
            d.allocatedBytes += Long.parseLong(parts[1]) * 512;
        }
        return stores;
    }
}
