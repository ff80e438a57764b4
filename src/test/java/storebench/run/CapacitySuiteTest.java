package storebench.run;

import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.measure.ProcMemory;
import storebench.measure.ProcResources;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static storebench.run.SuiteLaunch.JAR;
import static storebench.run.SuiteLaunch.await;
import static storebench.run.SuiteLaunch.classpath;
import static storebench.run.SuiteLaunch.launch;
import static storebench.run.SuiteLaunch.options;
import static storebench.run.SuiteLaunch.read;
import static storebench.run.SuiteLaunch.run;

/**
 * The capacity phase's memory margin in the suite as a user runs it (the JUnit console launcher, sqlite): a margin the
 * machine cannot keep is refused before anything is measured; a margin the machine falls below before the holding
 * process' first store leaves the phase without a store, and its test fails with the reason instead of recording a
 * capacity of 0.
 */
@StartsProcesses
class CapacitySuiteTest {
    @TempDir
    Path tmp;

    private static long meminfoMb(String key) throws Exception {
        return ProcMemory.kb(Files.readAllLines(Path.of("/proc/meminfo")), key) / 1024;
    }

    @Test
    void aMarginAboveTheMachinesMemoryIsRefusedBeforeMeasuringNamingTheOptionTheMemoryAndTheValidValues()
            throws Exception {
        long total = meminfoMb("MemTotal:");
        Map<String, String> options = options(tmp.resolve("out"), tmp.resolve("root"), 10);
        options.put("bench.capacityMarginMb", String.valueOf(total + 1));
        Path log = tmp.resolve("console.log");

        int exit = run(options, List.of("--select-method", "storebench.StoreLifeBench#capacity"), log);

        assertThat(exit).isNotZero();
        assertThat(read(log)).contains("bench.capacityMarginMb='" + (total + 1) + "' is not valid: this machine has "
                + String.format(java.util.Locale.US, "%,d", total) + " MiB of memory, ")
                .contains("Give a whole number of MiB from 1 to ");
        assertThat(tmp.resolve("out")).as("nothing measured, no output folder").doesNotExist();
        assertThat(tmp.resolve("root")).as("no store").doesNotExist();
    }

    /**
     * The margin is below the memory available when the run starts, and the holding process finds the machine below it
     * before its first store: it reads the machine's memory from this test's copy of /proc/meminfo, which says 1 MiB
     * is available (ProcResources.MEMINFO), so that no other process of the machine can move the reading between the
     * harness' check of the margin and the loop's first read.
     */
    @Test
    void aLoopThatHoldsNoStoreFailsTheCapacityTestWithTheReasonAndRecordsNoFigure() throws Exception {
        long margin = 64;
        long available = meminfoMb("MemAvailable:");
        assumeTrue(available > margin, "needs " + margin + " MiB available, has " + available + " MiB");
        Path meminfo = Files.write(tmp.resolve("meminfo"), Files.readAllLines(Path.of("/proc/meminfo")).stream()
                .map(l -> l.startsWith("MemAvailable:") ? "MemAvailable:       1024 kB" : l).toList());
        Map<String, String> options = options(tmp.resolve("out"), tmp.resolve("root"), 10);
        options.put("bench.capacityMarginMb", String.valueOf(margin));
        Path log = tmp.resolve("console.log");

        int exit = await(launch(options, Map.of(ProcResources.MEMINFO_VARIABLE, meminfo.toString()), JAR, classpath(),
                List.of("--select-method", "storebench.StoreLifeBench#capacity"), log), log);

        String output = read(log);
        assertThat(exit).as(output).isNotZero();
        assertThat(output).contains("sqlite/default: capacity failed: the process held no store open: the machine's"
                + " available memory (1 MiB with the holding process started) was below bench.capacityMarginMb="
                + margin + " before the first store. Give a smaller -Dbench.capacityMarginMb")
                .doesNotContain("Expecting");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.measurement("sqlite", "default", "capacity_stores")).as("no figure").isEmpty();
        assertThat(results.lines("capacity")).isEmpty();
        assertThat(results.lines("phase")).filteredOn(l -> PhaseLine.op(l).equals("capacity"))
                .singleElement().satisfies(l -> assertThat(l.path("visited").asInt()).as("stores opened").isZero());
        assertThat(results.failures()).singleElement().asString()
                .startsWith("sqlite/default: capacity failed: the process held no store open");
    }
}
