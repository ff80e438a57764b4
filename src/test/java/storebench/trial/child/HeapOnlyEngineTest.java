package storebench.trial.child;

import storebench.run.TrialJvm;
import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import storebench.results.OpenStoreMemory;
import storebench.run.TrialClasspath;
import storebench.run.TrialCommands;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why a JVM's memory per open store needs the heap added: in a trial process' pre-touched heap, an engine that keeps
 * 1 MiB of Java heap per open store and no native memory grows resident memory by almost nothing, and only the total
 * (resident plus heap) says what holding it costs.
 */
@StartsProcesses
class HeapOnlyEngineTest {
    @Test
    void aStoreHeldInThePreTouchedHeapIsNearlyFreeInResidentMemoryButNotInTotal() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(TrialJvm.measuring(TrialCommands.HEAP_MB + "m").options());
        String tests = Path.of(HeapOnlyHolder.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        command.addAll(List.of("-cp", TrialClasspath.find() + File.pathSeparator + tests,
                HeapOnlyHolder.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        String[] last = out.lines().reduce((a, b) -> b).orElseThrow().split(" ");
        double residentKb = Double.parseDouble(last[0]);
        double heapKb = Double.parseDouble(last[1]);

        assertThat(residentKb).as("resident growth per store, heap pre-touched").isLessThan(64);
        assertThat(heapKb).as("heap growth per store").isGreaterThanOrEqualTo(1000);
        assertThat(OpenStoreMemory.total(residentKb, heapKb, true)).isGreaterThanOrEqualTo(1000);
    }
}
