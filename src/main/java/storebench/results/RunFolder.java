package storebench.results;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** A run folder as storebench's own: storebench writes into, moves or deletes only folders with its marker. */
public final class RunFolder {
    public static final String MARKER = ".storebench-out";

    private RunFolder() {
    }

    /** Whether storebench wrote the folder: a real folder (not a link) with the marker. */
    public static boolean ours(Path dir) {
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                && Files.isRegularFile(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether there is nothing in the folder to lose: absent, or a real folder holding only the marker. */
    public static boolean absentOrEmpty(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.allMatch(p -> p.getFileName().toString().equals(MARKER));
        }
    }

    /** A path-only file system error in words, with the path ("permission denied on X"). */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied on " + a.getFile();
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is in the way (a file, not a folder)";
        }
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).getParent();
            // a file system that makes no new files (/proc) answers ENOENT for the file about to be made, in a folder
            // that does exist: what is wrong is that folder, which cannot be written
            return parent != null && Files.isDirectory(parent) && !Files.exists(Path.of(n.getFile()))
                    ? parent + " is not writable (" + n.getFile() + " cannot be created in it)"
                    : n.getFile() + " does not exist";
        }
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : e.getClass().getSimpleName());
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /**
     * Refuses a folder a tool would write into unless absent, empty (but the marker) or marked ({@link #ours}); someone
     * else's files are left as they are.
     *
     * @param what what names the folder in the message ("output folder " + dir + " (OUT_DIR)")
     * @throws IOException naming the folder, what is in it and what to give instead
     */
    public static void requireOurs(Path dir, String what) throws IOException {
        if (absentOrEmpty(dir) || ours(dir)) {
            return;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(what + " is " + (Files.isSymbolicLink(dir) ? "a symbolic link" : "a file")
                    + ", not a folder: give a folder that is absent, empty, or one storebench wrote (it carries the"
                    + " marker " + MARKER + ")");
        }
        String files;
        try (Stream<Path> entries = Files.list(dir)) {
            List<String> names = entries.map(p -> p.getFileName().toString()).sorted().toList();
            files = String.join(", ", names.subList(0, Math.min(3, names.size())))
                    + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
        }
        throw new IOException(what + " holds files storebench did not write (" + files + ") and no marker "
                + MARKER + ": storebench writes only into a folder of its own and overwrites nothing of anyone"
                + " else's; give a folder that is absent, empty, or one storebench wrote");
    }

    /** Writes the marker into a folder storebench has just made or taken. */
    public static void mark(Path dir) throws IOException {
        Path marker = dir.resolve(MARKER);
        if (!Files.exists(marker, LinkOption.NOFOLLOW_LINKS)) {
            Files.writeString(marker, "This folder was written by storebench: a run's output folder (bench.out) or"
                    + " a merged run. storebench moves it aside or deletes it only because of this file.\n");
        }
    }
}
