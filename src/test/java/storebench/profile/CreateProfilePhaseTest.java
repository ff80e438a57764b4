package storebench.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engine;
import storebench.engine.Note;
import storebench.trial.child.PhaseLoops;
import storebench.model.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The trial side of the create profile (Phases.createProfile, op createprofile) with a recording fake engine. */
class CreateProfilePhaseTest {
    @TempDir
    Path root;

    final List<String> calls = new ArrayList<>();

    final Engine fake = new Engine() {
        @Override
        public OpenStore create(Path dir) {
            assertThat(dir).isDirectory(); // the directory is made first, inside the open step
            calls.add("create " + dir.getFileName());
            return store(dir);
        }

        @Override
        public OpenStore open(Path dir) {
            throw new UnsupportedOperationException();
        }

        @Override
        public storebench.engine.Description describe() {
            return new storebench.engine.Description(List.of(), List.of(), "none");
        }

        private OpenStore store(Path dir) {
            return new OpenStore() {
                @Override
                public void putAll(Note[] notes) {
                    calls.add("put " + notes.length + " " + notes[0].text);
                }

                @Override
                public long count() {
                    return 0;
                }

                @Override
                public List<Note> readAll() {
                    return List.of();
                }

                @Override
                public void close() {
                    calls.add("close " + dir.getFileName());
                }
            };
        }
    };

    @Test
    void timesEachStepAndTheTotalIsTheirSum() throws Exception {
        List<Integer> progress = new ArrayList<>();
        PhaseLoops.CreateProfileSamples s = new PhaseLoops("fake", fake).createProfile(root, Workload.of("small"),
                new int[] {3, 1}, progress::add);
        assertThat(calls).containsExactly("create store-3", "put 10 note 0 of agent 3", "close store-3",
                "create store-1", "put 10 note 0 of agent 1", "close store-1");
        assertThat(progress).containsExactly(1, 2);
        for (int k = 0; k < 2; k++) {
            assertThat(s.open[k]).isPositive();
            assertThat(s.build[k]).isPositive();
            assertThat(s.put[k]).isPositive();
            assertThat(s.close[k]).isPositive();
            assertThat(s.total[k]).isEqualTo(s.open[k] + s.build[k] + s.put[k] + s.close[k]);
        }
        assertThat(s.wallNs).isGreaterThanOrEqualTo(s.total[0] + s.total[1]);
        assertThat(Files.isDirectory(root.resolve("store-3"))).isTrue();
    }

    @Test
    void anExistingStoreDirectoryFailsTheStep() throws Exception {
        Files.createDirectory(root.resolve("store-0"));
        assertThatThrownBy(() -> new PhaseLoops("fake", fake).createProfile(root, Workload.of("small"), new int[] {0},
                d -> { })).isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
    }
}
