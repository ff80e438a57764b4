package storebench.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost over N of three hand-written runs of the small workload (N = 100, 1,000, 10,000; SQLite under defaults):
 * open-query-close 0.300 -> 0.330 -> 0.600 ms while minor faults per visit go 100 -> 180 and device reads 0 -> 12 KB,
 * and major faults stay at 0; the pool is N x 20 KB of a 1 GiB machine.
 */
class CostOverNTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Path run(String name, String workload, int n, double oqc, double minflt, double readKb) throws IOException {
        return run(name, workload, n, oqc, minflt, readKb, "");
    }

    /** A run folder; {@code more} adds stat lines' id-value pairs ("pool_cached_pct=70"). */
    private Path run(String name, String workload, int n, double oqc, double minflt, double readKb, String more)
            throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        StringBuilder lines = new StringBuilder(String.format(Locale.ROOT, "{\"kind\":\"run\",\"format\":5,\"stores\":%d,\"workload\":"
                + "\"%s\",\"notesPerStore\":10,\"runs\":3,\"hold\":%d,\"started\":\"2026-12-06T10:00:00Z\","
                + "\"engines\":[\"sqlite\"],\"settings\":[\"default\"]}%n", n, workload, Math.min(n, 1000)));
        String[][] stats = {{"open_ms", "0.1"}, {"count_ms", "0.05"}, {"oqc_ms", Double.toString(oqc)},
            {"oqc_p99_ms", Double.toString(oqc * 3)}, {"create_ms", "4.5"}, {"mem_total_kb", "300"},
            {"disk_kb", "20"}, {"disk_alloc_kb", "20"}, {"oqc_minflt", Double.toString(minflt)},
            {"oqc_majflt", "0"}, {"oqc_read_kb", Double.toString(readKb)}};
        List<String[]> all = new ArrayList<>(List.of(stats));
        if (!more.isEmpty()) {
            all.add(more.split("="));
        }
        for (String[] s : all) {
            lines.append(String.format(Locale.ROOT, "{\"kind\":\"stat\",\"engine\":\"sqlite\",\"setting\":\"default\","
                    + "\"workload\":\"%s\",\"stores\":%d,\"stat\":\"%s\",\"value\":%s}%n", workload, n, s[0], s[1]));
        }
        Files.writeString(dir.resolve("results.jsonl"), lines);
        Files.writeString(dir.resolve("environment.json"), "{\"host\":\"test\",\"memoryKb\":1048576}");
        return dir;
    }

    private int costOverN(Path outDir, Path... runs) {
        String[] args = new String[runs.length + 1];
        args[0] = outDir.toString();
        for (int k = 0; k < runs.length; k++) {
            args[k + 1] = runs[k].toString();
        }
        return CostOverN.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void writesATablePerEngineByNAndNamesTheCountersThatMovedTheSlope() throws Exception {
        Path big = run("n10000", "small", 10_000, 0.6, 180, 12, "pool_cached_pct=70");
        Path small = run("n100", "small", 100, 0.3, 100, 0);
        Path mid = run("n1000", "small", 1_000, 0.33, 102, 0);

        assertThat(costOverN(tmp.resolve("out"), big, small, mid)).as(err.toString(StandardCharsets.UTF_8)).isZero();

        String md = Files.readString(tmp.resolve("out/cost-over-n.md"));
        assertThat(md).startsWith("# Cost over N: small (10 notes of up to 20 characters) workload")
                .contains("| N | open (ms) | count (ms) | open-query-close (ms) | open-query-close p99 (ms) | create (ms)"
                        + " | memory per open store (KB) | space per store (KB) |")
                .contains("| 100 | 0.100 | 0.050 | 0.300 | 0.900 | 4.50 | 300 | 20 | 100.0 | 0.00 | 0.0 | – | 2.0 MB, 0.19% |")
                .contains("| 10,000 | 0.100 | 0.050 | 0.600 |").contains(" | 12.0 | 70.0 | 195.3 MB, 19.07% |");
        assertThat(md.indexOf("| 100 |")).isLessThan(md.indexOf("| 1,000 |")).isLessThan(md.indexOf("| 10,000 |"));
        assertThat(md).contains("open-query-close went from 0.300 to 0.600 ms (x2.00) as N grew x100 (100 to 10,000).")
                .contains("moved by more than 10%: minor faults 100.0 -> 180.0, device reads (KB) 0.0 -> 12.0.")
                .contains("Steady (major faults 0.00 -> 0.00).")
                .contains("At N = 10,000 the pool is 195.3 MB, 19.07% of the machine's memory: it fits in the page"
                        + " cache; it held 70.0% of its pages as the open runs began (median), yet a visit read 12.0 KB"
                        + " from the device, so the page cache did not hold all of it.")
                .contains("The stores' folder holds 10,000 directories.");
        String html = Files.readString(tmp.resolve("out/cost-over-n.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("open-query-close over N, ")
                .contains("<td>10,000</td>");
    }

    @Test
    void refusesRunsOfDifferentWorkloadsOrOfOneNNamingTheFolders() throws Exception {
        Path a = run("a", "small", 100, 0.3, 100, 0);
        Path b = run("b", "large", 1_000, 0.3, 100, 0);
        Path c = run("c", "small", 100, 0.3, 100, 0);

        assertThat(costOverN(tmp.resolve("out1"), a, b)).isEqualTo(Tool.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(b + " is of the large workload, " + a
                + " of the small workload");
        assertThat(costOverN(tmp.resolve("out2"), a, c)).isEqualTo(Tool.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("both have N = 100");
        assertThat(costOverN(tmp.resolve("out3"), a)).isEqualTo(Tool.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: CostOverN OUT_DIR RUN_DIR RUN_DIR");
        assertThat(tmp.resolve("out1")).doesNotExist();
    }
}
