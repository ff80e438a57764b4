package storebench.run;

import java.util.Optional;
import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.run.BenchOptions;
import storebench.report.render.MarkdownReport;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.model.Setting;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The bench root fills up: a small tmpfs in a private mount namespace ({@code unshare -m}), filled by another writer
 * once creation has begun, or by the capacity phase's own stores. Skipped, with the reason, where the machine does not
 * allow a private mount namespace.
 */
@StartsProcesses
class DiskFullTest {
    @TempDir
    Path tmp;

    /**
     * Runs {@link #main} with {@code scenario} in a private mount namespace, on a tmpfs of {@code size} mounted on
     * {@code tmp/small-disk}; returns its output, after checking it exited 0.
     */
    private String inPrivateMount(String size, String scenario) throws Exception {
        Path mount = Files.createDirectories(tmp.resolve("small-disk"));
        assumeTrue(canMountPrivately(mount), "unshare -m with a tmpfs mount is not allowed on this machine");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = TrialClasspath.find() + ":" + System.getProperty("java.class.path");
        Process p = new ProcessBuilder("unshare", "-m", "--propagation", "private", "bash", "-c",
                "mount -t tmpfs -o size=" + size + " tmpfs '" + mount + "' && exec '" + java + "' -cp '" + cp + "' "
                        + SmallRuns.machineProbe() + " "
                        + DiskFullTest.class.getName() + " " + scenario + " '" + mount + "' '" + tmp.resolve("out") + "'")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return output;
    }

    @Test
    void aFullBenchRootFailsTheTrialNamingTheRootKeepsResultsAndNeverReusesAHalfWrittenStore() throws Exception {
        String output = inPrivateMount("8m", "pool");
        assertThat(output).contains("FAILED-AS-EXPECTED").contains("is full")
                .contains(tmp.resolve("small-disk").resolve("root").toString()).contains("REUSED-LESS-THAN-CREATED");
        // finished results are kept and whole: every line parses
        assertThat(ResultsFile.read(tmp.resolve("out").resolve(ResultsFile.NAME))).isNotEmpty();
    }

    /**
     * Another writer fills the root while the capacity phase holds its stores open (its trial process is paused
     * meanwhile, so that the loop cannot reach its next free-space check first): the next store's copy fails with
     * ENOSPC, a failure naming the root, not a capacity.
     */
    @Test
    void aDiskThatFillsUpUnderTheCapacityPhaseFailsItNamingTheRootAndRecordsNoCapacity() throws Exception {
        String output = inPrivateMount("1100m", "capacity-filled");
        Path root = tmp.resolve("small-disk").resolve("root");
        assertThat(output).contains("FAILED-AS-EXPECTED sqlite/default: capacity failed: the bench root " + root
                + " is full (").contains("small stores open, store ").contains("failed because the disk is full: ")
                .contains("(copy) failed").contains("No space left on device").contains("no capacity figure is recorded");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.measurement("sqlite", "default", "capacity_stores")).as("no figure").isEmpty();
        assertThat(results.lines("capacity")).as("no summary naming a limit").isEmpty();
        assertThat(results.lines("capacity-point")).as("no curve").isEmpty();
        assertThat(results.lines("phase")).filteredOn(l -> l.path("phase").asText().equals("capacity"))
                .singleElement().satisfies(l -> assertThat(l.path("visited").asInt()).as("the stores it opened")
                        .isBetween(1, 999));
        assertThat(results.failures()).singleElement().asString()
                .startsWith("sqlite/default: capacity failed: the bench root " + root + " is full (");
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("| Stores held open at once (capacity; ≥: the cap was reached) | failed |")
                .contains("capacity failed: the bench root " + root + " is full (");
        assertThat(output).contains("CAPACITY-STORES-DELETED");
    }

    /** A root with less than the 1 GiB the capacity phase keeps free: it holds no store, and says why. */
    @Test
    void aRootBelowTheDiskMarginHoldsNoStoreAndTheCapacityPhaseFailsSayingWhy() throws Exception {
        String output = inPrivateMount("64m", "capacity");
        Path root = tmp.resolve("small-disk").resolve("root");
        assertThat(output).contains("FAILED-AS-EXPECTED sqlite/default: capacity failed: the bench root " + root
                + " is below the 1 GiB of free space the phase keeps (").contains(" MiB free) with 0 small stores open:"
                + " the disk, not the process, stopped it, so no capacity figure is recorded. Free space under the"
                + " root, or choose another -Dbench.root");
        RunResults results = RunResults.load(tmp.resolve("out"));
        assertThat(results.measurement("sqlite", "default", "capacity_stores")).as("no figure").isEmpty();
        assertThat(results.lines("phase")).filteredOn(l -> l.path("phase").asText().equals("capacity"))
                .singleElement().satisfies(l -> assertThat(l.path("visited").asInt()).isZero());
    }

    /**
     * Runs inside the private mount namespace: args = the scenario (pool, capacity, capacity-filled), the tmpfs mount,
     * the output folder.
     */
    public static void main(String[] args) throws Exception {
        Path mount = Path.of(args[1]);
        Map<String, String> props = new HashMap<>();
        props.put("bench.projectDir", System.getProperty("user.dir"));
        props.put("bench.root", mount.resolve("root").toString());
        props.put("bench.out", args[2]);
        props.put("bench.engines", "sqlite");
        props.put("bench.settings", "default");
        props.put("bench.workload", "small");
        props.put("bench.stores", "300");
        props.put("bench.keep", "true");
        if (args[0].startsWith("capacity")) {
            capacity(mount, props, args[0].equals("capacity-filled"));
        } else {
            pool(mount, props, args[2]);
        }
        System.exit(0);
    }

    /** The capacity phase alone, up to 1,000 stores; with {@code filled}, the root is filled once it has begun. */
    private static void capacity(Path mount, Map<String, String> props, boolean filled) throws Exception {
        props.put("bench.stores", "5");
        props.put("bench.keep", "false");
        props.put("bench.phases", "capacity"); // the run line's phases: the report's rows are theirs
        props.put("bench.capacityMax", "1000");
        props.put("bench.capacityMarginMb", "512");
        Path own = mount.resolve("root/capacity-small/sqlite/default");
        Thread filler = new Thread(() -> fillWhilePaused(own.resolve("store-2"), mount.resolve("filler")));
        if (filled) {
            filler.start();
        }
        try (Bench bench = Bench.start(new BenchOptions(props::get, k -> null, Optional.empty()), new PrintStream(
                OutputStream.nullOutputStream()), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            try {
                bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CAPACITY);
                System.out.println("capacity did not fail: " + Files.readString(Path.of(props.get("bench.out"),
                        ResultsFile.NAME)));
                System.exit(1);
            } catch (Exception e) {
                System.out.println("FAILED-AS-EXPECTED " + e.getMessage());
            }
        }
        filler.join();
        if (StorePool.existingStores(own).isEmpty()) {
            System.out.println("CAPACITY-STORES-DELETED");
        }
    }

    /**
     * Once {@code signal} exists, pauses the trial process (SIGSTOP), fills the disk with {@code filler}, and lets the
     * process go on (SIGCONT).
     */
    private static void fillWhilePaused(Path signal, Path filler) {
        try {
            while (!Files.exists(signal)) {
                Thread.sleep(1);
            }
            ProcessHandle trial = ProcessHandle.current().descendants().filter(p -> commandLine(p)
                    .contains("TrialMain")).findFirst().orElseThrow();
            signal(trial, "STOP");
            try (FileOutputStream out = new FileOutputStream(filler.toFile())) {
                for (int block : new int[]{1 << 20, 4096}) {
                    try {
                        byte[] bytes = new byte[block];
                        while (true) {
                            out.write(bytes);
                        }
                    } catch (IOException e) {
                        // full at this block size; the smaller one fills what is left
                    }
                }
            } finally {
                signal(trial, "CONT");
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String commandLine(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static void signal(ProcessHandle p, String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).inheritIO().start().waitFor();
    }

    private static void pool(Path mount, Map<String, String> props, String out) throws Exception {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        int created;
        try (Bench bench = Bench.start(new BenchOptions(props::get, k -> null, Optional.empty()), quiet, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            Path trialDir = mount.resolve("root/small/sqlite/default");
            Thread filler = new Thread(() -> fillOnceCreationBegins(trialDir.resolve("store-3"), mount.resolve("filler")));
            filler.start();
            try {
                trial.measure(Phases.CREATE);
                System.out.println("create did not fail");
                System.exit(1);
            } catch (Exception e) {
                System.out.println("FAILED-AS-EXPECTED " + e.getMessage());
            }
            filler.join();
            created = (int) Files.list(trialDir).filter(d -> d.getFileName().toString().startsWith("store-")).count();
        }
        Files.delete(mount.resolve("filler"));
        props.put("bench.reuse", "true");
        props.put("bench.out", out + "-reuse");
        try (Bench bench = Bench.start(new BenchOptions(props::get, k -> null, Optional.empty()), quiet, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            if (trial.reusedStores() < created && trial.reusedStores() + trial.createdStores() == 300) {
                System.out.println("REUSED-LESS-THAN-CREATED reused " + trial.reusedStores() + " of " + created);
            }
        }
    }

    private static void fillOnceCreationBegins(Path signal, Path filler) {
        try {
            while (!Files.exists(signal)) {
                Thread.sleep(5);
            }
            try (FileOutputStream out = new FileOutputStream(filler.toFile())) {
                byte[] block = new byte[4096];
                while (true) {
                    out.write(block);
                }
            }
        } catch (IOException e) {
            // the disk is full: what this thread is for
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean canMountPrivately(Path dir) {
        try {
            Process p = new ProcessBuilder("unshare", "-m", "--propagation", "private", "bash", "-c",
                    "mount -t tmpfs -o size=1m tmpfs '" + dir + "'").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
