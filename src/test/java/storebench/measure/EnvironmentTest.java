package storebench.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentTest {
    @TempDir
    Path tmp;

    @Test
    void transparentHugepageModeIsTheBracketedWord() throws Exception {
        Path enabled = Files.writeString(tmp.resolve("enabled"), "always [madvise] never\n");

        assertThat(Environment.transparentHugepage(enabled)).isEqualTo("madvise");
    }

    @Test
    void transparentHugepageModeIsUnknownWithoutTheFileOrItsBrackets() throws Exception {
        Path odd = Files.writeString(tmp.resolve("odd"), "always madvise never\n");

        assertThat(Environment.transparentHugepage(tmp.resolve("missing"))).isEqualTo("unknown");
        assertThat(Environment.transparentHugepage(odd)).isEqualTo("unknown");
    }
}
