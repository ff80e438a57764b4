package storebench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.results.EnvironmentFile;

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

        EnvironmentFile.Mapping mapping = MappingCost.measure(root);
        EnvironmentFile.MappedFile f = mapping.file().orElseThrow();
        EnvironmentFile.MapTimes t = f.times();
        EnvironmentFile.MinorFault fault = mapping.minorFault().orElseThrow();

        assertThat(f.fileBytes()).isEqualTo(MappingCost.PAGES * PageCache.pageSize());
        assertThat(t.mapMedianUs()).isPositive();
        assertThat(t.touchMedianUs()).isPositive();
        assertThat(t.unmapMedianUs()).isPositive();
        assertThat(t.medianUs()).isLessThanOrEqualTo(t.p99Us())
                .isGreaterThanOrEqualTo(Math.max(t.touchMedianUs(), Math.max(t.mapMedianUs(), t.unmapMedianUs())));
        // a hundred pages mapped, touched and unmapped cost more than one touch of a fresh page
        assertThat(t.medianUs() * 1e3).isGreaterThan(fault.medianNs());
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
        ObjectNode node = new ObjectMapper().valueToTree(MappingCost.measure(root));

        assertThat(node.path("file").path("mapBytes").asLong()).isEqualTo(1L << 30);
        assertThat(node.path("file").path("touchedPages").asInt()).isEqualTo(MappingCost.PAGES);
        assertThat(node.path("file").path("medianUs").asDouble()).isPositive();
        assertThat(node.path("minorFault").path("medianNs").asDouble()).isPositive();
        assertThat(node.path("file").path("what").asText()).contains("MAP_SHARED");
    }
}
