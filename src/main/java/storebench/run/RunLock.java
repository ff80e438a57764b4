package storebench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;

/**
 * A run's lock on what it must not share (its bench root, its output folder): an OS file lock, so a run that dies
 * leaves no stale lock. The file names its holder, so a second run can say who is in the way.
 */
public record RunLock(Path file, FileChannel channel, FileLock lock) implements AutoCloseable {
    /**
     * Waits up to {@code wait} for another run to let go of the lock.
     *
     * @param what names what the lock protects, for the message ("bench root /data/bench")
     */
    public static RunLock acquire(Path file, String what, Duration wait, PrintStream console) throws IOException {
        Files.createDirectories(file.getParent());
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        long deadline = System.nanoTime() + wait.toNanos();
        boolean told = false;
        try {
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    RunLock held = new RunLock(file, channel, lock);
                    held.writeHolder();
                    return held;
                }
                if (System.nanoTime() >= deadline) {
                    throw new IOException(what + " is in use by another run (" + holder(file) + "). Two runs on one "
                            + "bench root or output folder would delete each other's stores and results. Give this run"
                            + " its own with -Dbench.root=DIR and -Dbench.out=DIR, or wait for the other with"
                            + " -Dbench.lockWait=10m (now " + wait.toSeconds() + " s). The lock is " + file + "; the"
                            + " operating system releases it when that run ends, however it ends.");
                }
                if (!told) {
                    console.println("[storebench] " + what + " is in use by another run (" + holder(file)
                            + "); waiting up to " + wait.toSeconds() + " s (bench.lockWait)");
                    told = true;
                }
                Thread.sleep(Math.min(500, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        } catch (InterruptedException e) {
            channel.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + what);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // held by another run in this very JVM
        }
    }

    /** Who holds a lock file, as the holder wrote it; read without locking, so at worst a moment out of date. */
    static String holder(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            return text.isEmpty() ? "its holder has not written its name yet" : text.replace("\n", ", ");
        } catch (IOException e) {
            return "holder unknown: " + e.getMessage();
        }
    }

    private void writeHolder() throws IOException {
        ProcessHandle self = ProcessHandle.current();
        String command = command(self);
        String text = "pid " + self.pid() + "\nstarted " + Instant.now() + "\ncommand " + (command.length() <= 400
                ? command : command.substring(0, 400) + " …") + "\n";
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(false);
    }

    /** The command a person typed: the Maven command among this JVM's ancestors, else its own command line. */
    static String command(ProcessHandle self) {
        java.util.Optional<ProcessHandle> p = java.util.Optional.of(self);
        for (int k = 0; k < 6 && p.isPresent(); k++, p = p.get().parent()) {
            String line = p.get().info().commandLine().orElse("");
            int launcher = line.indexOf(MAVEN_LAUNCHER);
            if (launcher >= 0) {
                return "mvn" + line.substring(launcher + MAVEN_LAUNCHER.length());
            }
        }
        return self.info().commandLine().orElse("java " + System.getProperty("sun.java.command", "?"));
    }

    private static final String MAVEN_LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher";

    /** The file stays: removing it could race a waiting run. */
    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
