package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LMDB under the tuned setting holds more environments open than glibc's 1,024 thread-specific keys allow at its
 * defaults (about 1,022, docs/engines.md): with MDB_NOTLS an environment takes no key (mdb.c, mdb_env_setup_locks).
 */
class LmdbNoTlsTest {
    /** Past the 1,022 environments the defaults stop at (PTHREAD_KEYS_MAX = 1,024, less the runtime's own keys). */
    private static final int HELD = 1_100;

    @TempDir
    Path tmp;

    @Test
    void moreEnvironmentsThanPthreadKeysStayOpenForReadingUnderTuned() throws Exception {
        Engine engine = new LmdbEngine(Setting.TUNED);
        Path first = Files.createDirectory(tmp.resolve("store-0"));
        try (Engine.OpenStore store = engine.create(first)) {
            store.putAll(PhaseLoops.notes(Workload.SMALL, 0));
        }
        List<Engine.OpenStore> open = new ArrayList<>();
        try {
            for (int i = 0; i < HELD; i++) {
                Path dir = i == 0 ? first : Files.createDirectory(tmp.resolve("store-" + i));
                if (i > 0) {
                    Files.copy(first.resolve("data.mdb"), dir.resolve("data.mdb"));
                    Files.copy(first.resolve("lock.mdb"), dir.resolve("lock.mdb"));
                }
                Engine.OpenStore store = engine.openForReading(dir);
                open.add(store);
                assertThat(store.count()).as("store %d", i).isEqualTo(Workload.SMALL.notesPerStore());
            }
        } finally {
            for (Engine.OpenStore store : open) {
                store.close();
            }
        }
        assertThat(open).hasSize(HELD);
    }
}
