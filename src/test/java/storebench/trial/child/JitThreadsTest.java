package storebench.trial.child;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The settle step before a measured run reads the JIT's compiler threads: they must be found by their names. */
class JitThreadsTest {
    @Test
    void findsTheCompilerThreadsAndTheirTimeOnlyGrows() throws Exception {
        JitThreads jit = new JitThreads();
        long before = jit.cpuNs();
        long sink = 0;
        for (int k = 0; k < 2_000_000; k++) { // hot enough for C1 and C2 to compile it
            sink += Long.toString(k).hashCode();
        }
        long after = jit.cpuNs();

        assertThat(sink).isNotZero();
        assertThat(before).as("the compiler threads' time (HotSpot's C1 and C2 threads, by name in /proc)").isPositive();
        assertThat(after).isGreaterThanOrEqualTo(before);
    }

    @Test
    void awaitingIdleReturnsWithinItsBoundAndSaysWhetherItWasIdle() throws Exception {
        JitThreads.IdleWait wait = new JitThreads().awaitIdle(2_000_000_000L);

        assertThat(wait.waitedNs()).isLessThan(2_500_000_000L);
        if (wait.idle()) {
            assertThat(wait.waitedNs()).isGreaterThanOrEqualTo(JitThreads.IDLE_NS);
        }
    }
}
