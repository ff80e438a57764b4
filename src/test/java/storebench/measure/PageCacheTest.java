package storebench.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PageCacheTest {
    @TempDir
    Path dir;

    @Test
    void countsResidentPagesByTheLowBitOfEachVectorByte() {
        byte[] vec = {1, 0, 3, 2, (byte) 0x81, 0};
        assertThat(PageCache.residentPages(vec, vec.length)).isEqualTo(3);
        assertThat(PageCache.residentPages(vec, 2)).isEqualTo(1);
    }

    @Test
    void pagesOfRoundsUp() {
        assertThat(PageCache.pagesOf(0, 4096)).isZero();
        assertThat(PageCache.pagesOf(1, 4096)).isEqualTo(1);
        assertThat(PageCache.pagesOf(4096, 4096)).isEqualTo(1);
        assertThat(PageCache.pagesOf(4097, 4096)).isEqualTo(2);
    }

    @Test
    void residencyAddsUpAndAnEmptySetIsFullyResident() {
        PageCache.Residency r = new PageCache.Residency(1, 4).plus(new PageCache.Residency(2, 4));
        assertThat(r.fraction()).isEqualTo(3 / 8.0);
        assertThat(PageCache.Residency.NONE.fraction()).isEqualTo(1.0);
    }

    @Test
    void aFileJustWrittenIsResidentAndEvictionDropsItWhereTheFilesystemAllows() throws Exception {
        Path file = dir.resolve("data.bin");
        long size = 64 * 4096 + 100;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate((int) size);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
        PageCache.Residency before = PageCache.residency(file);
        assertThat(before.pages()).isEqualTo(PageCache.pagesOf(size, PageCache.pageSize()));
        assertThat(before.fraction()).isGreaterThan(0.9);

        PageCache.evict(file);
        PageCache.Residency after = PageCache.residency(file);
        assertThat(after.pages()).isEqualTo(before.pages());
        if (!Mounts.of(dir).fsType().equals("tmpfs")) { // tmpfs pages are the file: they cannot be dropped
            assertThat(after.fraction()).isLessThan(0.1);
            Files.readAllBytes(file);
            assertThat(PageCache.residency(file).fraction()).isGreaterThan(0.9); // read back in
        }
    }

    @Test
    void anEmptyFileHasNoPagesAndFilesUnderWalksStoreDirectories() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store-0"));
        Files.createFile(store.resolve("store.db"));
        Files.writeString(store.resolve("store.db-wal"), "x");
        assertThat(PageCache.residency(store.resolve("store.db"))).isEqualTo(PageCache.Residency.NONE);
        assertThat(PageCache.filesUnder(List.of(store, dir.resolve("store-9")))).hasSize(2);
        assertThat(PageCache.residency(PageCache.filesUnder(List.of(store))).pages()).isEqualTo(1);
    }

    @Test
    void aFileReplacedSinceItWasListedCountsForNothingAndIsNotEvicted() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store-0"));
        Path kept = Files.write(store.resolve("CURRENT"), new byte[4096]);
        Path replaced = Files.write(store.resolve("MANIFEST-000005"), new byte[4096]);
        List<Path> listed = PageCache.filesUnder(List.of(store));
        Files.delete(replaced); // as RocksDB replaces its MANIFEST on every open

        assertThat(PageCache.residency(listed).pages()).isEqualTo(PageCache.residency(kept).pages());
        PageCache.evict(listed); // no NoSuchFileException
        assertThatThrownBy(() -> PageCache.residency(replaced)).isInstanceOf(java.nio.file.NoSuchFileException.class);
    }
}
