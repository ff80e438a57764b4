package storebench.phase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the open runs record of the page cache before a run: the share of the pool's pages it holds, on real files. */
class OpenRunsPhaseTest {
    @TempDir
    Path root;

    @Test
    void thePoolCachedAtARunsStartCountsTheDroppedStoreOut() throws Exception {
        Engine sqlite = new SqliteEngine(Setting.DEFAULT);
        List<Path> stores = List.of(Files.createDirectory(root.resolve("store-0")),
                Files.createDirectory(root.resolve("store-1")));
        for (Path dir : stores) {
            try (Engine.OpenStore store = sqlite.create(dir)) {
                store.putAll(PhaseLoops.notes(Workload.LARGE, 0));
            }
        }
        OpenRunsPhase.PoolCached both = OpenRunsPhase.cached(stores);
        assertThat(both.poolPages()).isPositive();
        assertThat(both.percent()).as("just written, both stores cached").isGreaterThan(90);

        ColdPhase.drop(List.of(stores.get(1)));

        OpenRunsPhase.PoolCached one = OpenRunsPhase.cached(stores);
        assertThat(one.poolPages()).isEqualTo(both.poolPages());
        assertThat(one.percent()).as("one of two like stores dropped").isBetween(40.0, 60.0);
        assertThat(new OpenRunsPhase.PoolCached(0, 0).percent()).as("no pages: nothing to miss").isEqualTo(100);
    }
}
