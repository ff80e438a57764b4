package storebench.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/engines.md's ratios against the reference cannot go stale: its table is what the project renders from the kept
 * run, and the tool that writes it replaces only what lies between the markers.
 */
class EnginesFiguresTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    private static final Path RUN = PROJECT.resolve(EnginesFigures.RUN);

    @TempDir
    Path tmp;

    @Test
    void enginesMdsTableIsWhatTheProjectRendersFromTheKeptRun() throws IOException {
        Path engines = PROJECT.resolve(EnginesFigures.ENGINES);
        assertThat(EnginesFigures.MARKERS.in(Files.readString(engines, StandardCharsets.UTF_8), engines))
                .as("docs/engines.md's table; run storebench.tools.EnginesFigures after changing the kept run or how"
                        + " the table is rendered")
                .isEqualTo(EnginesFigures.table(RUN, engines));
    }

    @Test
    void theKeptRunsTableNamesTheRatiosThatDifferFromTheReferences() throws IOException {
        String table = EnginesFigures.table(RUN, PROJECT.resolve(EnginesFigures.ENGINES));
        // the kept default run: ObjectBox's visit 2.7 times SQLite's where the reference had 1.57
        assertThat(table).contains("| ratio to SQLite | reference | kept run |")
                .contains("ObjectBox, sync every open: Open, query, close (median) | 1.57 |");
    }

    @Test
    void writesBetweenTheMarkersOnly() throws IOException {
        Path md = tmp.resolve("engines.md");
        Files.writeString(md, "# Notes\n\nbefore\n" + EnginesFigures.BEGIN + "\nstale\n" + EnginesFigures.END
                + "\nafter\n", StandardCharsets.UTF_8);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = EnginesFigures.run(new String[]{RUN.toString(), md.toString()}, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8));

        String text = Files.readString(md, StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(text).startsWith("# Notes\n\nbefore\n" + EnginesFigures.BEGIN + "\nFrom the kept run ")
                .endsWith(EnginesFigures.END + "\nafter\n").doesNotContain("stale");
    }

    @Test
    void aFileWithoutTheMarkersIsRefusedAndLeftAlone() throws IOException {
        Path md = tmp.resolve("engines.md");
        Files.writeString(md, "# Notes\n", StandardCharsets.UTF_8);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = EnginesFigures.run(new String[]{RUN.toString(), md.toString()}, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8));

        assertThat(code).isEqualTo(Tool.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("has no table between the lines");
        assertThat(Files.readString(md, StandardCharsets.UTF_8)).isEqualTo("# Notes\n");
    }
}
