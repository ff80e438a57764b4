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
 * The run's output folder: the one before moves aside, a complete run to .previous, an incomplete one to .incomplete,
 * so failed runs never push the last complete run out. Only folders with storebench's marker are moved or deleted.
 */
final class OutputFolder {
    private OutputFolder() {
    }

    /** What a fresh start does with the folder there. */
    record Plan(Path dir, Optional<Path> aside, Optional<String> incomplete) {
    }

    /** Where the last complete run before the current one is kept. */
    static Path previous(Path dir) {
        return dir.resolveSibling(dir.getFileName() + ".previous");
    }

    /**
     * Checks that the run may take the folder, and where the one there would go; reads only.
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
        Path aside = incomplete.isEmpty() ? previous(dir) : dir.resolveSibling(dir.getFileName() + ".incomplete");
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

    /** Said with the option that chose the folder and what to do. */
    static IOException unwritable(Path dir, FileSystemException e) {
        return new IOException("output folder " + dir + " cannot be written (" + RunFolder.reason(e) + "): give"
                + " -Dbench.out a folder this run can create and write, with its parent", e);
    }

    /** Moves the folder there aside as {@link #plan} says, then makes it fresh, marked. */
    static Path fresh(Path dir, PrintStream console) throws IOException {
        try {
            Plan plan = plan(dir);
            if (plan.aside().isPresent()) {
                Path aside = plan.aside().get();
                if (Files.exists(aside, LinkOption.NOFOLLOW_LINKS)) {
                    deleteTree(aside);
                }
                Files.move(dir, aside);
                console.println(plan.incomplete().isEmpty() ? "[storebench] the last run (complete) is kept in " + aside
                        : "[storebench] the last run was incomplete (" + plan.incomplete().get() + "): moved to "
                        + aside + (Files.isDirectory(previous(dir)) ? "; the last complete run is in " + previous(dir)
                        : ""));
            }
            Files.createDirectories(dir);
            RunFolder.mark(dir);
            return dir;
        } catch (FileSystemException e) {
            throw unwritable(dir, e);
        }
    }

    /** Deletes a folder storebench wrote (checked by {@link #plan}); a link in it goes, never what it points to. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
