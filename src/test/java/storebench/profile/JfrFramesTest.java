package storebench.profile;

import storebench.results.ProfileLine;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JfrFramesTest {
    @TempDir
    Path dir;

    @Test
    void settingsSetBothSamplingPeriods() throws Exception {
        String jfc = Files.readString(JfrFrames.writeSettings(dir));
        assertThat(jfc).containsPattern("(?s)<event name=\"jdk.ExecutionSample\">\\s*<setting name=\"enabled\"[^<]*"
                + "</setting>\\s*<setting name=\"period\"[^>]*>1 ms</setting>");
        assertThat(jfc).containsPattern("(?s)<event name=\"jdk.NativeMethodSample\">\\s*<setting name=\"enabled\"[^<]*"
                + "</setting>\\s*<setting name=\"period\"[^>]*>1 ms</setting>");
    }

    @Test
    void topFramesOfOneThreadInAWindow() throws Exception {
        Path file = dir.resolve("r.jfr");
        Instant from;
        Instant to;
        try (Recording r = new Recording()) {
            r.enable(JfrFrames.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(1));
            r.start();
            from = Instant.now();
            long x = 0;
            long end = System.nanoTime() + 400_000_000L;
            while (System.nanoTime() < end) {
                x += spin(x);
            }
            to = Instant.now();
            assertThat(x).isNotZero();
            r.stop();
            r.dump(file);
        }
        String thread = Thread.currentThread().getName();
        List<ProfileLine.Frame> top = JfrFrames.top(file, from, to, thread, null, 5);
        assertThat(top).isNotEmpty();
        assertThat(top.stream().mapToDouble(ProfileLine.Frame::share).sum()).isLessThanOrEqualTo(1.0 + 1e-9);
        assertThat(top).extracting(ProfileLine.Frame::frame).anySatisfy(f -> assertThat(f).startsWith(
                JfrFramesTest.class.getName() + ".").as("a frame of this test"));
        assertThat(JfrFrames.top(file, from, to, "no-such-thread", null, 5)).isEmpty();
        String self = JfrFramesTest.class.getName() + ".topFramesOfOneThreadInAWindow";
        assertThat(JfrFrames.top(file, from, to, thread, self, 5)).isNotEmpty();
        assertThat(JfrFrames.top(file, from, to, thread, "no.such.Class.method", 5)).isEmpty();
        assertThat(JfrFrames.top(file, to.plusSeconds(60), to.plusSeconds(61), thread, null, 5)).isEmpty();
    }

    private static long spin(long seed) {
        long h = seed | 1;
        for (int k = 0; k < 10_000; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
        }
        return h;
    }
}
