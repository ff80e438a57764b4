package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** LMDB sizes its map from the notes it writes: a custom store larger than the 4 MiB map fits, the large one's map stays. */
class LmdbMapSizeTest {
    @TempDir
    Path tmp;

    @Test
    void aCustomStoreLargerThanTheDefaultMapIsWrittenReopenedAndAppendedTo() throws Exception {
        Workload big = Workload.custom(2_000, 4_000); // 8 MB of text: twice the 4 MiB map
        Engine engine = new LmdbEngine(Setting.DEFAULT);
        Path dir = Files.createDirectory(tmp.resolve("store-0"));
        try (Engine.OpenStore store = engine.create(dir)) {
            store.putAll(PhaseLoops.notes(big, 0));
            assertThat(store.count()).isEqualTo(2_000);
            assertThat(((LmdbEngine.Layout) store.layout().orElseThrow()).mapSize()).isGreaterThan(LmdbEngine.MAP_SIZE);
        }
        try (Engine.OpenStore store = engine.open(dir)) {
            store.write(2_001, new Note(big.text(0, 2_000), Workload.ts(2_000)));
            assertThat(store.count()).isEqualTo(2_001);
            assertThat(store.readAll().get(1_999).text).isEqualTo(big.text(0, 1_999));
        }
        assertThat(Files.size(dir.resolve("data.mdb"))).isGreaterThan(2_000L * 4_000);
    }

    @Test
    void theLargeWorkloadsStoreKeepsTheFourMibMap() throws Exception {
        Engine engine = new LmdbEngine(Setting.DEFAULT);
        Path dir = Files.createDirectory(tmp.resolve("store-0"));
        try (Engine.OpenStore store = engine.create(dir)) {
            store.putAll(PhaseLoops.notes(Workload.LARGE, 0));
            assertThat(((LmdbEngine.Layout) store.layout().orElseThrow()).mapSize()).isEqualTo(LmdbEngine.MAP_SIZE);
        }
        assertThat(LmdbEngine.mapSizeFor(0, 1_000 * 316, 1_000)).isEqualTo(LmdbEngine.MAP_SIZE);
    }
}
