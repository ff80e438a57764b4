package storebench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The machine's memory-mapping cost: real maps of a scratch file that is always deleted, and real minor faults. */
class MappingCostTest {
    @TempDir
    Path root;

    @Test
    void mapTouchUnmapCostsMoreThanOneFaultAndLeavesNothingBehind() throws Exception {
        Files.writeString(root.resolve("someone's"), "kept");

        MappingCost.Figures figures = MappingCost.measure(root);
        MappingCost.FileMapping f = figures.file();
        MappingCost.MinorFault fault = figures.minorFault();

        assertThat(f.fileBytes()).isEqualTo(MappingCost.PAGES * PageCache.pageSize());
        assertThat(f.mapUs()).isPositive();
        assertThat(f.touchUs()).isPositive();
        assertThat(f.unmapUs()).isPositive();
        assertThat(f.medianUs()).isLessThanOrEqualTo(f.p99Us())
                .isGreaterThanOrEqualTo(Math.max(f.touchUs(), Math.max(f.mapUs(), f.unmapUs())));
        // a hundred pages mapped, touched and unmapped cost more than one touch of a fresh page
        assertThat(f.medianUs() * 1e3).isGreaterThan(fault.medianNs());
        assertThat(fault.medianNs()).isPositive().isLessThanOrEqualTo(fault.p99Ns());
        // the touches fault (at least one per 16 pages, the kernel's default fault-around) and never more than a page
        assertThat(f.faultsPerMap()).isBetween(1.0, (double) MappingCost.PAGES);
        assertThat(fault.faultsPerPage()).isBetween(0.9, 1.1);
        try (var left = Files.list(root)) {
            assertThat(left).containsExactly(root.resolve("someone's"));
        }
    }

    @Test
    void environmentJsonCarriesTheFiguresUnderMapping() throws Exception {
        ObjectNode node = new ObjectMapper().valueToTree(MappingCost.measure(root).json());

        assertThat(node.path("file").path("mapBytes").asLong()).isEqualTo(1L << 30);
        assertThat(node.path("file").path("touchedPages").asInt()).isEqualTo(MappingCost.PAGES);
        assertThat(node.path("file").path("medianUs").asDouble()).isPositive();
        assertThat(node.path("minorFault").path("medianNs").asDouble()).isPositive();
        assertThat(node.path("file").path("what").asText()).contains("MAP_SHARED");
    }
}
