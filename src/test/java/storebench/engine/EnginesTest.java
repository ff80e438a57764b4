package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The engine registry: ids, titles and colours tell the engines apart, and each can be made or says why not. */
class EnginesTest {
    @TempDir
    Path tmp;

    @Test
    void idsTitlesAndColoursAreUnique() {
        assertThat(Engines.ids()).doesNotHaveDuplicates();
        assertThat(Engines.ALL.stream().map(EngineDescriptor::title).collect(Collectors.toList())).doesNotHaveDuplicates();
        assertThat(Engines.ALL.stream().map(EngineDescriptor::colour).collect(Collectors.toList())).doesNotHaveDuplicates();
    }

    @Test
    void theGroupsAreTheReferencesColumnsTheOthersAndAllAndNameASetOfEngines() {
        assertThat(Engines.GROUPS.keySet()).containsExactly("reference", "beyond", "all");
        assertThat(Engines.GROUPS.get("reference")).allMatch(EngineDescriptor::inReference).hasSize(7);
        assertThat(Engines.GROUPS.get("beyond")).noneMatch(EngineDescriptor::inReference).hasSize(5);
        assertThat(Engines.inGroups(Engines.ids())).containsExactly("all");
        assertThat(Engines.inGroups(java.util.List.of("lmdb", "objectbox", "objectbox-cached", "objectbox-nosync", "sqlite",
                "turso", "libsql", "sqlite-node"))).containsExactly("reference", "lmdb");
        assertThat(Engines.inGroups(java.util.List.of("sqlite", "leveldb"))).containsExactly("sqlite", "leveldb");
    }

    @Test
    void theReferencesEnginesComeFirstInTheReferencesOrder() {
        assertThat(Engines.ids()).startsWith("objectbox", "objectbox-cached", "objectbox-nosync", "sqlite", "turso",
                "libsql", "sqlite-node");
        int lastReference = -1;
        for (int k = 0; k < Engines.ALL.size(); k++) {
            if (Engines.ALL.get(k).inReference()) {
                assertThat(k).as("%s follows only reference engines", Engines.ALL.get(k)).isEqualTo(lastReference + 1);
                lastReference = k;
            }
        }
    }

    @Test
    void everyEngineHasAnEstimateAndEveryJvmEngineIsMadeOrSaysWhyNot() throws Exception {
        for (EngineDescriptor e : Engines.ALL) {
            assertThat(e.diskEstimateBytes(Workload.LARGE)).as(e.id()).isGreaterThan(e.diskEstimateBytes(Workload.SMALL))
                    .isPositive();
            assertThat(e.storeFiles()).as(e.id()).isNotBlank();
            if (e.runtime() == TrialRuntime.NODE || e.unavailable().isPresent()) {
                assertThatThrownBy(() -> e.newEngine(Setting.DEFAULT)).hasMessageContaining("'" + e.id() + "' does not run in a JVM");
                continue;
            }
            // made in this JVM: a store it creates holds the notes put in it, and one it opens again still does
            Engine engine = e.newEngine(Setting.DEFAULT);
            Path dir = java.nio.file.Files.createDirectory(tmp.resolve(e.id()));
            Note[] notes = PhaseLoops.notes(Workload.SMALL, 3);
            try (Engine.OpenStore store = engine.create(dir)) {
                store.putAll(notes);
            }
            try (Engine.OpenStore store = engine.open(dir)) {
                assertThat(store.count()).as(e.id()).isEqualTo(notes.length);
                assertThat(store.readAll()).as(e.id()).extracting(n -> n.text)
                        .containsExactlyInAnyOrder(java.util.Arrays.stream(notes).map(n -> n.text).toArray(String[]::new));
            }
            // the tenant-traffic phase's writes: one note at a time after the others, each keeping every earlier one
            try (Engine.OpenStore store = engine.open(dir)) {
                for (int w = 0; w < 2; w++) {
                    store.append(notes.length + w + 1, new Note[]{new Note("appended " + w, Workload.ts(notes.length + w))});
                }
            }
            try (Engine.OpenStore store = engine.open(dir)) {
                assertThat(store.count()).as(e.id() + " after two appends").isEqualTo(notes.length + 2);
                java.util.List<Note> read = store.readAll();
                assertThat(read).as(e.id()).extracting(n -> n.text).startsWith(notes[0].text)
                        .endsWith("appended 0", "appended 1");
                assertThat(read).as(e.id() + ": ids in order, the appended ones after the others").extracting(n -> n.id)
                        .containsExactly(java.util.stream.LongStream.rangeClosed(1, notes.length + 2).boxed()
                                .toArray(Long[]::new));
            }
            assertThat(engine.describe().info()).as(e.id() + " describes itself").isNotEmpty();
        }
    }

    @Test
    void rejectsUnknownEngineIdAndListsValidOnes() {
        assertThatThrownBy(() -> Engines.of("sqllite")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown engine id 'sqllite'; valid engine ids: " + String.join(", ", Engines.ids()));
        assertThat(Engines.rank("no-such-engine")).isEqualTo(Integer.MAX_VALUE);
        assertThat(Engines.rank("sqlite")).isLessThan(Engines.rank("turso"));
    }
}
