package storebench.run;

import storebench.measure.Yardstick;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JVM trial processes' java.io.tmpdir, one per run, where RocksDB unpacks its 15 MB native library. A killed trial
 * process never runs deleteOnExit, so the run deletes it, and deletes what runs no longer alive left.
 */
final class TrialTmp {
    static final String DIR = "tmp";

    private TrialTmp() {
    }

    /** This run's directory under {@code workDir}, made; the leftovers of dead runs deleted first, said in one line. */
    static Path prepare(Path workDir, PrintStream console) throws IOException {
        Path parent = Files.createDirectories(workDir.resolve(DIR));
        int removed = 0;
        try (Stream<Path> dirs = Files.list(parent)) {
            for (Path d : dirs.toList()) {
                if (pid(d.getFileName().toString()).filter(TrialTmp::dead).isPresent()) {
                    delete(d);
                    removed++;
                }
            }
        }
        Path systemTmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> files = Files.list(systemTmp)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith(Yardstick.FILE_PREFIX) && name.endsWith(Yardstick.FILE_SUFFIX)
                        && pid(name.substring(Yardstick.FILE_PREFIX.length(), name.length()
                        - Yardstick.FILE_SUFFIX.length())).filter(TrialTmp::dead).isPresent()) {
                    Files.deleteIfExists(f);
                    removed++;
                }
            }
        } catch (IOException e) {
            // the system's temporary directory may not be listable: its leftovers stay, this run is not stopped
        }
        if (removed > 0) {
            console.println("[storebench] deleted " + removed + " temporary files and folders that killed runs' trial"
                    + " processes left (under " + parent + " and " + systemTmp + ")");
        }
        return Files.createDirectories(parent.resolve(Long.toString(ProcessHandle.current().pid())));
    }

    /** Its trial processes have ended. */
    static void delete(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            OutputFolder.deleteTree(dir);
        }
    }

    private static Optional<Long> pid(String text) {
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return Optional.empty(); // not named by a process id: not ours to delete
        }
    }

    private static boolean dead(long pid) {
        return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }
}
