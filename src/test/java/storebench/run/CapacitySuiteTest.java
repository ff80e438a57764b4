package storebench.run;

import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.measure.ProcMemory;
import storebench.results.PhaseLine;
import storebench.results.RunResults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static storebench.run.SuiteLaunch.options;
import static storebench.run.SuiteLaunch.read;
import static storebench.run.SuiteLaunch.run;

/**
 * The capacity phase's memory margin in the suite as a user runs it (the JUnit console launcher, sqlite): a margin the
 * machine cannot keep is refused before anything is measured; a margin the holding process itself crosses leaves the
 * phase without a store, and its test fails with the reason instead of recording a capacity of 0.
 */
@StartsProcesses
@org.junit.jupiter.api.Tag(StartsProcesses.ALONE)
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
     * The margin is below the memory available when the run starts, but the holding process' pre-touched 2 GiB heap
     * (TrialCommands.holdHeap at a cap of 1,000, for H2, whose open store keeps 1 MB of heap) takes the machine below it
     * before the first store. The margin lies halfway, 1 GiB below what is available now: the machine's other
     * processes may take or free up to 1 GiB meanwhile (this class runs alone: pom.xml's "alone" execution, so none of
     * this build's own trial processes is pre-touching a heap beside it).
     */
    @Test
    void aLoopThatHoldsNoStoreFailsTheCapacityTestWithTheReasonAndRecordsNoFigure() throws Exception {
        long available = meminfoMb("MemAvailable:");
        assumeTrue(available > 3 * 1024, "needs 3 GiB available, has " + available + " MiB");
        long margin = available - 1024;
        Map<String, String> options = options(tmp.resolve("out"), tmp.resolve("root"), 10);
        options.put("bench.capacityMarginMb", String.valueOf(margin));
        options.put("bench.engines", "h2"); // SQLite's holding process would get 68 MiB (2 KB per store)
        options.put("bench.capacityMax", "1000"); // a cap this high gets H2's holding process its 2 GiB heap
        Path log = tmp.resolve("console.log");

        int exit = run(options, List.of("--select-method", "storebench.StoreLifeBench#capacity"), log);

        String output = read(log);
        assertThat(exit).as(output).isNotZero();
        assertThat(output).contains("h2/default: capacity failed: the process held no store open: the machine's"
                + " available memory (").contains("was below bench.capacityMarginMb=" + margin + " before the first"
                + " store. Give a smaller -Dbench.capacityMarginMb").doesNotContain("Expecting");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.measurement("h2", "default", "capacity_stores")).as("no figure").isEmpty();
        assertThat(results.lines("capacity")).isEmpty();
        assertThat(results.lines("phase")).filteredOn(l -> PhaseLine.op(l).equals("capacity"))
                .singleElement().satisfies(l -> assertThat(l.path("visited").asInt()).as("stores opened").isZero());
        assertThat(results.failures()).singleElement().asString()
                .startsWith("h2/default: capacity failed: the process held no store open");
    }
}
