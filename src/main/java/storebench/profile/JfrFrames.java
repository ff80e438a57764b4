package storebench.profile;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import storebench.results.ProfileLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Top frames of a JFR recording in a window, on the trial's main thread (the others do no engine work). */
public final class JfrFrames {
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    public static final String NATIVE_SAMPLE = "jdk.NativeMethodSample";
    /** The sampling period set for both events in the profiling trials. */
    public static final String PERIOD = "1 ms";

    private JfrFrames() {
    }

    /**
     * The top {@code limit} frames of samples of thread {@code thread} between {@code from} and {@code to}; where
     * {@code within} is given, only of stacks through it, the phase loop.
     */
    public static List<ProfileLine.Frame> top(Path recording, Instant from, Instant to, String thread, String within, int limit)
            throws IOException {
        Map<List<String>, int[]> counts = new HashMap<>();
        int total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            String type = e.getEventType().getName();
            if (!type.equals(EXECUTION_SAMPLE) && !type.equals(NATIVE_SAMPLE)) {
                continue;
            }
            Instant at = e.getStartTime();
            if (at.isBefore(from) || at.isAfter(to)) {
                continue;
            }
            if (thread != null) {
                var t = e.getThread("sampledThread");
                if (t == null || !thread.equals(t.getJavaName())) {
                    continue;
                }
            }
            RecordedStackTrace st = e.getStackTrace();
            if (st == null || st.getFrames().isEmpty()) {
                continue;
            }
            if (within != null && st.getFrames().stream().noneMatch(f -> within.equals(describe(f)))) {
                continue;
            }
            List<String> key = List.of(describe(st.getFrames().get(0)), type.equals(NATIVE_SAMPLE) ? "native" : "java");
            counts.computeIfAbsent(key, k -> new int[1])[0]++;
            total++;
        }
        return Frames.top(counts, total, limit);
    }

    static String describe(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        return m == null ? "(unknown)" : m.getType().getName() + "." + m.getName();
    }

    /** The JDK's profile.jfc with both sampling periods at {@link #PERIOD} (its 10 and 20 ms give too few samples). */
    public static Path writeSettings(Path dir) throws IOException {
        Path source = Path.of(System.getProperty("java.home"), "lib", "jfr", "profile.jfc");
        String jfc = setPeriod(setPeriod(Files.readString(source, StandardCharsets.UTF_8), EXECUTION_SAMPLE),
                NATIVE_SAMPLE);
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("profile-sampling-1ms.jfc"), jfc, StandardCharsets.UTF_8);
    }

    static String setPeriod(String jfc, String event) {
        Pattern p = Pattern.compile("(<event name=\"" + Pattern.quote(event)
                + "\">.*?<setting name=\"period\"[^>]*>)([^<]*)(</setting>)", Pattern.DOTALL);
        Matcher m = p.matcher(jfc);
        if (!m.find()) {
            throw new IllegalStateException("no period setting of " + event + " in the JDK's profile.jfc");
        }
        return m.replaceFirst(Matcher.quoteReplacement(m.group(1) + PERIOD + m.group(3)));
    }
}
