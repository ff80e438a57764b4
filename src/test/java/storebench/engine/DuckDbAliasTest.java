package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under tuned every store is ATTACHed to one instance under an alias, and DuckDB's messages (a full disk's among them)
 * name the alias: it is the store's own name, so that store-49's error says store_49, not a count of attaches.
 */
class DuckDbAliasTest {
    @TempDir
    Path tmp;

    private static String database(Engine.OpenStore store) throws Exception {
        try (Statement s = ((JdbcEngine.JdbcStore) store).connection.createStatement();
             ResultSet r = s.executeQuery("SELECT current_database()")) {
            r.next();
            return r.getString(1);
        }
    }

    @Test
    void anAttachedStoreIsNamedByItsDirectoryAndASecondAttachOfItGetsANumber() throws Exception {
        Engine engine = new DuckDbEngine(Setting.TUNED);
        for (int i : new int[] {48, 49}) {
            try (Engine.OpenStore s = engine.create(Files.createDirectories(StoreLayout.storeDir(tmp, i)))) {
                s.putAll(PhaseLoops.notes(Workload.SMALL, i));
            }
        }
        try (Engine.OpenStore a = engine.open(StoreLayout.storeDir(tmp, 49));
             Engine.OpenStore b = engine.open(StoreLayout.storeDir(tmp, 48))) {
            assertThat(database(a)).isEqualTo("store_49");
            assertThat(database(b)).isEqualTo("store_48");
        }
        try (Engine.OpenStore again = engine.openForReading(StoreLayout.storeDir(tmp, 49))) {
            assertThat(database(again)).as("its alias was freed at close").isEqualTo("store_49");
            assertThat(again.count()).isEqualTo(Workload.SMALL.notesPerStore());
        }
    }
}
