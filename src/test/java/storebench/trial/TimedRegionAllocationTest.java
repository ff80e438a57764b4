package storebench.trial;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.Note;
import storebench.model.Workload;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The harness allocates nothing inside a timed region: a fake engine reads the thread's allocation counter as
 * each engine call returns and as the next one starts; whatever the harness does in between (reading the clock
 * between open, count and close) must allocate 0 bytes. The counter itself allocates nothing.
 */
class TimedRegionAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path root;

    @Test
    void nothingIsAllocatedBetweenTheEngineCallsOfAnOpenRun() throws Exception {
        CountingEngine engine = new CountingEngine(Workload.SMALL.notesPerStore());
        PhaseLoops phases = new PhaseLoops("fake", engine);
        int n = 20_000;
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        phases.openRun(root, Workload.SMALL, order, done -> { }); // warm the JIT: escape analysis, inlining
        engine.harnessBytes = 0;
        engine.gaps = 0;
        phases.openRun(root, Workload.SMALL, order, done -> { });

        assertThat(engine.gaps).isEqualTo(2L * n); // open->count and count->close, per store
        assertThat(engine.harnessBytes).as("bytes the harness allocated inside timed regions").isZero();
    }

    /** Opens one preallocated store and measures the allocation between its own calls. */
    private static final class CountingEngine implements Engine, Engine.OpenStore {
        private final long count;
        private final long thread = Thread.currentThread().getId();
        private long returnedAt;
        long harnessBytes;
        long gaps;

        CountingEngine(long count) {
            this.count = count;
        }

        private long allocated() {
            return THREADS.getThreadAllocatedBytes(thread);
        }

        @Override
        public OpenStore create(Path dir) {
            return this;
        }

        @Override
        public OpenStore open(Path dir) {
            returnedAt = allocated();
            return this;
        }

        @Override
        public long count() {
            gap();
            returnedAt = allocated();
            return count;
        }

        @Override
        public void close() {
            gap();
        }

        private void gap() {
            harnessBytes += allocated() - returnedAt;
            gaps++;
        }

        @Override
        public void putAll(Note[] notes) {
        }

        @Override
        public java.util.List<Note> readAll() {
            return java.util.List.of();
        }

        @Override
        public Map<String, String> describe() {
            return Map.of();
        }
    }
}
