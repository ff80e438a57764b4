package storebench.measure;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a cold pass read from the device: the trial process' {@code read_bytes} before and after, per open. */
public final class DeviceReads {
    /** A pass counts as cold only if at most this fraction of the pool's pages stayed resident after eviction. */
    public static final double MAX_RESIDENT_AFTER_EVICTION = 0.05;

    private static final Pattern READ_BYTES = Pattern.compile("(?m)^read_bytes:\\s+(\\d+)\\s*$");

    private DeviceReads() {
    }

    public static long readBytes(String procIo) {
        Matcher m = READ_BYTES.matcher(procIo);
        if (!m.find()) {
            throw new IllegalArgumentException("no read_bytes line in /proc/PID/io text: " + procIo.strip());
        }
        return Long.parseLong(m.group(1));
    }

    public static long readBytes(long pid) throws IOException {
        return readBytes(Files.readString(Path.of("/proc", String.valueOf(pid), "io")));
    }

    /** Bytes read from the device per open in a pass of {@code opens} opens. */
    public static double perOpen(long before, long after, int opens) {
        if (after < before) {
            throw new IllegalArgumentException("read_bytes went down (" + before + " -> " + after + "): not one process?");
        }
        return opens == 0 ? 0 : (double) (after - before) / opens;
    }

    /** The verdict on one cold pass: cold, or why not. */
    public record Verdict(boolean cold, List<String> reasons) {
        public String describe() {
            return cold ? "cold" : "not cold: " + String.join("; ", reasons);
        }
    }

    /** Cold when at most {@link #MAX_RESIDENT_AFTER_EVICTION} of the pool stayed resident and read_bytes grew. */
    public static Verdict verdict(double residentFractionAfterEviction, double deviceBytesPerOpen,
                                  String evictionError) {
        List<String> reasons = new ArrayList<>();
        if (evictionError != null) {
            reasons.add("eviction failed (" + evictionError + ")");
        }
        if (residentFractionAfterEviction > MAX_RESIDENT_AFTER_EVICTION) {
            reasons.add(String.format(java.util.Locale.ROOT, "%.1f%% of the pages stayed resident after eviction",
                    residentFractionAfterEviction * 100));
        }
        if (deviceBytesPerOpen <= 0) {
            reasons.add("the device served nothing (read_bytes did not grow): a cache answered");
        }
        return new Verdict(reasons.isEmpty(), reasons);
    }
}
