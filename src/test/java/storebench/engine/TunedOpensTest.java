package storebench.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.results.TunedOption;
import storebench.trial.child.PhaseLoops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tuned setting, engine by engine, on real stores in a temporary directory: an open for a phase that only reads is
 * read-only (a write through it fails, and leaves the store as it was), the opens that write still write, and under
 * the default setting the same write through an open for reading succeeds, so the test can tell the two apart.
 */
class TunedOpensTest {
    @TempDir
    Path tmp;

    static Stream<EngineDescriptor> jvmEngines() {
        return Engines.ALL.stream().filter(e -> e.runtime() == TrialRuntime.JVM && e.unavailable().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("jvmEngines")
    void anOpenForReadingIsReadOnlyUnderTunedAndTheWritableOpensStillWrite(EngineDescriptor e) throws Exception {
        Engine engine = e.newEngine(Setting.TUNED);
        Path dir = created(engine, "tuned-" + e.id());
        int w = Workload.SMALL.notesPerStore();
        Note extra = new Note("written", Workload.ts(w));
        try (Engine.OpenStore store = engine.openForReading(dir)) {
            assertThat(store.count()).as(e.id()).isEqualTo(w);
            assertThatThrownBy(() -> store.write(w + 1, extra)).as("%s: a write to a store opened for reading", e.id())
                    .isNotNull();
        }
        try (Engine.OpenStore store = engine.openForReading(dir)) {
            assertThat(store.count()).as("%s: the failed write left the store as it was", e.id()).isEqualTo(w);
        }
        try (Engine.OpenStore store = engine.open(dir)) { // traffic's open: writable under tuned too
            store.write(w + 1, extra);
        }
        try (Engine.OpenStore store = engine.openForReading(dir)) {
            assertThat(store.count()).as(e.id()).isEqualTo(w + 1);
            assertThat(store.readAll()).as(e.id()).extracting(n -> n.text).contains("written");
        }
    }

    @ParameterizedTest
    @MethodSource("jvmEngines")
    void underDefaultAnOpenForReadingIsTheWritableOpen(EngineDescriptor e) throws Exception {
        Engine engine = e.newEngine(Setting.DEFAULT);
        Path dir = created(engine, "default-" + e.id());
        int w = Workload.SMALL.notesPerStore();
        try (Engine.OpenStore store = engine.openForReading(dir)) {
            store.write(w + 1, new Note("written", Workload.ts(w)));
        }
        try (Engine.OpenStore store = engine.openForReading(dir)) {
            assertThat(store.count()).as(e.id()).isEqualTo(w + 1);
        }
    }

    /** Stores held open at once under tuned (the memory phase's hold, concurrent workers) share the process' resources. */
    @ParameterizedTest
    @MethodSource("jvmEngines")
    void severalStoresOpenForReadingAtOnceEachCountTheirOwn(EngineDescriptor e) throws Exception {
        Engine engine = e.newEngine(Setting.TUNED);
        Path a = created(engine, "a-" + e.id());
        Path b = Files.createDirectory(tmp.resolve("b-" + e.id()));
        try (Engine.OpenStore store = engine.create(b)) {
            store.putAll(PhaseLoops.notes(Workload.LARGE, 5));
        }
        try (Engine.OpenStore first = engine.openForReading(a); Engine.OpenStore second = engine.openForReading(b)) {
            assertThat(first.count()).as(e.id()).isEqualTo(Workload.SMALL.notesPerStore());
            assertThat(second.count()).as(e.id()).isEqualTo(Workload.LARGE.notesPerStore());
        }
    }

    @Test
    void everyEngineListsItsTunedOptionsWithTheirSourcesOrSaysWhyItHasNone() {
        for (EngineDescriptor e : Engines.ALL) {
            if (e.unavailable().isPresent()) {
                continue;
            }
            if (e.tuned().isEmpty()) {
                assertThat(e.nothingToTune()).as(e.id()).hasValueSatisfying(why -> assertThat(why).isNotBlank());
            } else {
                assertThat(e.nothingToTune()).as(e.id()).isEmpty();
            }
            for (TunedOption o : e.tuned()) {
                assertThat(o.option()).as(e.id()).isNotBlank();
                assertThat(o.what()).as(e.id() + " " + o.option()).isNotBlank();
                // a source names a document and its section, or a file of the vendor's source
                assertThat(o.source()).as(e.id() + " " + o.option()).matches(".*(\".+\"|\\w+\\.(java|cc|h|c|js|md|html|cpp)).*");
            }
        }
        assertThat(Engines.of("libsql").nothingToTune()).isPresent();
        assertThat(Engines.of("rocksdb").sharedPerProcess()).isPresent();
        assertThat(Engines.of("duckdb").sharedPerProcess()).isPresent();
        assertThat(Engines.of("sqlite").sharedPerProcess()).isEmpty();
    }

    @Test
    void aDescriptorWithoutTunedOptionsOrAReasonIsRefused() {
        assertThatThrownBy(() -> EngineDescriptor.node("x", "X").sql("put").storeFiles("f", 1, 1)
                .syncedByDefault("synced").build()).hasMessageContaining("tuned options");
        assertThatThrownBy(() -> EngineDescriptor.node("x", "X").sql("put").storeFiles("f", 1, 1)
                .syncedByDefault("synced").tuned("o", "what", "doc, \"section\"").nothingToTune("why").build())
                .hasMessageContaining("not both");
    }

    private Path created(Engine engine, String name) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve(name));
        try (Engine.OpenStore store = engine.create(dir)) {
            store.putAll(PhaseLoops.notes(Workload.SMALL, 3));
        }
        return dir;
    }
}
