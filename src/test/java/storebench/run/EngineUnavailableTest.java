package storebench.run;

import java.util.Optional;
import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import storebench.engine.ObjectBoxEngine;
import storebench.model.Setting;
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.TrialProcess;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * An engine whose native library cannot load on this machine: its trial process answers hello with the loader's
 * reason, marked unavailable, so that the trial is skipped with that reason (a skip, not a failure).
 */
@StartsProcesses
class EngineUnavailableTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @Test
    void aNativeLibraryThatCannotLoadAnswersHelloUnavailableWithTheLoadersReason() throws Exception {
        TrialCommands commands = new TrialCommands(TrialClasspath.find(), PROJECT, "node");
        // ObjectBox unpacks its native library into the working directory; nothing can be written in /proc
        Path unwritable = Path.of("/proc");
        try (TrialProcess p = TrialProcess.start("objectbox/default", commands.command(ObjectBoxEngine.SYNC_EVERY_OPEN,
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()),
                Setting.DEFAULT.environment(), unwritable, 60_000)) {
            TrialFailure failure = catchThrowableOfType(() -> p.request(Protocol.request(Protocol.HELLO)
                    .put("engine", "objectbox").put("setting", "default"), l -> { }), TrialFailure.class);

            assertThat(failure).as("hello of an engine that cannot load").isNotNull();
            assertThat(failure.engineUnavailable()).isTrue();
            assertThat(failure.getMessage()).contains("the engine cannot load on this machine")
                    .contains("[ObjectBox] Loading native library failed");
        }
    }

    @Test
    void anyOtherHelloErrorIsAFailureNotASkip() throws Exception {
        TrialCommands commands = new TrialCommands(TrialClasspath.find(), PROJECT, "node");
        try (TrialProcess p = TrialProcess.start("objectbox/default", commands.command(ObjectBoxEngine.SYNC_EVERY_OPEN,
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty()),
                Setting.DEFAULT.environment(), PROJECT.resolve("target"), 60_000)) {
            TrialFailure failure = catchThrowableOfType(() -> p.request(Protocol.request(Protocol.HELLO)
                    .put("engine", "objectbox").put("setting", "no-such-setting"), l -> { }), TrialFailure.class);

            assertThat(failure).isNotNull();
            assertThat(failure.engineUnavailable()).isFalse();
            assertThat(failure.getMessage()).contains("unknown setting 'no-such-setting'");
        }
    }
}
