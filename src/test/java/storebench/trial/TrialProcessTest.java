package storebench.trial;


import storebench.StartsProcesses;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.VisitsAnswer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The parent's end of the protocol, against fake trial processes written as bash scripts. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@StartsProcesses
class TrialProcessTest {
    @TempDir
    Path workDir;

    private final List<TrialProcess> started = new ArrayList<>();

    private TrialProcess start(String script, long timeoutMs) throws TrialFailure {
        TrialProcess p = TrialProcess.start("fake/default", List.of("bash", "-c", script), Map.of(), workDir, timeoutMs);
        started.add(p);
        return p;
    }

    @AfterEach
    void closeAll() {
        started.forEach(TrialProcess::close);
    }

    private static ObjectNode hello() {
        return Protocol.request(Protocol.HELLO).put("engine", "fake");
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static boolean diesWithin(long pid, long ms) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (alive(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    @Test
    void skipsNonProtocolLinesAndReturnsTheResult() throws Exception {
        TrialProcess p = start("read req; echo 'engine noise: loading native library'; echo '[1,2]'; "
                + "echo '{\"no\":\"type\"}'; "
                + "echo '{\"type\":\"result\",\"op\":\"hello\",\"engine\":\"fake\",\"pid\":'$$'}'; read req", 10_000);

        ObjectNode result = p.request(hello(), line -> { });

        assertThat(result.get("type").asText()).isEqualTo("result");
        assertThat(result.get("engine").asText()).isEqualTo("fake");
        assertThat(result.get("pid").asLong()).isEqualTo(p.pid());
    }

    @Test
    void sendsTheRequestAsOneJsonLine() throws Exception {
        // the fake echoes the request back inside its result
        TrialProcess p = start("read req; echo '{\"type\":\"result\",\"op\":\"hello\",\"got\":'\"$req\"'}'; read req",
                10_000);
        ObjectNode result = p.request(hello(), line -> { });
        assertThat(result.get("got")).isEqualTo(hello());
    }

    @Test
    void passesProgressLinesToTheCallbackBeforeTheResult() throws Exception {
        TrialProcess p = start("read req; "
                + "echo '{\"type\":\"progress\",\"op\":\"create\",\"done\":1,\"total\":3}'; "
                + "echo '{\"type\":\"progress\",\"op\":\"create\",\"done\":2,\"total\":3}'; "
                + "echo '{\"type\":\"result\",\"op\":\"create\"}'; read req", 10_000);
        List<Integer> done = new ArrayList<>();

        p.request(Protocol.request(CreateAnswer.OP), line -> done.add(line.get("done").asInt()));

        assertThat(done).containsExactly(1, 2);
    }

    @Test
    void processDyingBeforeAnsweringFailsWithItsExitStatusAndStderr() throws Exception {
        TrialProcess p = start("read req; echo 'fatal: libobjectbox-jni.so not found' >&2; sleep 0.2; exit 3", 10_000);

        assertThatThrownBy(() -> p.request(hello(), line -> { }))
                .isInstanceOf(TrialFailure.class)
                .hasMessageContaining("fake/default")
                .hasMessageContaining("exit status 3")
                .hasMessageContaining("'hello'")
                .hasMessageContaining("ended before answering")
                .hasMessageContaining("fatal: libobjectbox-jni.so not found");
    }

    @Test
    void errorAnswerFailsWithItsMessage() throws Exception {
        TrialProcess p = start("read req; echo '{\"type\":\"error\",\"op\":\"visits\",\"message\":\"count mismatch: "
                + "engine fake, store 4 (/x/store-4): expected 10, got 9\",\"store\":4}'; read req", 10_000);

        assertThatThrownBy(() -> p.request(Protocol.request(VisitsAnswer.OP), line -> { }))
                .isInstanceOf(TrialFailure.class)
                .hasMessageContaining("'visits' failed")
                .hasMessageContaining("count mismatch: engine fake, store 4 (/x/store-4): expected 10, got 9");
    }

    @Test
    void answerWithUnknownTypeIsGarbageAndFails() throws Exception {
        TrialProcess p = start("read req; echo '{\"type\":\"resutl\",\"op\":\"hello\"}'; read req", 10_000);

        assertThatThrownBy(() -> p.request(hello(), line -> { }))
                .isInstanceOf(TrialFailure.class)
                .hasMessageContaining("answered garbage")
                .hasMessageContaining("resutl");
    }

    @Test
    void hangingProcessFailsAfterTheTimeoutAndCloseLeavesNothingAlive() throws Exception {
        // bash stays the parent of a sleeping child, as a JVM or Node trial process with threads would
        TrialProcess p = start("trap '' TERM; sleep 1000 & wait; sleep 1000", 500);
        long pid = p.pid();
        Thread.sleep(200); // let bash start its child
        List<Long> children = ProcessHandle.of(pid).orElseThrow().descendants().map(ProcessHandle::pid).toList();
        assertThat(children).as("the fake's child").isNotEmpty();

        long t0 = System.nanoTime();
        assertThatThrownBy(() -> p.request(hello(), line -> { }))
                .isInstanceOf(TrialFailure.class)
                .hasMessageContaining("no answer within")
                .hasMessageContaining("still running");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isBetween(400L, 5_000L);

        p.close();

        assertThat(alive(pid)).as("trial process alive after close").isFalse();
        for (long child : children) {
            // close() SIGKILLs the descendants without waiting for them: allow the kernel a moment
            assertThat(diesWithin(child, 2_000)).as("its child %d alive 2 s after close", child).isTrue();
        }
    }

    @Test
    void closeOfAWellBehavedProcessSendsExitAndItEnds() throws Exception {
        TrialProcess p = start("while read req; do case \"$req\" in *exit*) "
                + "echo '{\"type\":\"result\",\"op\":\"exit\"}'; exit 0;; esac; done; exit 9", 10_000);
        long pid = p.pid();
        long t0 = System.nanoTime();

        p.close();

        assertThat(alive(pid)).isFalse();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).as("no 5 s kill wait").isLessThan(4_000);
    }

    @Test
    void commandThatCannotStartFailsNamingTheTrialAndCommand() {
        assertThatThrownBy(() -> TrialProcess.start("fake/default", List.of("/nonexistent/trial-binary"), Map.of(),
                workDir, 1000))
                .isInstanceOf(TrialFailure.class)
                .hasMessageContaining("fake/default")
                .hasMessageContaining("/nonexistent/trial-binary");
    }

    @Test
    void environmentChangesReachTheProcessAndNullRemovesAVariable() throws Exception {
        TrialProcess p = TrialProcess.start("fake/mmap-threshold",
                List.of("bash", "-c", "read req; echo '{\"type\":\"result\",\"op\":\"hello\",\"tunables\":\"'"
                        + "\"$GLIBC_TUNABLES\"'\",\"home\":\"'\"${HOME-unset}\"'\"}'; read req"),
                envOf("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=131072", "HOME", null), workDir, 10_000);
        started.add(p);

        ObjectNode result = p.request(hello(), line -> { });

        assertThat(result.get("tunables").asText()).isEqualTo("glibc.malloc.mmap_threshold=131072");
        assertThat(result.get("home").asText()).isEqualTo("unset");
    }

    private static Map<String, String> envOf(String k1, String v1, String k2, String v2) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put(k1, v1);
        env.put(k2, v2);
        return env;
    }
}
