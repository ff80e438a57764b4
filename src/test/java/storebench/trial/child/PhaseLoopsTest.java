package storebench.trial.child;

import storebench.measure.ProcResources;
import storebench.measure.Yardstick;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.Note;
import storebench.model.Workload;
import storebench.trial.CapacityRequest;
import storebench.trial.Query;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The phase loops of a JVM trial process, over real directories, with an in-memory engine. */
class PhaseLoopsTest {
    @TempDir
    Path root;

    /**
     * Keeps each store's notes in memory, keyed by its directory; one directory can be made to miscount. A store's
     * directory holds one file naming it, so that a copy of the directory opens as a copy of the store.
     */
    static final class FakeEngine implements Engine {
        final Map<Path, List<Note>> stores = new HashMap<>();
        final List<String> calls = new ArrayList<>();
        Path miscountDir;
        long miscount;
        int openStores;

        @Override
        public OpenStore create(Path dir) {
            assertThat(dir).as("create gets an existing directory").isDirectory();
            calls.add("create " + dir.getFileName());
            stores.put(dir, new ArrayList<>());
            try {
                Files.writeString(dir.resolve(FILE), dir.getFileName().toString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return store(dir);
        }

        @Override
        public OpenStore open(Path dir) throws java.io.IOException {
            calls.add("open " + dir.getFileName());
            if (!stores.containsKey(dir) && Files.isRegularFile(dir.resolve(FILE))) {
                Path original = dir.resolveSibling(Files.readString(dir.resolve(FILE)));
                stores.put(dir, new ArrayList<>(stores.get(original)));
            }
            if (!stores.containsKey(dir)) {
                throw new IllegalStateException("no store at " + dir);
            }
            return store(dir);
        }

        static final String FILE = "fake.store";

        @Override
        public storebench.engine.Description describe() {
            return new storebench.engine.Description(List.of(new storebench.engine.Description.Named("version",
                    "fake")), List.of(), "none");
        }

        private OpenStore store(Path dir) {
            openStores++;
            return new OpenStore() {
                @Override
                public void putAll(Note[] notes) {
                    stores.get(dir).addAll(List.of(notes));
                }

                @Override
                public long count() {
                    return dir.equals(miscountDir) ? miscount : stores.get(dir).size();
                }

                @Override
                public List<Note> readAll() {
                    return List.copyOf(stores.get(dir));
                }

                @Override
                public void close() {
                    openStores--;
                }
            };
        }
    }

    private final FakeEngine engine = new FakeEngine();
    private final PhaseLoops phases = new PhaseLoops("fake-engine", engine);

    private PhaseLoops.CreateSamples createFive() throws Exception {
        return phases.create(root, Workload.SMALL, new int[] {0, 1, 2, 3, 4}, done -> { });
    }

    @Test
    void createMakesEachStoreDirectoryAndPutsTheWorkloadsNotes() throws Exception {
        createFive();

        for (int i = 0; i < 5; i++) {
            Path dir = root.resolve("store-" + i);
            assertThat(dir).isDirectory();
            List<Note> notes = engine.stores.get(dir);
            assertThat(notes).hasSize(10);
            assertThat(notes.get(3).text).isEqualTo("note 3 of agent " + i);
            assertThat(notes.get(3).ts).isEqualTo(Workload.BASE_TS + 3);
        }
        assertThat(engine.openStores).as("stores left open").isZero();
    }

    @Test
    void createGivesOnePositiveSamplePerStoreAndAWallTimeCoveringThem() throws Exception {
        PhaseLoops.CreateSamples s = createFive();

        assertThat(s.create).hasSize(5);
        assertThat(java.util.Arrays.stream(s.create).boxed()).allSatisfy(ns -> assertThat(ns).isPositive());
        assertThat(s.wallNs).isGreaterThanOrEqualTo(java.util.Arrays.stream(s.create).sum());
    }

    @Test
    void createReportsProgressAfterEveryStore() throws Exception {
        List<Integer> done = new ArrayList<>();
        phases.create(root, Workload.SMALL, new int[] {7, 3, 9}, done::add);
        assertThat(done).containsExactly(1, 2, 3);
        assertThat(engine.calls).containsExactly("create store-7", "create store-3", "create store-9");
    }

    @Test
    void createFailsOnAnExistingStoreDirectory() throws Exception {
        Files.createDirectories(root.resolve("store-1"));
        assertThatThrownBy(() -> createFive()).isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
    }

    @Test
    void visitsGoToTheStoresInTheGivenOrderWithOneSampleOfEachKindPerStore() throws Exception {
        createFive();
        engine.calls.clear();
        int[] order = {3, 0, 4, 1, 2};

        PhaseLoops.VisitSamples s = phases.visits(root, Workload.SMALL, order, Query.COUNT, true, false, done -> { });

        assertThat(engine.calls).containsExactly("open store-3", "open store-0", "open store-4", "open store-1",
                "open store-2");
        assertThat(s.open).hasSize(5);
        assertThat(s.asked).hasSize(5);
        assertThat(s.close).hasSize(5);
        for (int k = 0; k < 5; k++) {
            assertThat(s.total[k]).as("oqc = open + count + close").isEqualTo(s.open[k] + s.asked[k] + s.close[k]);
            assertThat(s.total[k]).isPositive();
        }
        assertThat(s.yard).as("a block of yardsticks before the visits and one after them").hasSize(2 * Yardstick.BLOCK);
        assertThat(java.util.Arrays.stream(s.yard).min().orElseThrow()).isPositive();
        assertThat(s.compileMs).isNotNegative();
        assertThat(engine.openStores).isZero();
    }

    @Test
    void visitsWithoutTheYardstickTakeNone() throws Exception {
        createFive();
        assertThat(phases.visits(root, Workload.SMALL, new int[] {0, 1}, Query.COUNT, false, false, done -> { }).yard)
                .isEmpty();
    }

    @Test
    void aVisitFailsOnAWrongCountNamingEngineStoreAndBothCountsAfterClosingTheStore() throws Exception {
        createFive();
        Path bad = root.resolve("store-3");
        engine.miscountDir = bad;
        engine.miscount = 9;
        List<Integer> done = new ArrayList<>();

        assertThatThrownBy(() -> phases.visits(root, Workload.SMALL, new int[] {1, 3, 0, 2, 4}, Query.COUNT, false,
                false, done::add))
                .isInstanceOfSatisfying(CountMismatch.class, e -> assertThat(e.store).isEqualTo(3))
                .hasMessage("count mismatch: engine fake-engine, store 3 (" + bad + "): expected 10, got 9");
        assertThat(engine.openStores).as("the miscounting store was closed before the check").isZero();
        assertThat(done).as("stores before the bad one were visited").containsExactly(1);
    }

    @Test
    void holdFailsOnAWrongCountAndClosesEveryStoreItOpened() throws Exception {
        createFive();
        engine.miscountDir = root.resolve("store-2");
        engine.miscount = 0;
        boolean[] ran = {false};

        assertThatThrownBy(() -> phases.hold(root, Workload.SMALL, new int[] {0, 1, 2, 3}, () -> { },
                () -> ran[0] = true))
                .isInstanceOf(CountMismatch.class)
                .hasMessageContaining("store 2").hasMessageContaining("expected 10, got 0");
        assertThat(ran[0]).isFalse();
        assertThat(engine.openStores).isZero();
    }

    @Test
    void holdKeepsAllStoresOpenWhileItsActionRuns() throws Exception {
        createFive();
        int[] openDuring = {-1};
        phases.hold(root, Workload.SMALL, new int[] {0, 1, 2}, () -> { }, () -> openDuring[0] = engine.openStores);
        assertThat(openDuring[0]).isEqualTo(3);
        assertThat(engine.openStores).isZero();
    }

    @Test
    void holdReadsBeforeItOpensAnything() throws Exception {
        createFive();
        engine.calls.clear();
        List<String> callsAtBefore = new ArrayList<>();
        phases.hold(root, Workload.SMALL, new int[] {0, 1}, () -> callsAtBefore.addAll(engine.calls), () -> { });
        assertThat(callsAtBefore).isEmpty();
        assertThat(engine.calls).containsExactly("open store-0", "open store-1");
    }

    @Test
    void aReadVisitTimesTheReadInsideOpenReadCloseAndChecksEveryNote() throws Exception {
        createFive();
        PhaseLoops.VisitSamples s = phases.visits(root, Workload.SMALL, new int[] {3, 0, 4}, Query.READ, false, false,
                done -> { });

        for (int k = 0; k < 3; k++) {
            assertThat(s.asked[k]).isPositive();
            assertThat(s.total[k]).isGreaterThanOrEqualTo(s.asked[k]);
        }
        assertThat(s.wallNs).isPositive();
        assertThat(s.startMs).isPositive();
    }

    @Test
    void aReadThatDoesNotGiveBackTheWorkloadsNotesFailsNamingTheStore() throws Exception {
        createFive();
        engine.stores.get(root.resolve("store-2")).set(4, new Note("note 4 of agent 2!", Workload.ts(4)));

        assertThatThrownBy(() -> phases.visits(root, Workload.SMALL, new int[] {0, 1, 2}, Query.READ, false, false,
                done -> { }))
                .isInstanceOf(CountMismatch.class)
                .hasMessageContaining("store 2").hasMessageContaining("text lengths sum to");
        engine.stores.get(root.resolve("store-2")).remove(4);
        assertThatThrownBy(() -> phases.visits(root, Workload.SMALL, new int[] {2}, Query.READ, false, false,
                done -> { }))
                .hasMessageContaining("store 2").hasMessageContaining("expected 10, got 9");
    }

    @Test
    void anUnknownQueryIsNamedWithTheValidOnes() {
        assertThatThrownBy(() -> Query.of("sum")).hasMessage("unknown query 'sum'; valid queries: count, read");
    }

    @Test
    void checkReturnsOnlyExistingStoresWithTheRightCount() throws Exception {
        createFive();
        engine.miscountDir = root.resolve("store-1");
        engine.miscount = 3;
        Files.createDirectories(root.resolve("store-7")); // a directory the engine cannot open

        assertThat(new StoreChecks(engine).check(root, Workload.SMALL, new int[] {0, 1, 2, 6, 7})).containsExactly(0, 2);
    }

    @Test
    void capacityHoldsStoresUpToTheCapWithItsPointsAndClosesThemAll() throws Exception {
        List<Integer> done = new ArrayList<>();
        CapacityLoop.CapacitySamples s = phases.capacity(root, Workload.SMALL,
                new CapacityRequest(null, null, 25, 10, 3, 0, 0), done::add);

        assertThat(s.stop).isEqualTo("cap");
        assertThat(s.opened).isEqualTo(25);
        assertThat(s.points).extracting(ProcResources.Point::stores).containsExactly(0L, 10L, 20L, 25L);
        assertThat(s.points).allSatisfy(p -> assertThat(p.vszKb()).isPositive());
        assertThat(s.limits.nofileSoft()).isPositive();
        assertThat(done).hasSize(25).endsWith(25);
        // store 0 is created once and opened 3 times to warm up, then held; every other store is its copy, then held
        assertThat(engine.calls.stream().filter(c -> c.equals("open store-0"))).hasSize(4);
        assertThat(engine.calls.stream().filter(c -> c.startsWith("create"))).containsExactly("create store-0");
        assertThat(engine.stores).hasSize(25);
        assertThat(root.resolve("store-24").resolve(FakeEngine.FILE)).hasContent("store-0");
        assertThat(engine.openStores).as("stores left open").isZero();
    }

    @Test
    void capacityStopsAtTheFirstStoreWhoseCountIsWrongWithTheStepAndTheMessage() throws Exception {
        engine.miscountDir = root.resolve("store-7");
        engine.miscount = 3;

        CapacityLoop.CapacitySamples s = phases.capacity(root, Workload.SMALL,
                new CapacityRequest(null, null, 25, 10, 0, 0, 0), n -> { });

        assertThat(s.stop).isEqualTo("error");
        assertThat(s.opened).isEqualTo(7);
        assertThat(s.store).isEqualTo(7);
        assertThat(s.during).isEqualTo("count");
        assertThat(s.message).startsWith("CountMismatch: count mismatch: engine fake-engine, store 7").endsWith(
                "expected 10, got 3");
        assertThat(s.points).extracting(ProcResources.Point::stores).containsExactly(0L, 7L);
        assertThat(engine.openStores).as("stores left open").isZero();
    }

    @Test
    void aCapacityFailureIsDescribedWithItsCauses() {
        java.io.FileNotFoundException emfile = new java.io.FileNotFoundException(
                "/r/store-9970/00000000000.xd (Too many open files)");
        RuntimeException wrapped = new IllegalStateException("Can't init meta tree in log",
                new java.io.UncheckedIOException("opening the log", emfile));
        assertThat(CapacityLoop.describe(wrapped)).isEqualTo("IllegalStateException: Can't init meta tree in log;"
                + " cause: UncheckedIOException: opening the log; cause: FileNotFoundException: /r/store-9970/"
                + "00000000000.xd (Too many open files)");
        assertThat(CapacityLoop.describe(new IllegalStateException("alone"))).isEqualTo("IllegalStateException: alone");
    }
}
