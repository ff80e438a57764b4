package storebench.run;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.Engines;
import storebench.measure.Yardstick;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trial process killed by its parent (SIGINT or kill -9 of the run) never runs its own clean-up: RocksDB's unpacked
 * 15 MB library and the yardstick's scratch file stayed in /tmp. The JVM trial processes now write into the run's own
 * directory, and a run deletes what dead runs left.
 */
class TrialTmpTest {
    @TempDir
    Path tmp;

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    @Test
    void aRunDeletesWhatDeadRunsLeftAndNothingElse() throws Exception {
        long dead = deadPid();
        Path work = tmp.resolve("trial-work");
        Path deadRun = Files.createDirectories(work.resolve(TrialTmp.DIR).resolve(Long.toString(dead)));
        Files.write(deadRun.resolve("librocksdbjni123.so"), new byte[16]);
        Path liveRun = Files.createDirectories(work.resolve(TrialTmp.DIR).resolve(Long.toString(ProcessHandle.current()
                .parent().orElseThrow().pid())));
        Path notOurs = Files.createDirectories(work.resolve(TrialTmp.DIR).resolve("notes"));
        Path systemTmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path deadYard = systemTmp.resolve(Yardstick.FILE_PREFIX + dead + Yardstick.FILE_SUFFIX);
        Files.write(deadYard, new byte[16]);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        Path own = TrialTmp.prepare(work, new PrintStream(console, true, StandardCharsets.UTF_8));

        assertThat(deadRun).doesNotExist();
        assertThat(deadYard).doesNotExist();
        assertThat(liveRun).isDirectory();
        assertThat(notOurs).isDirectory();
        assertThat(own).isDirectory().hasFileName(Long.toString(ProcessHandle.current().pid()));
        // at least its own two: another run on this machine may have left a dead trial process' yardstick in /tmp too
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("deleted (\\d+) temporary files and folders that"
                + " killed runs' trial processes left").matcher(console.toString(StandardCharsets.UTF_8));
        assertThat(said.find()).as("the line that says what was deleted, in: %s", console).isTrue();
        assertThat(Integer.parseInt(said.group(1))).isGreaterThanOrEqualTo(2);
        TrialTmp.delete(own);
        assertThat(own).doesNotExist();
    }

    @Test
    void rocksDbsLibraryLiesInTheRunsOwnDirectoryAndGoesWithIt() throws Exception {
        Path own;
        try (Bench bench = Bench.start(SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"),
                java.util.Map.of("bench.engines", "rocksdb", "bench.stores", "3")),
                new PrintStream(java.io.OutputStream.nullOutputStream()), Bench.AfterRun.NOTHING)) {
            bench.trial(storebench.engine.RocksDbEngine.DESCRIPTOR, storebench.model.Setting.DEFAULT)
                    .measure(storebench.phase.Phases.CREATE);
            own = bench.workDir.resolve(TrialTmp.DIR).resolve(Long.toString(ProcessHandle.current().pid()));
            try (java.util.stream.Stream<Path> files = Files.list(own)) {
                assertThat(files.map(f -> f.getFileName().toString())).anyMatch(n -> n.startsWith("librocksdbjni"));
            }
        }
        assertThat(own).doesNotExist();
    }

    @Test
    void aJvmTrialProcessWritesItsTemporaryFilesIntoTheRunsDirectoryAndItsYardstickBesideTheSystemsOnes() {
        Path dir = tmp.resolve("42");
        TrialCommands commands = new TrialCommands("cp", tmp, "node").withTmp(dir);
        assertThat(commands.command(Engines.of("rocksdb"),
                        TrialJvm.measuring(TrialCommands.HEAP_MB + "m"), Optional.empty())).contains("-Djava.io.tmpdir=" + dir)
                .contains("-D" + Yardstick.SCRATCH_DIR + "=" + System.getProperty("java.io.tmpdir"));
    }
}
