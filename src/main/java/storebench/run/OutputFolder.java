package storebench.run;

import storebench.results.RunFolder;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The run's output folder (bench.out) and the two folders beside it where the run before is kept: each run writes a
 * fresh folder with RunFolder's marker and moves the one before aside, a complete run to .previous, an incomplete one to
 * .incomplete, so failed runs never push the last complete run out. It moves, replaces or deletes only folders
 * storebench wrote (the marker): a folder of someone else's in any of the three places stops
 * the run before it touches anything, naming the folder and what to do.
 */
final class OutputFolder {
    private OutputFolder() {
    }

    /** What a fresh start does with what is there: the folder before and where it goes, if anything is there. */
    record Plan(Path dir, Optional<Path> aside, Optional<String> incomplete) {
    }

    /** Where the last complete run before the current one is kept. */
    static Path previous(Path dir) {
        return dir.resolveSibling(dir.getFileName() + ".previous");
    }

    /** Where the last incomplete run is kept. */
    static Path incomplete(Path dir) {
        return dir.resolveSibling(dir.getFileName() + ".incomplete");
    }

    /**
     * Checks that the run may take the folder, and where the folder there now would go; reads only. An absent or
     * empty folder is taken as it is.
     *
     * @throws IOException naming the folder that is not storebench's and what to do
     */
    static Plan plan(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            throw new IOException("output folder " + dir + " is a symbolic link; give the real folder as -Dbench.out"
                    + " (storebench moves the folder aside at each run and follows no link)");
        }
        if (RunFolder.absentOrEmpty(dir)) {
            return new Plan(dir, Optional.empty(), Optional.empty());
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("output folder " + dir + " exists and is not a folder; choose another -Dbench.out");
        }
        if (!RunFolder.ours(dir)) {
            throw new IOException("output folder " + dir + " is not empty and is not a storebench output (it has no"
                    + " marker file " + RunFolder.MARKER + "), so"
                    + " storebench did not write it and will not move or delete it; choose an empty or new folder as"
                    + " -Dbench.out, or move " + dir + " elsewhere yourself");
        }
        Optional<String> incomplete;
        try {
            incomplete = RunResults.load(dir).incomplete();
        } catch (IOException e) {
            incomplete = Optional.of(e.getMessage().lines().findFirst().orElse("unreadable"));
        }
        Path aside = incomplete.isEmpty() ? previous(dir) : incomplete(dir);
        if (Files.isSymbolicLink(aside) || Files.exists(aside) && !RunFolder.absentOrEmpty(aside)
                && !RunFolder.ours(aside)) {
            throw new IOException(aside + " is not a storebench output (it has no marker file " + RunFolder.MARKER
                    + "), and this run would replace it with the last"
                    + (incomplete.isEmpty() ? " complete" : " incomplete") + " run from " + dir + "; storebench will"
                    + " not replace or delete a folder it did not write: move " + aside + " elsewhere yourself, or"
                    + " choose another -Dbench.out");
        }
        return new Plan(dir, Optional.of(aside), incomplete);
    }

    /** A file system error on the output folder, said with the option that chose it and what to do. */
    static IOException unwritable(Path dir, FileSystemException e) {
        return new IOException("output folder " + dir + " cannot be written (" + RunFolder.reason(e) + "): give"
                + " -Dbench.out a folder this run can create and write, with its parent", e);
    }

    /** Takes the folder for a new run: moves the one there aside as {@link #plan} says, then makes it fresh, marked. */
    static Path fresh(Path dir, PrintStream console) throws IOException {
        try {
            return take(dir, console);
        } catch (FileSystemException e) {
            throw unwritable(dir, e);
        }
    }

    private static Path take(Path dir, PrintStream console) throws IOException {
        Plan plan = plan(dir);
        if (plan.aside().isPresent()) {
            Path aside = plan.aside().get();
            if (Files.exists(aside, LinkOption.NOFOLLOW_LINKS)) {
                deleteTree(aside);
            }
            Files.move(dir, aside);
            if (plan.incomplete().isEmpty()) {
                console.println("[storebench] the last run (complete) is kept in " + aside);
            } else {
                console.println("[storebench] the last run was incomplete (" + plan.incomplete().get() + "): moved to "
                        + aside + (Files.isDirectory(previous(dir)) ? "; the last complete run is in " + previous(dir)
                        : ""));
            }
        }
        Files.createDirectories(dir);
        RunFolder.mark(dir);
        return dir;
    }

    /** Deletes a folder storebench wrote (checked by {@link #plan}); a link in it goes, never what it points to. */
    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
