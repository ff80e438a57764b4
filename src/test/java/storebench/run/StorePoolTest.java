package storebench.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StorePoolTest {
    @TempDir
    Path tmp;

    /** A store as an engine leaves it: a store-i directory with files (and a subdirectory) in it. */
    private static Path store(Path trialDir, int i) throws IOException {
        Path dir = Files.createDirectories(trialDir.resolve("store-" + i));
        Files.writeString(dir.resolve("data.mdb"), "data of " + i);
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub").resolve("lock.mdb"), "lock");
        return dir;
    }

    @Test
    void claimCreatesAMissingRootWithItsMarker() throws Exception {
        Path root = tmp.resolve("a").resolve("bench-data");
        StorePool pool = StorePool.claim(root);

        assertThat(pool.root()).isEqualTo(root.toAbsolutePath().normalize()).isDirectory();
        assertThat(root.resolve(StorePool.MARKER)).isRegularFile();
    }

    @Test
    void claimAcceptsAnEmptyDirectoryAndMarksIt() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("empty"));
        StorePool.claim(root);
        assertThat(root.resolve(StorePool.MARKER)).isRegularFile();
    }

    @Test
    void claimAcceptsItsOwnRootAgainKeepingWhatIsInIt() throws Exception {
        Path root = tmp.resolve("bench-data");
        StorePool pool = StorePool.claim(root);
        Path trial = pool.trialDir("small", "sqlite", "default");
        store(trial, 0);

        StorePool again = StorePool.claim(root);

        assertThat(again.root()).isEqualTo(pool.root());
        assertThat(StorePool.existingStores(trial)).containsExactly(0);
    }

    @Test
    void claimRefusesANonEmptyRootWithoutMarkerNamingRootAndMarkerAndLeavesItsFilesAlone() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("home"));
        Path precious = Files.writeString(root.resolve("thesis.tex"), "years of work");
        Path storeLike = store(root, 0);

        assertThatThrownBy(() -> StorePool.claim(root))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(root.toAbsolutePath().normalize().toString())
                .hasMessageContaining(StorePool.MARKER);

        assertThat(precious).hasContent("years of work");
        assertThat(storeLike.resolve("data.mdb")).hasContent("data of 0");
        assertThat(root.resolve(StorePool.MARKER)).doesNotExist();
        try (var entries = Files.list(root)) {
            assertThat(entries).hasSize(2);
        }
    }

    @Test
    void claimRefusesAFileAsRoot() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        assertThatThrownBy(() -> StorePool.claim(file)).hasMessageContaining("not a directory");
        assertThat(file).hasContent("x");
    }

    @Test
    void claimRefusesASymlinkedRoot() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThatThrownBy(() -> StorePool.claim(link)).hasMessageContaining("symbolic link");
        assertThat(real.resolve(StorePool.MARKER)).doesNotExist();
    }

    @Test
    void trialDirIsRootWorkloadEngineSetting() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path dir = pool.trialDir("large", "objectbox", "mmap-threshold");
        assertThat(dir).isEqualTo(pool.root().resolve("large/objectbox/mmap-threshold")).isDirectory();
    }

    @Test
    void trialDirRefusesASymlinkInsideTheRoot() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createSymbolicLink(pool.root().resolve("large"), outside);

        assertThatThrownBy(() -> pool.trialDir("large", "sqlite", "default"))
                .hasMessageContaining("symbolic link");
        assertThat(outside.resolve("sqlite")).doesNotExist();
    }

    @Test
    void existingStoresListsOnlyStoreDirectoriesWithCanonicalNames() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        store(trial, 0);
        store(trial, 12);
        Files.createDirectories(trial.resolve("store-007"));
        Files.createDirectories(trial.resolve("store-x"));
        Files.createDirectories(trial.resolve("other"));
        Files.writeString(trial.resolve("store-3"), "a file, not a store");

        assertThat(StorePool.existingStores(trial)).containsExactlyInAnyOrder(0, 12);
    }

    @Test
    void deleteStoresRemovesOnlyStoreDirectoriesAndNoOtherFiles() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        Path s0 = store(trial, 0);
        Path s1 = store(trial, 1);
        Path s25 = store(trial, 25);
        Path notes = Files.writeString(trial.resolve("notes.txt"), "mine");
        Path padded = Files.createDirectories(trial.resolve("store-01"));
        Path fileNamedLikeAStore = Files.writeString(trial.resolve("store-3"), "a file");
        Path other = store(trial.resolve("keep-me"), 4);

        pool.deleteStores(trial);

        assertThat(s0).doesNotExist();
        assertThat(s1).doesNotExist();
        assertThat(s25).doesNotExist();
        assertThat(trial).isDirectory();
        assertThat(notes).hasContent("mine");
        assertThat(padded).isDirectory();
        assertThat(fileNamedLikeAStore).hasContent("a file");
        assertThat(other.resolve("data.mdb")).hasContent("data of 4");
        assertThat(pool.root().resolve(StorePool.MARKER)).isRegularFile();
    }

    @Test
    void deleteStoreOfAMissingStoreIsNoError() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        pool.deleteStore(trial, 9);
        assertThat(trial).isDirectory();
    }

    @Test
    void symlinkNamedLikeAStoreIsLeftAloneWithItsTarget() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        Path outside = store(tmp.resolve("outside"), 5);
        Path link = Files.createSymbolicLink(trial.resolve("store-5"), outside);

        pool.deleteStore(trial, 5);

        assertThat(Files.isSymbolicLink(link)).as("the link: storebench did not make it").isTrue();
        assertThat(outside).isDirectory();
        assertThat(outside.resolve("data.mdb")).hasContent("data of 5");
        assertThat(outside.resolve("sub").resolve("lock.mdb")).hasContent("lock");
    }

    @Test
    void deleteStoresNeverFollowsASymlinkNamedLikeAStore() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        Path s0 = store(trial, 0);
        Path outside = store(tmp.resolve("outside"), 5);
        Files.createSymbolicLink(trial.resolve("store-5"), outside);

        pool.deleteStores(trial);

        assertThat(s0).doesNotExist();
        assertThat(Files.isSymbolicLink(trial.resolve("store-5"))).as("the link is left alone").isTrue();
        assertThat(outside).isDirectory();
        assertThat(outside.resolve("data.mdb")).hasContent("data of 5");
        assertThat(outside.resolve("sub").resolve("lock.mdb")).hasContent("lock");
    }

    @Test
    void symlinkInsideAStoreIsRemovedWithoutTouchingItsTarget() throws Exception {
        StorePool pool = StorePool.claim(tmp.resolve("bench-data"));
        Path trial = pool.trialDir("small", "sqlite", "default");
        Path s2 = store(trial, 2);
        Path outside = store(tmp.resolve("outside"), 8);
        Files.createSymbolicLink(s2.resolve("escape"), outside);

        pool.deleteStores(trial);

        assertThat(s2).doesNotExist();
        assertThat(outside.resolve("data.mdb")).hasContent("data of 8");
    }
}
