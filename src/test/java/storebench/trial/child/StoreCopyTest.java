package storebench.trial.child;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The capacity phase's stores are copies of one created store: every file and directory, byte for byte. */
class StoreCopyTest {
    @TempDir
    Path root;

    @Test
    void aCopyHoldsTheTemplatesFilesAndDirectoriesByteForByteAsTheyWereWhenRead() throws Exception {
        Path template = Files.createDirectory(root.resolve("store-0"));
        Files.write(template.resolve("data.mdb"), new byte[]{1, 2, 3, 0, 5});
        Files.createDirectories(template.resolve("seg/sub"));
        Files.writeString(template.resolve("seg/sub/00000000000.xd"), "log");
        Files.write(template.resolve("seg/empty"), new byte[0]);
        StoreCopy copy = StoreCopy.of(template);
        Files.writeString(template.resolve("LOG"), "written by a later open"); // not in the copy: read before

        copy.writeTo(root.resolve("store-1"));

        assertThat(root.resolve("store-1/data.mdb")).hasBinaryContent(new byte[]{1, 2, 3, 0, 5});
        assertThat(root.resolve("store-1/seg/sub/00000000000.xd")).hasContent("log");
        assertThat(root.resolve("store-1/seg/empty")).isEmptyFile();
        assertThat(root.resolve("store-1/LOG")).doesNotExist();
        assertThat(copy.files()).containsExactly(Path.of("data.mdb"), Path.of("seg/empty"),
                Path.of("seg/sub/00000000000.xd"));
    }

    @Test
    void aCopyNeverReplacesWhatIsThere() throws Exception {
        Path template = Files.createDirectory(root.resolve("store-0"));
        Files.writeString(template.resolve("store.db"), "template");
        Files.createDirectory(root.resolve("store-1"));
        Files.writeString(root.resolve("store-1/store.db"), "someone's");

        assertThatThrownBy(() -> StoreCopy.of(template).writeTo(root.resolve("store-1")))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(root.resolve("store-1/store.db")).hasContent("someone's");
    }

    @Test
    void aTemplateWithoutFilesIsRefusedWithItsPath() throws Exception {
        Path empty = Files.createDirectories(root.resolve("store-0/only-a-dir"));

        assertThatThrownBy(() -> StoreCopy.of(empty.getParent())).hasMessageContaining(empty.getParent().toString())
                .hasMessageContaining("holds no file");
    }
}
