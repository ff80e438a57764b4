package storebench.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
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

    @Test
    void environmentCarriesTheMachinesMappingCostMeasuredOnTheBenchRoot() {
        var env = Environment.collect(new ObjectMapper(), Path.of("."), tmp);

        var file = env.path("mapping").path("file");
        var fault = env.path("mapping").path("minorFault");
        assertThat(env.path("mapping").has("error")).as(env.path("mapping").toString()).isFalse();
        assertThat(file.path("medianUs").asDouble()).isPositive().isLessThanOrEqualTo(file.path("p99Us").asDouble());
        assertThat(fault.path("medianNs").asDouble()).isPositive().isLessThan(file.path("medianUs").asDouble() * 1e3);
    }
}
