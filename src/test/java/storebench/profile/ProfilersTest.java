package storebench.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.TrialRuntime;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfilersTest {
    @TempDir
    Path out;

    @Test
    void anUnknownProfilerIsNamedWithTheValidOnes() {
        assertThatThrownBy(() -> Profilers.parse("strace,perf"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench.profilers").hasMessageContaining("'perf'")
                .hasMessageContaining("strace, jfr, cpuprof");
        assertThat(Profilers.parse(" jfr , strace,jfr")).containsExactly(Profilers.JFR, Profilers.STRACE);
        assertThat(Profilers.parse("")).isEmpty();
    }

    /** A prefix goes before the executable and a runtime option right after it, whatever order they are named in. */
    @Test
    void prefixesComeFirstAndOptionsFollowTheExecutable() throws Exception {
        List<String> jvm = List.of("/jdk/bin/java", "-Xmx256m", "-cp", "x", "Main");
        List<String> cmd = Profiler.wrap(jvm, List.of(Profilers.JFR, Profilers.STRACE), TrialRuntime.JVM, out);
        int java = cmd.indexOf("/jdk/bin/java");
        assertThat(cmd.get(0)).isEqualTo("strace");
        assertThat(cmd).contains("-o", out.resolve(StraceProfiler.LOG).toString());
        assertThat(cmd.get(java + 1)).startsWith("-XX:StartFlightRecording=filename=" + out.resolve(JfrProfiler.RECORDING));
        assertThat(cmd.subList(java + 2, cmd.size())).isEqualTo(jvm.subList(1, jvm.size()));

        List<String> node = List.of("node", "--expose-gc", "worker.js");
        assertThat(Profiler.wrap(node, List.of(Profilers.CPUPROF), TrialRuntime.NODE, out)).containsExactly("node",
                "--cpu-prof", "--cpu-prof-dir=" + out, "--cpu-prof-interval=1000", "--expose-gc", "worker.js");
    }

    @Test
    void eachFrameProfilerSaysWhichRuntimeItIsFor() {
        assertThat(Profilers.JFR.unavailable(TrialRuntime.JVM)).isEmpty();
        assertThat(Profilers.JFR.unavailable(TrialRuntime.NODE)).get().asString().contains("cpuprof");
        assertThat(Profilers.CPUPROF.unavailable(TrialRuntime.NODE)).isEmpty();
        assertThat(Profilers.CPUPROF.unavailable(TrialRuntime.JVM)).get().asString().contains("jfr");
        assertThat(Profilers.forProfile(TrialRuntime.NODE)).containsExactly(Profilers.STRACE, Profilers.CPUPROF);
    }
}
