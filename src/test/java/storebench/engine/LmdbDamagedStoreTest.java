package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;
import storebench.trial.child.StoreChecks;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kept LMDB store whose data file was cut short: LMDB maps the file and reads past its end, which kills the process
 * with SIGBUS rather than failing the open, so the reuse check finds it from the meta page, without opening it.
 */
class LmdbDamagedStoreTest {
    @TempDir
    Path tmp;

    @Test
    void aTruncatedDataFileIsDamagedAndTheReuseCheckPassesOverItWithoutOpeningIt() throws Exception {
        Engine engine = new LmdbEngine(Setting.TUNED);
        for (int i = 0; i < 2; i++) {
            Path dir = Files.createDirectories(StoreLayout.storeDir(tmp, i));
            try (Engine.OpenStore store = engine.create(dir)) {
                store.putAll(PhaseLoops.notes(Workload.LARGE, i));
            }
        }
        Path data = StoreLayout.storeDir(tmp, 1).resolve("data.mdb");
        assertThat(engine.damaged(data.getParent())).isEmpty();
        assertThat(Files.size(data)).isGreaterThan(196_608);

        try (RandomAccessFile f = new RandomAccessFile(data.toFile(), "rw")) {
            f.setLength(196_608); // as `truncate -s 196608 .../store-1/data.mdb`
        }

        assertThat(engine.damaged(data.getParent())).hasValueSatisfying(why -> assertThat(why)
                .startsWith("data.mdb is 196608 bytes, its meta page says ").contains("pages of 4096"));
        assertThat(new StoreChecks(engine).check(tmp, Workload.LARGE, new int[] {0, 1})).containsExactly(0);
    }
}
