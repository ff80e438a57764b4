package storebench.engine;

import org.junit.jupiter.api.Test;
import storebench.model.Workload;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** The key-value engines' bytes: the key sorts like the id, the value is ts then the text, and both read back. */
class KeyValueNotesTest {
    @Test
    void keyIsTheIdAsEightBytesBigEndianAndValueIsTsThenTheUtf8Text() {
        Note note = new Note("note 3 of agent 7: é", Workload.ts(3));
        note.id = 4;

        assertThat(KeyValueNotes.key(4)).containsExactly(0, 0, 0, 0, 0, 0, 0, 4);
        byte[] value = KeyValueNotes.value(note);
        assertThat(Arrays.copyOf(value, 8)).containsExactly(0, 0, 0x01, (byte) 0xA1, 0x28, 0x42, 0x5C, 0x03);
        assertThat(value).hasSize(8 + "note 3 of agent 7: ".length() + 2);
        Note back = KeyValueNotes.note(KeyValueNotes.key(4), value);
        assertThat(back.id).isEqualTo(4);
        assertThat(back.ts).isEqualTo(note.ts);
        assertThat(back.text).isEqualTo(note.text);
    }

    @Test
    void keysSortInIdOrderAsUnsignedBytes() {
        assertThat(Arrays.compareUnsigned(KeyValueNotes.key(255), KeyValueNotes.key(256))).isNegative();
        assertThat(Arrays.compareUnsigned(KeyValueNotes.key(999), KeyValueNotes.key(1000))).isNegative();
    }
}
