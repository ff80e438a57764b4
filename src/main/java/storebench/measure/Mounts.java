package storebench.measure;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The filesystem a directory lives on: type and mount options (findmnt), for the profile's lines. */
public final class Mounts {
    private Mounts() {
    }

    public record Mount(String fsType, String options, String source) {
    }

    /** findmnt's view of the filesystem holding {@code dir}; "unknown" fields where findmnt fails. */
    public static Mount of(Path dir) {
        try {
            Process p = new ProcessBuilder("findmnt", "-n", "-o", "FSTYPE,OPTIONS,SOURCE", "-T", dir.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0 || out.isEmpty()) {
                return new Mount("unknown", "unknown (findmnt failed: " + out + ")", "");
            }
            return parse(out.lines().findFirst().orElse(""));
        } catch (Exception e) {
            return new Mount("unknown", "unknown (findmnt: " + e.getMessage() + ")", "");
        }
    }

    /** One line of {@code findmnt -n -o FSTYPE,OPTIONS,SOURCE}. */
    static Mount parse(String line) {
        String[] f = line.trim().split("\\s+", 3);
        return new Mount(f.length > 0 ? f[0] : "", f.length > 1 ? f[1] : "", f.length > 2 ? f[2] : "");
    }
}
