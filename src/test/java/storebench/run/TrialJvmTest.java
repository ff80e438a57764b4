package storebench.run;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import storebench.engine.Engines;
import storebench.model.JvmCollector;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The measuring phases' JVM keeps its fixed, pre-touched serial heap; a serving phase's runs its own collector. */
class TrialJvmTest {
    @Test
    void theMeasuringJvmHasAFixedPreTouchedHeapUnderTheSerialCollector() {
        assertThat(TrialJvm.measuring("256m").options()).containsExactly("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch",
                "-XX:+UseSerialGC");
    }

    @Test
    void aServingJvmRunsTheCollectorAskedWithoutPreTouchingItsHeap() {
        assertThat(TrialJvm.serving("456m", JvmCollector.G1).options()).containsExactly("-Xms456m", "-Xmx456m",
                "-XX:+UseG1GC");
        TrialCommands commands = new TrialCommands("cp", Path.of("."), "node");
        assertThat(commands.command(Engines.of("sqlite"),
                        TrialJvm.serving("300m", JvmCollector.PARALLEL), Optional.empty()))
                .contains("-XX:+UseParallelGC", "-Xmx300m").doesNotContain("-XX:+UseSerialGC", "-XX:+AlwaysPreTouch");
    }
}
