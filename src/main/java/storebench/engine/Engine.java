package storebench.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * The whole contract of a JVM engine: a handful of operations on one store, no timing. The trial process
 * times every call in one place ({@link storebench.trial.child.PhaseLoops}), so an engine cannot time itself wrongly.
 */
public interface Engine {

    /** Creates a new store in the existing, empty directory {@code dir} and commits its schema. */
    OpenStore create(Path dir) throws Exception;

    /** Opens an existing store. */
    OpenStore open(Path dir) throws Exception;

    /**
     * Opens an existing store for a phase that only reads it (counts or reads its notes, then closes it): an engine
     * made for the tuned setting opens it read-only, as its vendor documents; otherwise the same as {@link #open}.
     */
    default OpenStore openForReading(Path dir) throws Exception {
        return open(dir);
    }

    /**
     * Why an existing store cannot be opened safely, found without opening it (a data file shorter than its own header
     * says, which a mapping engine would read past, and the process die of SIGBUS); empty where nothing is known wrong.
     * The reuse check asks it before it opens a kept store.
     */
    default java.util.Optional<String> damaged(Path dir) throws java.io.IOException {
        return java.util.Optional.empty();
    }

    /** Versions and settings that identify what was measured (engine version, binding, compile options). */
    Description describe() throws Exception;

    /** One open store. */
    interface OpenStore extends AutoCloseable {
        /** Puts all notes in one transaction, commit included. */
        void putAll(Note[] notes) throws Exception;

        /**
         * Puts notes after the store's existing ones in one transaction of their own, commit included: they get the ids
         * {@code firstId}, {@code firstId + 1}, ... (a store of n notes: n + 1). An engine that assigns ids itself (a
         * SQL rowid, ObjectBox) assigns those same ones, and its putAll serves; one that keys its notes by their ids
         * (the key-value engines, DuckDB's bound ids) is a {@link KeyedStore}.
         */
        default void append(long firstId, Note[] notes) throws Exception {
            putAll(notes);
        }

        /**
         * Writes one note after the store's existing ones, with the id {@code id}, as a careful user of the engine
         * writes one row: one statement (or put) in a transaction of its own, commit included, not the bulk path of
         * {@link #putAll}. The traffic phase's write.
         */
        default void write(long id, Note note) throws Exception {
            append(id, new Note[] {note});
        }

        /** The number of notes (the count query). */
        long count() throws Exception;

        /** Every note, in id order, as Java values (id, text, ts), in a RandomAccess list (the read check walks it by index). */
        List<Note> readAll() throws Exception;

        /**
         * How this store lies on disk, as the engine itself can tell (a SQL engine: its pages and the storage class of
         * ts); empty where it cannot. Never called inside a timed region.
         */
        default java.util.Optional<Record> layout() throws Exception {
            return java.util.Optional.empty();
        }

        @Override
        void close() throws Exception;
    }

    /** A store that keys its notes by their ids: its putAll is an append from id 1. */
    interface KeyedStore extends OpenStore {
        @Override
        default void putAll(Note[] notes) throws Exception {
            append(1, notes);
        }

        @Override
        void append(long firstId, Note[] notes) throws Exception;
    }
}
