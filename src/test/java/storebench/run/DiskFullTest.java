package storebench.run;

import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.run.BenchOptions;
import storebench.results.ResultsFile;
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
 * The bench root fills up while stores are created: a small tmpfs in a private mount namespace
 * ({@code unshare -m}), filled by another writer once creation has begun. Skipped, with the reason, where the
 * machine does not allow a private mount namespace.
 */
class DiskFullTest {
    @TempDir
    Path tmp;

    @Test
    void aFullBenchRootFailsTheTrialNamingTheRootKeepsResultsAndNeverReusesAHalfWrittenStore() throws Exception {
        Path mount = Files.createDirectories(tmp.resolve("small-disk"));
        assumeTrue(canMountPrivately(mount), "unshare -m with a tmpfs mount is not allowed on this machine");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = TrialClasspath.find() + ":" + System.getProperty("java.class.path");
        Process p = new ProcessBuilder("unshare", "-m", "--propagation", "private", "bash", "-c",
                "mount -t tmpfs -o size=8m tmpfs '" + mount + "' && exec '" + java + "' -cp '" + cp + "' "
                        + DiskFullTest.class.getName() + " '" + mount + "' '" + tmp.resolve("out") + "'")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("FAILED-AS-EXPECTED").contains("is full").contains(mount.resolve("root").toString())
                .contains("REUSED-LESS-THAN-CREATED");
        // finished results are kept and whole: every line parses
        assertThat(ResultsFile.read(tmp.resolve("out").resolve(ResultsFile.NAME))).isNotEmpty();
    }

    /** Runs inside the private mount namespace: args = the tmpfs mount, the output folder. */
    public static void main(String[] args) throws Exception {
        Path mount = Path.of(args[0]);
        Map<String, String> props = new HashMap<>();
        props.put("bench.projectDir", System.getProperty("user.dir"));
        props.put("bench.root", mount.resolve("root").toString());
        props.put("bench.out", args[1]);
        props.put("bench.engines", "sqlite");
        props.put("bench.settings", "default");
        props.put("bench.workload", "small");
        props.put("bench.stores", "300");
        props.put("bench.keep", "true");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        int created;
        try (Bench bench = Bench.start(BenchOptions.from(props::get, k -> null), quiet)) {
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
        props.put("bench.out", args[1] + "-reuse");
        try (Bench bench = Bench.start(BenchOptions.from(props::get, k -> null), quiet)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            if (trial.reusedStores() < created && trial.reusedStores() + trial.createdStores() == 300) {
                System.out.println("REUSED-LESS-THAN-CREATED reused " + trial.reusedStores() + " of " + created);
            }
        }
        System.exit(0);
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
