package storebench.run;

import java.util.Optional;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Every option and environment variable a run reads, the phases' own included, is described in docs/options.md. */
class OptionsDocumentedTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));

    @Test
    void everyOptionARunReadsIsInDocsOptions() throws IOException {
        Set<String> properties = new LinkedHashSet<>();
        Set<String> variables = new LinkedHashSet<>();
        new BenchOptions(name -> {
            properties.add(name);
            return name.equals("bench.projectDir") ? PROJECT.toString() : null;
        }, name -> {
            variables.add(name);
            return null;
        }, Optional.empty());
        String doc = Files.readString(PROJECT.resolve("docs/options.md"), StandardCharsets.UTF_8);

        assertThat(properties).as("the options BenchOptions reads").contains("bench.stores", "bench.threads");
        assertThat(properties).allSatisfy(p -> assertThat(doc).as("docs/options.md describes " + p)
                .contains("`" + p + "`"));
        assertThat(variables).as("the environment variables BenchOptions reads").contains("BENCH_STORES");
        assertThat(variables).allSatisfy(v -> assertThat(doc).as("docs/options.md describes " + v)
                .contains("`" + v + "`"));
    }
}
