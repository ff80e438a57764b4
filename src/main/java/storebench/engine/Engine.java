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

    /** For a phase that only reads: read-only under the tuned setting, as the vendor documents; else {@link #open}. */
    default OpenStore openForReading(Path dir) throws Exception {
        return open(dir);
    }

    /**
     * Why a kept store cannot be opened safely, found without opening it: a data file shorter than its header says,
     * which a mapping engine would read past and die of SIGBUS.
     */
    default java.util.Optional<String> damaged(Path dir) throws java.io.IOException {
        return java.util.Optional.empty();
    }

    /** Versions and settings that identify what was measured (engine version, binding, compile options). */
    Description describe() throws Exception;

    interface OpenStore extends AutoCloseable {
        /** Puts all notes in one transaction, commit included. */
        void putAll(Note[] notes) throws Exception;

        /**
         * Puts notes after the existing ones in one transaction, ids from {@code firstId}. An engine that assigns ids
         * itself assigns those same ones, so its putAll serves; one that keys notes by id is a {@link KeyedStore}.
         */
        default void append(long firstId, Note[] notes) throws Exception {
            putAll(notes);
        }

        /** The traffic phase's write: one statement or put in a transaction of its own, not {@link #putAll}'s path. */
        default void write(long id, Note note) throws Exception {
            append(id, new Note[] {note});
        }

        /** The number of notes (the count query). */
        long count() throws Exception;

        /** Every note, in id order, as Java values (id, text, ts), in a RandomAccess list (the read check walks it by index). */
        List<Note> readAll() throws Exception;

        /** How this store lies on disk, as the engine can tell; never called inside a timed region. */
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
