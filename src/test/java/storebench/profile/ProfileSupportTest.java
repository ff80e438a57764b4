package storebench.profile;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileSupportTest {
    /**
     * The frames' tables keep the samples inside the phase loops, named by method: a loop renamed or folded into
     * another (openRun became visits) must take its name here along, or the table is empty and says nothing.
     */
    @Test
    void theLoopsTheFramesAreCountedInExist() throws Exception {
        Class<?> loops = Class.forName(JfrProfiler.LOOPS);
        java.util.Set<String> methods = java.util.Arrays.stream(loops.getDeclaredMethods())
                .map(java.lang.reflect.Method::getName).collect(java.util.stream.Collectors.toSet());
        Path ops = Path.of(System.getProperty("user.dir"), "src", "main", "node", "lib", "ops");
        for (String op : Profiler.OPS) {
            String loop = JfrProfiler.loop(op);
            if (loop != null) {
                assertThat(methods).as(loop).contains(loop.substring(loop.lastIndexOf('.') + 1));
            }
            // the Node worker's op is the function of its name, in its op file
            assertThat(Files.readString(ops.resolve(op + ".js"))).as(op)
                    .containsPattern("(?m)^async function " + op + "\\(loops, req\\) \\{$");
        }
    }
}
