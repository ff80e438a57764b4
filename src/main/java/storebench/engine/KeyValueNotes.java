package storebench.engine;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * How the key-value engines keep a note (docs/engines.md, "The engines"): the key is the note's id (1..W) as 8 bytes
 * big-endian, so the keys sort in id order; the value is ts as 8 bytes big-endian followed by the text's UTF-8 bytes.
 */
public final class KeyValueNotes {
    public static final int KEY_BYTES = Long.BYTES;

    private KeyValueNotes() {
    }

    public static byte[] key(long id) {
        return ByteBuffer.allocate(KEY_BYTES).putLong(id).array();
    }

    public static byte[] value(Note note) {
        byte[] text = note.text.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(Long.BYTES + text.length).putLong(note.ts).put(text).array();
    }

    public static Note note(byte[] key, byte[] value) {
        return note(ByteBuffer.wrap(key), ByteBuffer.wrap(value));
    }

    /** Read from the buffers' positions, which this leaves as they were. */
    public static Note note(ByteBuffer key, ByteBuffer value) {
        ByteBuffer v = value.duplicate();
        long ts = v.getLong();
        byte[] text = new byte[v.remaining()];
        v.get(text);
        Note note = new Note(new String(text, StandardCharsets.UTF_8), ts);
        note.id = key.duplicate().getLong();
        return note;
    }
}
