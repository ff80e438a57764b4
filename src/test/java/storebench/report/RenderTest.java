package storebench.report;

import storebench.results.ResultsFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Render's exit codes and messages: bad input is exit 2 with one line naming the file, like HtmlReport and Compare. */
class RenderTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int render(String... args) {
        return Render.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aLineThatIsNotJsonIsExitTwoWithTheFileAndLine() throws Exception {
        Files.writeString(tmp.resolve(ResultsFile.NAME), "{\"kind\":\"run\"}\nnot json\n");

        assertThat(render(tmp.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).trim()).startsWith("Render: cannot render " + tmp + ": ")
                .contains(tmp.resolve(ResultsFile.NAME) + ":2: not a JSON line").doesNotContain("\n");
    }

    @Test
    void aFolderWithoutResultsOrNoFolderIsExitTwo() {
        assertThat(render(tmp.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no results file at " + tmp.resolve(ResultsFile.NAME));
        assertThat(render(tmp.resolve("missing").toString())).isEqualTo(2);
        assertThat(render()).isEqualTo(2);
    }
}
